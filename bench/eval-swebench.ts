/**
 * @module bench/eval-swebench
 * `npm run eval:swebench -- --repos DIR [--data FILE] [--only REPO,...]
 *   [--instances ID,...] [--every N] [--no-baseline] [--json] [--dump FILE]`
 * File localisation on the SWE-bench Lite dev half: Acc@1/3/5/10 and MRR of
 * `locate` (and of the search_code baseline) overall and per repository,
 * counting an instance when any gold file is in the top k (ours) and when
 * every gold file is (the published tables'); function-level accuracy over
 * locate's (file, symbol) entries, both ways; the median and p95 seconds per
 * query. DIR holds one git clone per
 * repository, named as the repository (`DIR/django`, `DIR/scikit-learn`);
 * instances whose clone or base commit is missing are reported and left out.
 * `--every N` keeps every Nth instance of each repository (a quick subset
 * while iterating). Tune on dev only.
 */
import fs from 'node:fs';
import { EVAL_SWEBENCH } from './eval-settings.js';
import { isQuarryError } from '../src/contracts/errors.js';
import { percentile } from './harness/percentile.js';
import { summarizeRanks, type RankingSummary } from './ranking-metrics.js';
import { parseSwebenchArgs, selectInstances, type SwebenchArgs } from './swebench-args.js';
import { loadSwebench } from './swebench-data.js';
import { evaluateInstances, usableInstances, type InstanceOutcome, type Skipped } from './swebench-eval.js';

interface Row {
  name: string;
  locate: RankingSummary;
  locateAll: RankingSummary;
  functions: RankingSummary;
  functionsAll: RankingSummary;
  baseline: RankingSummary | null;
  seconds: { p50: number; p95: number };
}

function rowOf(name: string, outcomes: readonly InstanceOutcome[], baseline: boolean): Row {
  const cutoffs = EVAL_SWEBENCH.accuracyAt;
  const seconds = outcomes.map((o) => o.seconds);
  return {
    name,
    locate: summarizeRanks(outcomes.map((o) => o.rank), cutoffs),
    locateAll: summarizeRanks(outcomes.map((o) => o.rankAll), cutoffs),
    functions: summarizeRanks(outcomes.map((o) => o.functionRank), cutoffs),
    functionsAll: summarizeRanks(outcomes.map((o) => o.functionRankAll), cutoffs),
    baseline: baseline ? summarizeRanks(outcomes.map((o) => o.baselineRank), cutoffs) : null,
    seconds: { p50: percentile(seconds, 50), p95: percentile(seconds, 95) },
  };
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

function formatSummary(s: RankingSummary): string {
  return `${EVAL_SWEBENCH.accuracyAt.map((k) => pct(s.accuracyAt[k]!)).join(' ')}  ${s.mrr.toFixed(3)}`;
}

function printText(args: SwebenchArgs, rows: Row[], skipped: Skipped[], outcomes: InstanceOutcome[]): string {
  const header = `${'repository'.padEnd(26)} ${'n'.padStart(4)}  ${EVAL_SWEBENCH.accuracyAt.map((k) => `@${k}`.padStart(5)).join(' ')}    MRR`;
  const lines = [`data   ${args.data}`, `repos  ${args.repos}`, '', `locate (s/query p50 ${rows[0]!.seconds.p50.toFixed(3)}, p95 ${rows[0]!.seconds.p95.toFixed(3)})`, header];
  const table = (title: string, pick: (row: Row) => RankingSummary) => {
    lines.push('', title, header);
    for (const row of rows) lines.push(`${row.name.padEnd(26)} ${String(pick(row).queries).padStart(4)}  ${formatSummary(pick(row))}`);
  };
  for (const row of rows) lines.push(`${row.name.padEnd(26)} ${String(row.locate.queries).padStart(4)}  ${formatSummary(row.locate)}`);
  table('locate, every gold file in the top k (as the published tables count)', (row) => row.locateAll);
  table('locate, functions: any gold function among the (file, symbol) entries', (row) => row.functions);
  table('locate, functions: every gold function among the entries', (row) => row.functionsAll);
  if (args.baseline) {
    lines.push('', 'search_code baseline (first 50 words, two pages of 20)', header);
    for (const row of rows) lines.push(`${row.name.padEnd(26)} ${String(row.baseline!.queries).padStart(4)}  ${formatSummary(row.baseline!)}`);
  }
  const tokens = outcomes.map((o) => o.tokensTop10);
  lines.push('', `tokens of the top 10 as a model reads them (o200k): p50 ${percentile(tokens, 50)}, p95 ${percentile(tokens, 95)}, max ${Math.max(0, ...tokens)}`);
  const indexSeconds = outcomes.map((o) => o.indexSeconds);
  lines.push('', `index updates per instance: p50 ${percentile(indexSeconds, 50).toFixed(1)} s, p95 ${percentile(indexSeconds, 95).toFixed(1)} s`);
  for (const s of skipped) lines.push(`left out: ${s.repo}, ${s.instances} instances (${s.reason})`);
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const args = parseSwebenchArgs(process.argv.slice(2));
  const selected = selectInstances(loadSwebench(args.data), args);
  const { usable, skipped } = await usableInstances(selected, args.repos);
  const outcomes = await evaluateInstances(usable, {
    reposDir: args.repos, baseline: args.baseline, keepFiles: args.dump !== null,
    onInstance: (o, done, total) => {
      if (!args.json) process.stderr.write(`[${done}/${total}] ${o.id}: locate ${o.rank ?? '-'}, function ${o.functionRank ?? '-'}${args.baseline ? `, baseline ${o.baselineRank ?? '-'}` : ''} (${o.seconds.toFixed(2)} s, index ${o.indexSeconds.toFixed(1)} s)\n`);
    },
  });
  const repos = [...new Set(outcomes.map((o) => o.repo))].sort();
  const rows = [rowOf('all', outcomes, args.baseline), ...repos.map((r) => rowOf(r, outcomes.filter((o) => o.repo === r), args.baseline))];
  if (args.dump) fs.writeFileSync(args.dump, JSON.stringify(outcomes, null, 1));
  if (args.json) process.stdout.write(`${JSON.stringify({ data: args.data, rows, skipped, ranks: outcomes.map(({ located: _, ...o }) => o) })}\n`);
  else process.stdout.write(printText(args, rows, skipped, outcomes));
}

main().catch((error: unknown) => {
  process.stderr.write(`${isQuarryError(error) ? `${error.code}: ${error.message}` : String((error as Error).stack ?? error)}\n`);
  process.exit(isQuarryError(error) && error.code === 'INVALID_ARGUMENT' ? 2 : 1);
});
