/**
 * @module bench/commit-set-data
 * The multi-language commit set: loads its instance list (JSON, checked
 * before anything is scored), cuts it into a dev half and a held half by the
 * sha256 of each instance id within each repository (as the SWE-bench dev
 * half was cut), and turns an instance into what the localisation eval
 * scores: the message as the query, the parent as the base commit, and the
 * commit's diff of its gold files (read from the clone) for function-level
 * scoring.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { catalogueError } from '../src/contracts/errors.js';
import { readJsonList } from './json-list.js';
import type { CommitSetLanguage } from './commit-set-settings.js';
import type { LocalisationInstance } from './swebench-data.js';

const run = promisify(execFile);

export interface CommitInstance {
  /** `owner__name-<12 hex of the commit>`. */
  id: string;
  repo: string;
  language: CommitSetLanguage;
  commit: string;
  parent: string;
  /** The commit's author date (ISO 8601). */
  date: string;
  /** The commit message without trailers: the query. */
  message: string;
  /** Non-test source files the commit modifies (they exist at the parent). */
  goldFiles: string[];
}

export const COMMIT_SPLITS = ['dev', 'held', 'all'] as const;
export type CommitSplit = (typeof COMMIT_SPLITS)[number];

const COMMIT = /^[0-9a-f]{40}$/;
const LANGUAGES: readonly string[] = ['go', 'rust', 'typescript', 'java', 'c'];

function invalid(file: string, reason: string): Error {
  return catalogueError('INVALID_ARGUMENT', { key: 'eval.commits_data_invalid', params: { file, reason } });
}

export function loadCommitSet(file: string): CommitInstance[] {
  const raw = readJsonList(file, () => catalogueError('NOT_FOUND', { key: 'eval.commits_data_missing', params: { file } }), (reason) => invalid(file, reason));
  const seen = new Set<string>();
  return (raw as Partial<CommitInstance>[]).map((x, i) => {
    const id = typeof x.id === 'string' ? x.id : '';
    if (id === '' || seen.has(id)) throw invalid(file, `instance ${i}: missing or repeated id`);
    seen.add(id);
    if (typeof x.repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(x.repo)) throw invalid(file, `${id}: repo is not owner/name`);
    if (typeof x.language !== 'string' || !LANGUAGES.includes(x.language)) throw invalid(file, `${id}: unknown language`);
    if (typeof x.commit !== 'string' || !COMMIT.test(x.commit) || typeof x.parent !== 'string' || !COMMIT.test(x.parent)) throw invalid(file, `${id}: commit and parent must be 40-hex commits`);
    if (typeof x.message !== 'string' || x.message.trim() === '') throw invalid(file, `${id}: empty message`);
    if (!Array.isArray(x.goldFiles) || x.goldFiles.length === 0 || !x.goldFiles.every((f) => typeof f === 'string' && f !== '')) throw invalid(file, `${id}: no gold file`);
    return { id, repo: x.repo, language: x.language, commit: x.commit, parent: x.parent, date: typeof x.date === 'string' ? x.date : '', message: x.message, goldFiles: x.goldFiles };
  });
}

const idHash = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * The dev half: within each repository, the instances whose id hashes
 * lowest (sha256, hex order), half of them rounded up; the held half is the
 * rest. Stable under reordering of the list.
 */
export function splitCommitSet<T extends { id: string; repo: string }>(instances: readonly T[], split: CommitSplit): T[] {
  if (split === 'all') return [...instances];
  const dev = new Set<string>();
  for (const repo of new Set(instances.map((x) => x.repo))) {
    const ids = instances.filter((x) => x.repo === repo).map((x) => x.id).sort((a, b) => idHash(a).localeCompare(idHash(b)));
    for (const id of ids.slice(0, Math.ceil(ids.length / 2))) dev.add(id);
  }
  return instances.filter((x) => dev.has(x.id) === (split === 'dev'));
}

/** The instance as the localisation eval scores it: the message as the query, the parent as the base commit; the patch is filled in by commitPatch. */
export function toLocalisationInstance(instance: CommitInstance): LocalisationInstance {
  return {
    id: instance.id, repo: instance.repo, baseCommit: instance.parent, problem: instance.message,
    gold: instance.goldFiles[0]!, goldFiles: instance.goldFiles, patch: '', createdAt: instance.date,
  };
}

/** The commit's diff of its gold files against its parent, read from the clone (for function-level scoring). */
export async function commitPatch(instance: CommitInstance, cloneDir: string): Promise<string> {
  const { stdout } = await run('git', ['-C', cloneDir, 'diff', '--no-renames', '--no-ext-diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/', instance.parent, instance.commit, '--', ...instance.goldFiles], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
