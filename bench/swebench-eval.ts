/**
 * @module bench/swebench-eval
 * File localisation on SWE-bench Lite and on the multi-language commit set:
 * for each instance, check out its base
 * commit in the repository's clone, bring the clone's index up to date
 * (incrementally), run `locate` with the issue text, and find the gold file's
 * rank (any gold file and all gold files, as the published tables count),
 * and the rank of the gold functions among locate's (file, symbol) entries.
 * The search_code baseline runs on the same index: the first 50
 * words, two pages of 20, files in the order returned.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EVAL_SWEBENCH } from './eval-settings.js';
import { normalizeLocateParams, type LocateResponse } from '../src/contracts/locate.js';
import { normalizeSearchCodeParams } from '../src/contracts/search-code-params.js';
import { indexFolder } from '../src/ingest/indexer.js';
import { getEncoding } from 'js-tiktoken';
import { locate, type LocateTrace } from '../src/locate/locate.js';
import type { SymbolCandidate } from '../src/locate/symbol-rank.js';
import { renderLocateText } from '../src/shape/locate-text.js';
import { searchCode } from '../src/search/engine.js';
import { SqliteReader } from '../src/store/sqlite-reader.js';
import { SqliteIndex } from '../src/store/sqlite-index.js';
import { defaultIndexPath } from '../src/store/sqlite-store.js';
import { entityRanks, goldEntities, rankedEntries, coverRanks, type GoldEntity } from './gold-functions.js';
import { patchedLines } from './patch-lines.js';
import { documentRank } from './ranking-metrics.js';
import type { LocalisationInstance } from './swebench-data.js';
import { checkout, cloneDir, hasCommit, isClone } from './swebench-repos.js';

export interface InstanceOutcome {
  id: string;
  repo: string;
  gold: string;
  /** Rank of the first gold file in locate's answer (null: none in it). */
  rank: number | null;
  /** Rank at which locate's answer holds every gold file (null: not all in it). */
  rankAll: number | null;
  /** Gold functions, methods and classes (a module-level edit counts as its file). */
  goldFunctions: number;
  /** Rank among locate's (file, symbol) entries of the first gold function, and of the last one reached. */
  functionRank: number | null;
  functionRankAll: number | null;
  seconds: number;
  baselineRank: number | null;
  baselineSeconds: number;
  indexSeconds: number;
  /** CPU seconds of that pass, all threads (a loaded machine stretches the wall time, much less this). */
  indexCpuSeconds: number;
  /** Whether the pass updated an index of an earlier commit (a commit switch), not a first build. */
  indexUpdate: boolean;
  /** Wall seconds of the first `quarry locate` in a new process after that pass (dist/cli/main.js); null without a build. */
  firstLocateSeconds: number | null;
  /** o200k tokens of locate's top 10 as a model reads them (the MCP text content). */
  tokensTop10: number;
  /** locate's files, for --dump. */
  located?: LocateResponse['files'];
  /** For --dump: the gold entities, and each scored file's symbol candidates with their evidence (study symbol choice offline). */
  golds?: GoldEntity[];
  symbolCandidates?: Record<string, SymbolCandidate[]>;
  chunkHints?: Record<string, { name: string; line: number }[]>;
  /** For --dump: each ranked file's evidence before weighting, so other weights can be replayed offline. */
  features?: Record<string, Record<string, number>>;
}

export interface Skipped {
  repo: string;
  instances: number;
  reason: string;
}

export interface EvalOptions {
  reposDir: string;
  baseline: boolean;
  keepFiles: boolean;
  onInstance?: (outcome: InstanceOutcome, done: number, total: number) => void;
}

const runFile = promisify(execFile);

/** o200k: the tokenizer of the models that read these answers. */
const o200k = getEncoding('o200k_base');

/** What a model reads of the answer cut to its default page of 10 files. */
function tokensOfTop10(response: LocateResponse): number {
  const files = response.files.slice(0, 10);
  return o200k.encode(renderLocateText({ ...response, files, count: files.length })).length;
}

/** The first words, as an agent would paste them into search_code. */
export function baselineQuery(problem: string): string {
  return problem.split(/\s+/).filter((w) => w !== '').slice(0, EVAL_SWEBENCH.baselineWords).join(' ');
}

/** The entities the gold patch edits, read from the base commit's index. */
async function goldEntitiesOf(store: SqliteIndex, patch: string): Promise<GoldEntity[]> {
  const entities: GoldEntity[] = [];
  for (const patched of patchedLines(patch)) {
    const outline = await store.read((reader) => reader.fileOutline(patched.file));
    entities.push(...goldEntities(patched, outline));
  }
  return entities;
}

async function runBaseline(store: SqliteIndex, problem: string): Promise<string[]> {
  const reader = new SqliteReader(store.sqlite);
  const params = normalizeSearchCodeParams({ query: baselineQuery(problem), max_results: EVAL_SWEBENCH.baselinePageSize, detail_level: 'ultra' });
  const files: string[] = [];
  for (let page = 0; page < EVAL_SWEBENCH.baselinePages; page++) {
    const response = await searchCode(reader, params, { offset: page * EVAL_SWEBENCH.baselinePageSize, limit: EVAL_SWEBENCH.baselinePageSize });
    files.push(...response.items.map((item) => item.file));
    if (!response.has_more) break;
  }
  return files;
}

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

/**
 * The first `quarry locate` after an index pass, as an agent that shells out to it pays it: a new
 * process of the built CLI (start, opening the index, reading its file and chunk maps, the answer).
 * Null when the CLI is not built.
 */
async function timeFirstLocate(root: string, problem: string): Promise<number | null> {
  if (!fs.existsSync(CLI)) return null;
  const textFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-eval-')), 'issue.txt');
  fs.writeFileSync(textFile, problem);
  try {
    const started = performance.now();
    await runFile(process.execPath, [CLI, 'locate', '--root', root, '--file', textFile, '--json', '-n', String(EVAL_SWEBENCH.locateFiles)], { maxBuffer: 16 * 1024 * 1024 });
    return (performance.now() - started) / 1000;
  } finally {
    fs.rmSync(path.dirname(textFile), { recursive: true, force: true });
  }
}

/** Repositories first as listed, instances of one repository by date, so each checkout moves forward a little. */
function ordered(instances: readonly LocalisationInstance[]): LocalisationInstance[] {
  const repoOrder = [...new Set(instances.map((i) => i.repo))];
  return [...instances].sort((a, b) => repoOrder.indexOf(a.repo) - repoOrder.indexOf(b.repo) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Splits off the instances whose clone is missing or lacks their base commit (reported, never scored). */
export async function usableInstances(instances: readonly LocalisationInstance[], reposDir: string): Promise<{ usable: LocalisationInstance[]; skipped: Skipped[] }> {
  const usable: LocalisationInstance[] = [];
  const skipped = new Map<string, Skipped>();
  const skip = (repo: string, reason: string) => {
    const entry = skipped.get(`${repo}\n${reason}`) ?? { repo, instances: 0, reason };
    entry.instances++;
    skipped.set(`${repo}\n${reason}`, entry);
  };
  for (const instance of instances) {
    const dir = cloneDir(reposDir, instance.repo);
    if (!isClone(dir)) skip(instance.repo, `no git clone at ${dir}`);
    else if (!(await hasCommit(dir, instance.baseCommit))) skip(instance.repo, `base commits missing from ${dir}`);
    else usable.push(instance);
  }
  return { usable, skipped: [...skipped.values()] };
}

export async function evaluateInstances(instances: readonly LocalisationInstance[], options: EvalOptions): Promise<InstanceOutcome[]> {
  const outcomes: InstanceOutcome[] = [];
  const list = ordered(instances);
  for (const instance of list) {
    const root = cloneDir(options.reposDir, instance.repo);
    await checkout(root, instance.baseCommit);
    const indexUpdate = fs.existsSync(defaultIndexPath(root));
    const indexStarted = performance.now();
    const summary = await indexFolder({ root, indexPath: defaultIndexPath(root), repository: path.basename(root) });
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const firstLocateSeconds = await timeFirstLocate(root, instance.problem);
    const store = SqliteIndex.open(summary.index, { readonly: true });
    try {
      const started = performance.now();
      const params = normalizeLocateParams({ text: instance.problem, max_results: EVAL_SWEBENCH.locateFiles });
      // A dump keeps more candidates than a caller can ask for, so weights can be studied offline.
      const trace: LocateTrace | undefined = options.keepFiles ? { candidates: new Map(), chunkHints: new Map(), features: new Map() } : undefined;
      const response = await locate(store, options.keepFiles ? { ...params, maxResults: EVAL_SWEBENCH.dumpFiles } : params, trace);
      const seconds = (performance.now() - started) / 1000;
      let baselineRank: number | null = null;
      let baselineSeconds = 0;
      if (options.baseline) {
        const baselineStarted = performance.now();
        baselineRank = documentRank(await runBaseline(store, instance.problem), instance.gold);
        baselineSeconds = (performance.now() - baselineStarted) / 1000;
      }
      const located = response.files.map((f) => f.file);
      const fileRanks = coverRanks(instance.goldFiles.map((gold) => documentRank(located, gold)));
      const golds = await goldEntitiesOf(store, instance.patch);
      const functionRanks = entityRanks(rankedEntries(response.files), golds);
      const outcome: InstanceOutcome = {
        id: instance.id, repo: instance.repo, gold: instance.gold,
        rank: fileRanks.any, rankAll: fileRanks.all, goldFunctions: golds.length,
        functionRank: functionRanks.any, functionRankAll: functionRanks.all, seconds,
        baselineRank, baselineSeconds, indexSeconds, indexCpuSeconds: summary.cpu_ms / 1000, indexUpdate, firstLocateSeconds, tokensTop10: tokensOfTop10(response),
        ...(trace ? {
          located: response.files, golds,
          symbolCandidates: Object.fromEntries([...trace.candidates].map(([file, list]) => [file, list.slice(0, EVAL_SWEBENCH.dumpSymbols)])),
          chunkHints: Object.fromEntries(trace.chunkHints),
          features: Object.fromEntries(trace.features!),
        } : {}),
      };
      outcomes.push(outcome);
      options.onInstance?.(outcome, outcomes.length, list.length);
    } finally {
      await store.close();
    }
  }
  return outcomes;
}
