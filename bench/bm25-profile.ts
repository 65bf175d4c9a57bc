/**
 * @module bench/bm25-profile
 * `npm run bench:bm25 -- INDEX_FILE [--json] [--fts5-bm25] [--rounds N]`
 * Where a BM25 word query's time goes: the 20 word queries of `npm run bench`
 * (bench/kernel/queries.ts), run in this process against an existing SQLite
 * index after one warm-up query, each with its wall time, its CPU time (the
 * machine is shared: CPU time moves less with the load than wall time), its
 * exact total, and the time spent in each store question. The load average is
 * printed at the start and the end. `--fts5-bm25` ranks with FTS5's own
 * bm25() instead of quarry_bm25() (store/ranking-extension): the same scores.
 *
 * Each query runs twice side by side: as the index answers (FTS5 scores every
 * row of a page's statements) and with its pages scored with block maxima
 * (store/word-blocks: rows that cannot reach the page are not scored; each
 * word's maxima computed on its first use and kept by the reader),
 * alternating, `--rounds` times (3); the figures are each query's median.
 * The two answers and totals are compared: the run exits 1 when they differ.
 */
import { normalizeSearchCodeParams } from '../src/contracts/search-code-params.js';
import { searchCode } from '../src/search/engine.js';
import { SqliteIndex } from '../src/store/sqlite-index.js';
import { WORD_BLOCKS } from '../src/store/store-tuning.js';
import type { SqliteReader } from '../src/store/sqlite-reader.js';
import type { IndexReader } from '../src/store/store.js';
import { loadAverage } from './harness/load-average.js';
import { percentile } from './harness/percentile.js';
import { BM25_QUERIES, searchCodeArgs } from './kernel/queries.js';

interface QueryProfile {
  query: string;
  wallMs: number;
  cpuMs: number;
  total: number;
  /** The first page, as file:line, to compare the answers of two builds. */
  page: string[];
  /** Milliseconds per store question, with how often it was asked. */
  questions: Record<string, { ms: number; calls: number }>;
}

/** The reader with every question timed into `questions`. */
function timedReader(reader: IndexReader, questions: QueryProfile['questions']): IndexReader {
  return new Proxy(reader, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const note = () => {
          const kept = questions[String(name)] ?? { ms: 0, calls: 0 };
          questions[String(name)] = { ms: kept.ms + performance.now() - started, calls: kept.calls + 1 };
        };
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) return result.finally(note);
        note();
        return result;
      };
    },
  });
}

async function profile(reader: IndexReader, query: string): Promise<QueryProfile> {
  const questions: QueryProfile['questions'] = {};
  const params = normalizeSearchCodeParams(searchCodeArgs(BM25_QUERIES, query));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await searchCode(timedReader(reader, questions), params);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    query, wallMs, cpuMs: (used.user + used.system) / 1000, total: response.total,
    page: response.items.map((item) => `${item.file}:${item.start_line ?? ''}`), questions,
  };
}

/** Each query's profile with the median wall time of `runs` (the last run's questions and answers). */
function median(runs: QueryProfile[]): QueryProfile {
  const sorted = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Side {
  label: string;
  store: SqliteIndex;
  rows: QueryProfile[][];
  /** Pages scored with block maxima. */
  blocks: { pages: number };
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('--')) {
    process.stderr.write('usage: npm run bench:bm25 -- INDEX_FILE [--json] [--fts5-bm25] [--rounds N]\n');
    process.exit(2);
  }
  const json = process.argv.includes('--json');
  const roundsAt = process.argv.indexOf('--rounds');
  const rounds = roundsAt > 0 ? Math.max(1, Number(process.argv[roundsAt + 1])) : 3;
  const loadStart = loadAverage();
  const fts5Bm25 = process.argv.includes('--fts5-bm25');
  const sides: Side[] = [
    { label: 'block maxima', store: SqliteIndex.open(file, { readonly: true, fts5Bm25, wordBlocks: { shift: WORD_BLOCKS.shift } }), rows: [], blocks: { pages: 0 } },
    { label: 'one statement', store: SqliteIndex.open(file, { readonly: true, fts5Bm25 }), rows: [], blocks: { pages: 0 } },
  ];
  const ranking = sides[0]!.store.sqlite.nativeRanking ? 'quarry_bm25()' : 'bm25()';
  for (const side of sides) {
    await side.store.read(async (reader) => { await profile(reader, BM25_QUERIES.warmUp); });
    side.rows = BM25_QUERIES.queries.map(() => []);
  }
  for (let round = 0; round < rounds; round++) {
    for (const [q, query] of BM25_QUERIES.queries.entries()) {
      for (const side of sides) {
        await side.store.read(async (reader) => {
          const before = { ...(reader as SqliteReader).blockPages };
          side.rows[q]!.push(await profile(reader, query));
          const after = (reader as SqliteReader).blockPages;
          if (round === 0) side.blocks = { pages: side.blocks.pages + after.pages - before.pages };
        });
      }
    }
  }
  for (const side of sides) await side.store.close();
  const [blocked, whole] = sides.map((side) => side.rows.map(median)) as [QueryProfile[], QueryProfile[]];
  const differing = BM25_QUERIES.queries.filter((_, q) => blocked[q]!.total !== whole[q]!.total || blocked[q]!.page.join() !== whole[q]!.page.join());
  const load = [loadStart, loadAverage()];
  if (json) {
    process.stdout.write(`${JSON.stringify({ load, ranking, rounds, differing, blocks: sides[0]!.blocks, queries: blocked, oneStatement: whole })}\n`);
    if (differing.length > 0) process.exitCode = 1;
    return;
  }
  const ms = (n: number) => n.toFixed(1).padStart(8);
  const lines = [
    `load average ${loadStart} (start), ranked with ${ranking}, median of ${rounds} runs per query, block maxima / one statement`,
    'query                       blocks ms  one ms  cpu ms     total  store questions with block maxima (ms, calls)',
  ];
  for (const [q, r] of blocked.entries()) {
    const questions = Object.entries(r.questions).sort((a, b) => b[1].ms - a[1].ms).map(([name, x]) => `${name} ${x.ms.toFixed(1)} x${x.calls}`).join(', ');
    lines.push(`${r.query.padEnd(26)} ${ms(r.wallMs)} ${ms(whole[q]!.wallMs)} ${ms(r.cpuMs)} ${String(r.total).padStart(9)}  ${questions}`);
  }
  for (const [label, rows] of [['block maxima', blocked], ['one statement', whole]] as const) {
    const wall = rows.map((r) => r.wallMs);
    const cpu = rows.map((r) => r.cpuMs);
    lines.push(`${label.padEnd(14)} p50 / p99 wall ${percentile(wall, 50).toFixed(1)} / ${percentile(wall, 99).toFixed(1)} ms, cpu ${percentile(cpu, 50).toFixed(1)} / ${percentile(cpu, 99).toFixed(1)} ms`);
  }
  lines.push(`pages scored with block maxima: ${sides[0]!.blocks.pages}; answers and totals ${differing.length === 0 ? 'equal' : `DIFFER: ${differing.join(', ')}`}`);
  lines.push(`load average ${loadAverage()} (end)`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (differing.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
