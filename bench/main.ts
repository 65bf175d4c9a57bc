/**
 * @module bench/main
 * `npm run bench -- DIR [--runs N] [--index FILE] [--json]`
 * Builds a fresh index of DIR in a child process (time, MB/s, files/s, peak
 * RSS, index size / corpus size), re-indexes with no change, then runs a
 * fixed query set through Quarry and through ripgrep on the same tree in the
 * same run, printing p50/p95 of each and the ratio rg/quarry.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeSearchCodeParams } from '../src/contracts/search-code-params.js';
import type { IndexSummary } from '../src/ingest/indexer.js';
import { searchCode } from '../src/search/engine.js';
import { SqliteStore } from '../src/store/sqlite-store.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
/** The same file set for ripgrep as the index walks (see search/rg-parity.test.ts). */
const RG_FILE_SET = ['--hidden', '--no-require-git', '--no-ignore-parent'];

interface QueryCase {
  name: string;
  quarry: Record<string, unknown>;
  rg: string[];
}

const QUERIES: QueryCase[] = [
  { name: 'literal PM_RESUME', quarry: { query: 'PM_RESUME', mode: 'exact', max_results: 20 }, rg: ['-n', '-F', '-i', 'PM_RESUME'] },
  { name: 'regex [A-Z]+_SUSPEND', quarry: { query: '[A-Z]+_SUSPEND', mode: 'regex', max_results: 20 }, rg: ['-n', '[A-Z]+_SUSPEND'] },
  { name: 'count ERR_PTR', quarry: { query: 'ERR_PTR', mode: 'exact', max_results: 1, detail_level: 'ultra' }, rg: ['-c', '-F', '-i', 'ERR_PTR'] },
  { name: 'bm25 "suspend resume" top-20', quarry: { query: 'suspend resume', mode: 'text', max_results: 20, detail_level: 'compact' }, rg: ['-l', '-i', '-e', 'suspend', '-e', 'resume'] },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function timeIt(runs: number, fn: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times;
}

function indexInChild(dir: string, indexPath: string): { summary: IndexSummary; wallMs: number } {
  const start = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'index', dir, '--index', indexPath, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`quarry index failed: ${run.stderr}`);
  return { summary: JSON.parse(run.stdout) as IndexSummary, wallMs: performance.now() - start };
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) {
    process.stderr.write('usage: npm run bench -- DIR [--runs N] [--index FILE] [--json]\n');
    process.exit(2);
  }
  const runs = Number(args[args.indexOf('--runs') + 1] ?? 0) || 10;
  const json = args.includes('--json');
  const indexArg = args.includes('--index') ? args[args.indexOf('--index') + 1] : undefined;
  const indexPath = indexArg ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-')), 'index.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(indexPath + suffix, { force: true });

  const build = indexInChild(dir, indexPath);
  const rebuild = indexInChild(dir, indexPath);
  const s = build.summary;
  const seconds = s.duration_ms / 1000;
  const report: Record<string, unknown> = {
    corpus: { dir: path.resolve(dir), files: s.files, bytes: s.bytes },
    build: {
      seconds, mb_per_s: s.bytes / 1_048_576 / seconds, files_per_s: s.files / seconds, peak_rss_mb: s.peak_rss_bytes / 1_048_576,
      index_mb: s.index_bytes / 1_048_576, index_to_corpus: s.index_bytes / s.bytes, chunks: s.chunks,
    },
    reindex_no_change: { seconds: rebuild.summary.duration_ms / 1000, wall_seconds_with_node_start: rebuild.wallMs / 1000 },
    queries: [] as unknown[],
  };

  const store = SqliteStore.open(indexPath);
  for (const q of QUERIES) {
    const params = normalizeSearchCodeParams(q.quarry);
    let total = 0;
    searchCode(store, params); // warm the page cache and statement
    const ours = timeIt(runs, () => { total = searchCode(store, params).total; });
    const rgRuns = Math.max(3, Math.ceil(runs / 2));
    const theirs = timeIt(rgRuns, () => {
      const run = spawnSync('rg', [...RG_FILE_SET, ...q.rg, '.'], { cwd: dir, stdio: ['ignore', 'ignore', 'ignore'] });
      if (run.error) throw run.error;
    });
    (report.queries as unknown[]).push({
      name: q.name, total,
      quarry_p50_ms: percentile(ours, 50), quarry_p95_ms: percentile(ours, 95),
      rg_p50_ms: percentile(theirs, 50), rg_p95_ms: percentile(theirs, 95),
      speedup_vs_rg: percentile(theirs, 50) / percentile(ours, 50),
    });
  }
  store.close();

  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const b = report.build as Record<string, number>;
  const lines = [
    `corpus   ${s.files} files, ${(s.bytes / 1_048_576).toFixed(1)} MB (${path.resolve(dir)})`,
    `build    ${seconds.toFixed(1)} s, ${b.mb_per_s!.toFixed(1)} MB/s, ${b.files_per_s!.toFixed(0)} files/s, peak RSS ${b.peak_rss_mb!.toFixed(0)} MB`,
    `index    ${b.index_mb!.toFixed(1)} MB = ${b.index_to_corpus!.toFixed(2)} x corpus, ${s.chunks} chunks`,
    `reindex  ${(rebuild.summary.duration_ms / 1000).toFixed(2)} s with no change (${(rebuild.wallMs / 1000).toFixed(2)} s including node start)`,
    '',
    'query                          total   quarry p50/p95 ms    rg p50/p95 ms   rg/quarry',
  ];
  for (const q of report.queries as Record<string, number | string>[]) {
    lines.push(`${String(q.name).padEnd(30)} ${String(q.total).padStart(6)}   ${(q.quarry_p50_ms as number).toFixed(1).padStart(7)} /${(q.quarry_p95_ms as number).toFixed(1).padStart(7)}   ${(q.rg_p50_ms as number).toFixed(0).padStart(6)} /${(q.rg_p95_ms as number).toFixed(0).padStart(6)}   ${(q.speedup_vs_rg as number).toFixed(1).padStart(6)}x`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
