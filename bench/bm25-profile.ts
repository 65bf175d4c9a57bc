/**
 * @module bench/bm25-profile
 * `npm run bench:bm25 -- INDEX_FILE [--json] [--fts5-bm25]`
 * Where a BM25 word query's time goes: the 20 word queries of `npm run bench`
 * (bench/kernel/queries.ts), run in this process against an existing SQLite
 * index after one warm-up query, each with its wall time, its CPU time (the
 * machine is shared: CPU time moves less with the load than wall time), its
 * exact total, and the time spent in each store question. The load average is
 * printed at the start and the end. `--fts5-bm25` ranks with FTS5's own
 * bm25() instead of quarry_bm25() (store/ranking-extension): the same scores.
 */
import { normalizeSearchCodeParams } from '../src/contracts/search-code-params.js';
import { searchCode } from '../src/search/engine.js';
import { SqliteIndex } from '../src/store/sqlite-index.js';
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

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('--')) {
    process.stderr.write('usage: npm run bench:bm25 -- INDEX_FILE [--json] [--fts5-bm25]\n');
    process.exit(2);
  }
  const json = process.argv.includes('--json');
  const loadStart = loadAverage();
  const store = SqliteIndex.open(file, { readonly: true, fts5Bm25: process.argv.includes('--fts5-bm25') });
  const ranking = store.sqlite.nativeRanking ? 'quarry_bm25()' : 'bm25()';
  const rows = await store.read(async (reader) => {
    await profile(reader, BM25_QUERIES.warmUp);
    const profiles: QueryProfile[] = [];
    for (const query of BM25_QUERIES.queries) profiles.push(await profile(reader, query));
    return profiles;
  });
  await store.close();
  if (json) {
    process.stdout.write(`${JSON.stringify({ load: [loadStart, loadAverage()], ranking, queries: rows })}\n`);
    return;
  }
  const ms = (n: number) => n.toFixed(1).padStart(8);
  const lines = [`load average ${loadStart} (start), ranked with ${ranking}`, 'query                        wall ms   cpu ms     total  store questions (ms, calls)'];
  for (const r of rows) {
    const questions = Object.entries(r.questions).sort((a, b) => b[1].ms - a[1].ms).map(([name, q]) => `${name} ${q.ms.toFixed(1)} x${q.calls}`).join(', ');
    lines.push(`${r.query.padEnd(26)} ${ms(r.wallMs)} ${ms(r.cpuMs)} ${String(r.total).padStart(9)}  ${questions}`);
  }
  const wall = rows.map((r) => r.wallMs);
  const cpu = rows.map((r) => r.cpuMs);
  lines.push(`p50 / p99 wall ${percentile(wall, 50).toFixed(1)} / ${percentile(wall, 99).toFixed(1)} ms, cpu ${percentile(cpu, 50).toFixed(1)} / ${percentile(cpu, 99).toFixed(1)} ms`);
  lines.push(`load average ${loadAverage()} (end)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
