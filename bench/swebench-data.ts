/**
 * @module bench/swebench-data
 * Loads the SWE-bench Lite instances (JSON list, read in place) and checks
 * them before anything is scored: each has a repository, a 40-hex base
 * commit, a problem statement and a gold patch that edits at least one file
 * (the relevant files of file localisation; every SWE-bench Lite patch edits
 * one). The patch is kept for function-level scoring.
 */
import { catalogueError } from '../src/contracts/errors.js';
import { readJsonList } from './json-list.js';

/** One localisation query: a text, the commit to index, the files (and patch) it should lead to. */
export interface LocalisationInstance {
  id: string;
  /** `owner/name` as GitHub spells it. */
  repo: string;
  baseCommit: string;
  problem: string;
  /** The first file the gold patch edits. */
  gold: string;
  /** Every file the gold patch edits, in patch order. */
  goldFiles: string[];
  /** The gold patch (a unified diff against the base commit). */
  patch: string;
  createdAt: string;
}

/** A SWE-bench Lite instance: the issue text, its base commit and gold patch. */
export type SwebenchInstance = LocalisationInstance;

interface RawInstance {
  instance_id?: unknown;
  repo?: unknown;
  base_commit?: unknown;
  problem_statement?: unknown;
  patch?: unknown;
  created_at?: unknown;
}

const COMMIT = /^[0-9a-f]{40}$/;
const PATCHED_FILE = /^diff --git a\/(\S+) b\//gm;

function invalid(file: string, reason: string): Error {
  return catalogueError('INVALID_ARGUMENT', { key: 'eval.swebench_data_invalid', params: { file, reason } });
}

/** The files a unified diff edits, in order. */
export function patchedFiles(patch: string): string[] {
  return [...patch.matchAll(PATCHED_FILE)].map((m) => m[1]!);
}

export function loadSwebench(file: string): SwebenchInstance[] {
  const raw = readJsonList(file, () => catalogueError('NOT_FOUND', { key: 'eval.swebench_data_missing', params: { file } }), (reason) => invalid(file, reason));
  const seen = new Set<string>();
  return (raw as RawInstance[]).map((x, i) => {
    const where = `instance ${i}`;
    if (typeof x.instance_id !== 'string' || seen.has(x.instance_id)) throw invalid(file, `${where}: missing or repeated instance_id`);
    seen.add(x.instance_id);
    if (typeof x.repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(x.repo)) throw invalid(file, `${x.instance_id}: repo is not owner/name`);
    if (typeof x.base_commit !== 'string' || !COMMIT.test(x.base_commit)) throw invalid(file, `${x.instance_id}: base_commit is not a 40-hex commit`);
    if (typeof x.problem_statement !== 'string' || x.problem_statement.trim() === '') throw invalid(file, `${x.instance_id}: empty problem_statement`);
    const files = typeof x.patch === 'string' ? patchedFiles(x.patch) : [];
    if (files.length === 0) throw invalid(file, `${x.instance_id}: the gold patch edits no file`);
    return {
      id: x.instance_id, repo: x.repo, baseCommit: x.base_commit, problem: x.problem_statement, gold: files[0]!, goldFiles: files, patch: x.patch as string,
      createdAt: typeof x.created_at === 'string' ? x.created_at : '',
    };
  });
}
