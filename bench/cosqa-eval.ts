/**
 * @module bench/cosqa-eval
 * Scores search_code's ranking on CoSQA: the corpus is written to a temp
 * folder (one file per function, removed afterwards, never inside the
 * project), indexed with the real indexer, and every query runs through the
 * engine in auto mode with a window covering the whole index, so the rank of
 * the gold function is known however far down it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEARCH_CODE } from '../src/contracts/limits.js';
import { normalizeSearchCodeParams } from '../src/contracts/search-code-params.js';
import { indexFolder, type IndexSummary } from '../src/ingest/indexer.js';
import { searchCode } from '../src/search/engine.js';
import { SqliteReader } from '../src/store/sqlite-reader.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import type { CosqaQuery } from './cosqa-data.js';
import { documentRank, summarizeRanks, type RankingSummary } from './ranking-metrics.js';

/**
 * The file a corpus function is written to: its id in letters (0 -> qza.py,
 * 27 -> qzbb.py). No digits or words: names are split into words for the index, and a
 * number from a file name must not match the numbers in queries.
 */
export function corpusFileName(id: number): string {
  let letters = '';
  let n = id;
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `qz${letters}.py`;
}

export interface QueryOutcome {
  id: string;
  rank: number | null;
  ms: number;
}

export interface SplitResult extends RankingSummary {
  /** Query latency through the engine, whole window shaped (what ranking every hit costs). */
  msP50: number;
  msP95: number;
  msTotal: number;
  /** Latency of the first page an agent gets (search_code's default max_results). */
  pageMsP50: number;
  pageMsP95: number;
  outcomes: QueryOutcome[];
}

export interface CorpusIndex {
  store: SqliteStore;
  summary: IndexSummary;
  /** Removes the temp folder and closes the index. */
  dispose(): void;
}

/** Writes the corpus into a fresh temp folder and indexes it there. */
export async function indexCorpus(corpus: readonly string[]): Promise<CorpusIndex> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-cosqa-'));
  try {
    const root = path.join(dir, 'corpus');
    fs.mkdirSync(root);
    corpus.forEach((source, id) => fs.writeFileSync(path.join(root, corpusFileName(id)), source));
    const summary = await indexFolder({ root, indexPath: path.join(dir, 'index.db'), repository: 'cosqa' });
    const store = SqliteStore.open(summary.index);
    return { store, summary, dispose: () => { store.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs each query as an agent would send it (auto mode, defaults) and ranks
 * the gold file among distinct files. `window` 0 ranks every chunk.
 */
export async function evaluateQueries(store: SqliteStore, queries: readonly CosqaQuery[], options: { window: number; cutoffs: readonly number[] }): Promise<SplitResult> {
  const limit = options.window > 0 ? options.window : Math.max(1, store.counts().chunks);
  const reader = new SqliteReader(store);
  const pageTimes: number[] = [];
  const outcomes: QueryOutcome[] = [];
  for (const q of queries) {
    const params = normalizeSearchCodeParams({ query: q.text, detail_level: 'ultra' });
    const started = performance.now();
    const response = await searchCode(reader, params, { offset: 0, limit });
    const ms = performance.now() - started;
    const pageStarted = performance.now();
    await searchCode(reader, normalizeSearchCodeParams({ query: q.text }), { offset: 0, limit: SEARCH_CODE.maxResults.default });
    pageTimes.push(performance.now() - pageStarted);
    outcomes.push({ id: q.id, rank: documentRank(response.items.map((i) => i.file), corpusFileName(q.goldId)), ms });
  }
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  pageTimes.sort((a, b) => a - b);
  return {
    ...summarizeRanks(outcomes.map((o) => o.rank), options.cutoffs),
    msP50: percentile(times, 50), msP95: percentile(times, 95), msTotal: times.reduce((a, b) => a + b, 0),
    pageMsP50: percentile(pageTimes, 50), pageMsP95: percentile(pageTimes, 95),
    outcomes,
  };
}
