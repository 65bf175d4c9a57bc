/**
 * @module bench/main
 * `npm run bench -- DIR [--index FILE | --store postgres://…?schema=NAME] [--reuse] [--workers N] [--json]`
 * Every row of the kernel-scale table in one run, against ripgrep (and
 * codesearch when installed) on the same tree: full `quarry index` time,
 * index size / corpus, peak RSS, no-change re-index, medians of 7 distinct
 * literal and 7 distinct regex queries and BM25 top-20 p50/p99, all through
 * `quarry mcp` after one warm-up call per kind. The load average is printed
 * at the start and the end: the machine is shared, so ratios to ripgrep in
 * the same run are what compare across runs. `--reuse` keeps an existing
 * index (given with --index or --store) and skips the build. With `--store`
 * the index is built in that PostgreSQL schema (dropped first) and searched there.
 * Under "full index", where the build's time went (its summary's phases, ingest/pass-phases); the no-change
 * re-index is also run through the linked bin (the file through its #! line) and `npx --no-install quarry`,
 * and each literal query is asked once more as the first call of its own fresh `quarry mcp`.
 * The literal and regex sets are asked once more with candidates from a first stage of the tree
 * (as during a first build; bench/kernel/first-stage), in this process.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IndexSummary } from '../src/ingest/indexer.js';
import { CLI, PROJECT_ROOT } from '../src/test-support/cli.js';
import { loadAverage } from './harness/load-average.js';
import { percentile } from './harness/percentile.js';
import { codesearch, ripgrep, symlinkedFiles, type Codesearch, type TimedSearch } from './kernel/external.js';
import { benchStore } from './harness/bench-store.js';
import { indexParts } from './harness/index-parts.js';
import { timeFirstStage } from './kernel/first-stage.js';
import { askQuarry, openQuarry, type QuarryAnswer } from './kernel/mcp-queries.js';
import { firstQueries } from './kernel/fresh-queries.js';
import { BM25_QUERIES, LITERALS, REGEXES, csearchArgs, rgArgs, type QuerySet } from './kernel/queries.js';

interface BuildRun { summary: IndexSummary; wallMs: number }

/**
 * How `quarry index` is started: `node dist/cli/main.js`; the file itself through its #! line, as a
 * linked bin runs it (node_modules/.bin, npm link, a global install); `npx --no-install quarry` in this checkout.
 */
type Launch = 'node' | 'bin' | 'npx';

function indexInChild(dir: string, storeArgs: readonly string[], workers: string | undefined, launch: Launch = 'node'): BuildRun {
  const start = performance.now();
  const extra = workers === undefined ? [] : ['--workers', workers];
  const args = ['index', dir, ...storeArgs, '--json', ...extra];
  const [command, argv] = launch === 'node' ? [process.execPath, [CLI, ...args]] : launch === 'bin' ? [CLI, args] : ['npx', ['--no-install', 'quarry', ...args]];
  const run = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 64 << 20, cwd: PROJECT_ROOT });
  if (run.status !== 0) throw new Error(`quarry index (${launch}) failed: ${run.error?.message ?? run.stderr}`);
  return { summary: JSON.parse(run.stdout) as IndexSummary, wallMs: performance.now() - start };
}

/** The build's phases as lines under "full index" (ingest/pass-phases): the indexing thread's steps, then what overlaps them. */
function phaseLines(summary: IndexSummary): string[] {
  const { sequential_ms: steps, prepare, writes } = summary.phases;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = ['  the indexing thread, one step after another:'];
  lines.push(`    ${Object.entries(steps).filter(([, ms]) => ms >= 50).map(([step, ms]) => `${step} ${s(ms)}`).join(', ')}`);
  lines.push(`  in prepare_and_write: waiting for workers ${s(prepare.waited_ms)}, preparing files itself ${s(prepare.in_thread_ms)}`
    + (writes ? `, transactions ${s(writes.transactions_ms)}` : ''));
  if (writes) {
    const other = writes.transactions_ms - writes.chunk_rows_ms - writes.words_ms - writes.trigrams_ms - writes.symbols_ms - writes.graph_ms - writes.removals_ms;
    lines.push(`    transactions: chunk rows ${s(writes.chunk_rows_ms)}, words ${s(writes.words_ms)}, trigrams ${s(writes.trigrams_ms)}, symbols ${s(writes.symbols_ms)}, graph ${s(writes.graph_ms)}, removals ${s(writes.removals_ms)}, commits and the rest ${s(other)}`);
  }
  lines.push(`  in parallel (overlapping the steps): the prepare workers (reading, chunking, tree-sitter) busy ${s(prepare.workers_busy_ms)} summed over workers`);
  return lines;
}

interface QueryRow { query: string; quarry: QuarryAnswer; rg: TimedSearch | null; csearch: TimedSearch | null }

async function timeSet(dir: string, set: QuerySet, session: Awaited<ReturnType<typeof openQuarry>>, cs: Codesearch | null, links: string[]): Promise<QueryRow[]> {
  await askQuarry(session, set, set.warmUp);
  const rows: QueryRow[] = [];
  for (const query of set.queries) {
    const quarry = await askQuarry(session, set, query);
    const withAnchors = set.kind !== 'bm25';
    rows.push({
      query, quarry,
      rg: withAnchors ? ripgrep(dir, rgArgs(set, query), links) : null,
      csearch: withAnchors && cs ? cs.search(csearchArgs(query)) : null,
    });
  }
  return rows;
}

const median = (values: number[]) => percentile(values, 50);
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((a, i) => !a.startsWith('--') && !['--index', '--store', '--workers'].includes(args[i - 1] ?? ''));
  if (!dir) {
    process.stderr.write('usage: npm run bench -- DIR [--index FILE | --store postgres://…?schema=NAME] [--reuse] [--workers N] [--json]\n');
    process.exit(2);
  }
  const root = path.resolve(dir);
  const json = args.includes('--json');
  const reuse = args.includes('--reuse');
  const workers = option(args, '--workers');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-'));
  const target = benchStore(args, path.join(scratch, 'index.db'));
  const loadAtStart = loadAverage();
  const log = (line: string) => { if (!json) process.stderr.write(`${line}\n`); };

  let build: BuildRun | null = null;
  if (!reuse) {
    await target.reset();
    log(`building the index of ${root} in ${target.cliArgs[1]} (load average ${loadAtStart}) ...`);
    build = indexInChild(root, target.cliArgs, workers);
  }
  log('no-change re-index x3, each round through node dist/cli/main.js, the linked bin and npx --no-install quarry ...');
  // Interleaved, so the shared machine's load drifts over the three launches alike.
  const rounds = [0, 1, 2].map(() => (['node', 'bin', 'npx'] as const).map((launch) => indexInChild(root, target.cliArgs, workers, launch)));
  const [rebuilds, binRebuilds, npxRebuilds] = [0, 1, 2].map((i) => rounds.map((round) => round[i]!)) as [BuildRun[], BuildRun[], BuildRun[]];
  const corpus = rebuilds[0]!.summary;
  log('codesearch cindex ...');
  const cs = codesearch(root, path.join(scratch, 'csearchindex'));

  log('queries through quarry mcp ...');
  const links = symlinkedFiles(root);
  const session = await openQuarry(root, target.cliArgs);
  let literal: QueryRow[], regex: QueryRow[], bm25: QueryRow[];
  try {
    literal = await timeSet(root, LITERALS, session, cs, links);
    regex = await timeSet(root, REGEXES, session, cs, links);
    bm25 = await timeSet(root, BM25_QUERIES, session, null, links);
  } finally {
    await session.close();
  }
  log('each literal query as the first call of a fresh quarry mcp ...');
  const fresh = await firstQueries(root, target.cliArgs, LITERALS);
  log('the same queries from a first stage (as during a first build) ...');
  const firstStage = await timeFirstStage(root, target.location, path.join(scratch, 'first-stage'), [LITERALS, REGEXES, BM25_QUERIES]);
  const parts = target.location.kind === 'sqlite' ? indexParts(target.location.file) : null;
  fs.rmSync(scratch, { recursive: true, force: true });

  const kinds = { literal, regex };
  const report = {
    corpus: { dir: root, files: corpus.files, bytes: corpus.bytes },
    load_average: { start: loadAtStart, end: loadAverage() },
    build: build && {
      phases: build.summary.phases,
      seconds: build.summary.duration_ms / 1000, cores_busy: build.summary.cpu_ms / build.summary.duration_ms, peak_rss_mb: build.summary.peak_rss_bytes / 1_048_576,
      index_mb: build.summary.index_bytes / 1_048_576, index_to_corpus: build.summary.index_bytes / build.summary.bytes, chunks: build.summary.chunks,
    },
    reindex_no_change: {
      seconds: median(rebuilds.map((r) => r.summary.duration_ms)) / 1000,
      cpu_seconds: median(rebuilds.map((r) => r.summary.cpu_ms)) / 1000,
      wall_seconds_with_node_start: median(rebuilds.map((r) => r.wallMs)) / 1000,
      linked_bin_wall_seconds: median(binRebuilds.map((r) => r.wallMs)) / 1000,
      npx_wall_seconds: median(npxRebuilds.map((r) => r.wallMs)) / 1000,
    },
    // The literal set, each query the first call of its own fresh quarry mcp; rg's times are the warmed rows' (same queries, same run).
    literal_first_call: {
      quarry_ms: median(fresh.map((f) => f.ms)), connect_ms: median(fresh.map((f) => f.connect_ms)), rg_ms: median(literal.map((r) => r.rg!.ms)),
      queries: fresh,
    },
    index_parts_mb: parts,
    csearch: cs && { index_seconds: cs.indexSeconds, index_to_corpus: cs.indexBytes / corpus.bytes },
    medians: Object.fromEntries(Object.entries(kinds).map(([kind, rows]) => [kind, {
      quarry_ms: median(rows.map((r) => r.quarry.ms)), rg_ms: median(rows.map((r) => r.rg!.ms)),
      csearch_ms: cs ? median(rows.map((r) => r.csearch!.ms)) : null,
    }])),
    bm25: { p50_ms: percentile(bm25.map((r) => r.quarry.ms), 50), p99_ms: percentile(bm25.map((r) => r.quarry.ms), 99) },
    first_stage: firstStage && {
      // When a first build of this run had its first stage: seconds from the pass's start.
      ready_seconds: build?.summary.first_stage ? build.summary.first_stage.ready_ms / 1000 : null,
      write_seconds: firstStage.written.duration_ms / 1000, shards: firstStage.written.shards, mb: firstStage.written.bytes / 1_048_576,
      medians: Object.fromEntries(Object.entries(kinds).map(([kind, rows]) => [kind, {
        quarry_ms: median(rows.map((r) => firstStage.answers.get(r.query)!.ms)), rg_ms: median(rows.map((r) => r.rg!.ms)),
      }])),
      queries: [...literal, ...regex, ...bm25].map((r) => ({ query: r.query, ...firstStage.answers.get(r.query)! })),
      words: firstStage.words && {
        ready_seconds: build?.summary.first_stage_words ? build.summary.first_stage_words.ready_ms / 1000 : null,
        write_seconds: firstStage.words.duration_ms / 1000, mb: firstStage.words.bytes / 1_048_576,
        bm25: {
          p50_ms: percentile(bm25.map((r) => firstStage.answers.get(r.query)!.ms), 50), p99_ms: percentile(bm25.map((r) => firstStage.answers.get(r.query)!.ms), 99),
        },
      },
    },
    queries: [...literal, ...regex, ...bm25],
  };
  // Exact and regex totals count matching lines, as rg -n prints them: they must be equal.
  const mismatches = [...literal, ...regex].filter((r) => r.quarry.error || r.quarry.partial || r.quarry.total !== r.rg!.lines);
  // So must a fresh server's first answers.
  for (const f of fresh) {
    const warmed = literal.find((r) => r.query === f.query)!;
    if (f.error || f.partial || f.total !== warmed.rg!.lines) mismatches.push({ ...warmed, query: `${f.query} (first call of a fresh mcp)` });
  }
  // So must the first stage's.
  for (const r of [...literal, ...regex]) {
    const staged = firstStage?.answers.get(r.query);
    if (staged && (staged.partial || staged.total !== r.rg!.lines)) mismatches.push({ ...r, query: `${r.query} (first stage)` });
  }

  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    const b = report.build;
    const lines = [
      `store    ${corpus.index}`,
      `tree     ${root}: ${corpus.files} files, ${(corpus.bytes / 1_048_576).toFixed(1)} MB; ${os.availableParallelism()} cores`,
      `load     ${report.load_average.start} at start, ${report.load_average.end} at end`,
      '',
      'figure                      quarry                          rg         csearch',
      b ? `full index                  ${b.seconds.toFixed(1)} s (${b.cores_busy.toFixed(2)} cores busy)`.padEnd(60) + (cs ? `${cs.indexSeconds.toFixed(1)} s` : '-') : 'full index                  (reused)',
      ...(build ? phaseLines(build.summary) : []),
      b ? `index size                  ${b.index_to_corpus.toFixed(2)}x corpus (${b.index_mb.toFixed(0)} MB)`.padEnd(60) + (cs ? `${report.csearch!.index_to_corpus.toFixed(2)}x` : '-') : '',
      parts ? 'index parts'.padEnd(28) + Object.entries(parts).map(([part, mb]) => `${part} ${mb.toFixed(0)}`).join(', ') + ' MB' : '',
      b ? `peak RSS                    ${b.peak_rss_mb.toFixed(0)} MB` : '',
      `no-change re-index          ${report.reindex_no_change.wall_seconds_with_node_start.toFixed(2)} s (in the indexer ${report.reindex_no_change.seconds.toFixed(2)} s, CPU ${report.reindex_no_change.cpu_seconds.toFixed(2)} s)`,
      `  through the linked bin     ${report.reindex_no_change.linked_bin_wall_seconds.toFixed(2)} s; npx --no-install quarry (checkout) ${report.reindex_no_change.npx_wall_seconds.toFixed(2)} s`,
    ].filter((l) => l !== '');
    for (const [kind, m] of Object.entries(report.medians)) {
      lines.push(`${kind} median of 7`.padEnd(28) + `${ms(m.quarry_ms)} = ${(m.rg_ms / m.quarry_ms).toFixed(1)}x rg`.padEnd(32) + ms(m.rg_ms).padEnd(11) + (m.csearch_ms === null ? '-' : ms(m.csearch_ms)));
      if (kind === 'literal') {
        const f = report.literal_first_call;
        lines.push('  first call, fresh mcp'.padEnd(28) + `${ms(f.quarry_ms)} = ${(f.rg_ms / f.quarry_ms).toFixed(1)}x rg`.padEnd(32) + `(server up in ${ms(f.connect_ms)}, median)`);
      }
    }
    lines.push('BM25 top-20 p50 / p99'.padEnd(28) + `${ms(report.bm25.p50_ms)} / ${ms(report.bm25.p99_ms)} (${bm25.length} queries)`);
    const stage = report.first_stage;
    if (stage) {
      // Run from the TypeScript sources, the bench has no built worker script: one shard, where a pass builds one per core.
      lines.push(`first stage                 ${stage.ready_seconds === null ? '' : `searchable ${stage.ready_seconds.toFixed(1)} s into the build; `}written here in ${stage.write_seconds.toFixed(1)} s (${stage.shards} shard${stage.shards === 1 ? '' : 's'}), ${stage.mb.toFixed(0)} MB`);
      for (const [kind, m] of Object.entries(stage.medians)) {
        lines.push(`  ${kind} from it (in process)`.padEnd(28) + `${ms(m.quarry_ms)} = ${(m.rg_ms / m.quarry_ms).toFixed(1)}x rg`);
      }
      const words = stage.words;
      if (words) {
        lines.push(`first stage words           ${words.ready_seconds === null ? '' : `searchable ${words.ready_seconds.toFixed(1)} s into the build; `}written here in ${words.write_seconds.toFixed(1)} s, ${words.mb.toFixed(0)} MB`);
        lines.push('  BM25 top-20 from them'.padEnd(28) + `${ms(words.bm25.p50_ms)} / ${ms(words.bm25.p99_ms)} (p50 / p99, in process)`);
      }
    }
    lines.push('', 'query                              quarry ms    total   rg ms  rg lines  csearch ms');
    for (const r of report.queries) {
      lines.push(`${r.query.padEnd(34)} ${r.quarry.ms.toFixed(1).padStart(9)} ${String(r.quarry.total).padStart(8)}${r.quarry.partial ? '+' : ' '}`
        + (r.rg ? `${r.rg.ms.toFixed(0).padStart(6)} ${String(r.rg.lines).padStart(9)}` : '') + (r.csearch ? `${r.csearch.ms.toFixed(0).padStart(11)}` : ''));
    }
    if (stage) {
      lines.push('', 'first stage query                  quarry ms    total');
      for (const q of stage.queries) lines.push(`${q.query.padEnd(34)} ${q.ms.toFixed(1).padStart(9)} ${String(q.total).padStart(8)}${q.partial ? '+' : ' '}`);
    }
    if (mismatches.length > 0) lines.push('', `totals differing from rg (or partial, or failed): ${mismatches.map((r) => r.query).join(', ')}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (mismatches.length > 0) process.exitCode = 1;
}

await main();
