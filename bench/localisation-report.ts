/**
 * @module bench/localisation-report
 * The tables the localisation evals print (`npm run eval:swebench`,
 * `npm run eval:commits`): per group of instances, Acc@k and MRR of locate's
 * files counting any gold file and every gold file, of its (file, symbol)
 * entries both ways, and of the search_code baseline when it ran; then the
 * tokens of the top 10, the index update times and what was left out.
 */
import { EVAL_SWEBENCH } from './eval-settings.js';
import { percentile } from './harness/percentile.js';
import { summarizeRanks, type RankingSummary } from './ranking-metrics.js';
import type { InstanceOutcome, Skipped } from './swebench-eval.js';

export interface Row {
  name: string;
  locate: RankingSummary;
  locateAll: RankingSummary;
  functions: RankingSummary;
  functionsAll: RankingSummary;
  baseline: RankingSummary | null;
  seconds: { p50: number; p95: number };
}

const CUTOFFS = EVAL_SWEBENCH.accuracyAt;

export function rowOf(name: string, outcomes: readonly InstanceOutcome[], baseline: boolean): Row {
  const seconds = outcomes.map((o) => o.seconds);
  return {
    name,
    locate: summarizeRanks(outcomes.map((o) => o.rank), CUTOFFS),
    locateAll: summarizeRanks(outcomes.map((o) => o.rankAll), CUTOFFS),
    functions: summarizeRanks(outcomes.map((o) => o.functionRank), CUTOFFS),
    functionsAll: summarizeRanks(outcomes.map((o) => o.functionRankAll), CUTOFFS),
    baseline: baseline ? summarizeRanks(outcomes.map((o) => o.baselineRank), CUTOFFS) : null,
    seconds: { p50: percentile(seconds, 50), p95: percentile(seconds, 95) },
  };
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

function formatSummary(s: RankingSummary): string {
  return `${CUTOFFS.map((k) => pct(s.accuracyAt[k]!)).join(' ')}  ${s.mrr.toFixed(3)}`;
}

/** The ranking tables, one line per row under each title; `label` heads the name column. */
export function rankTables(rows: readonly Row[], options: { label: string; baseline: boolean }): string[] {
  const header = `${options.label.padEnd(26)} ${'n'.padStart(4)}  ${CUTOFFS.map((k) => `@${k}`.padStart(5)).join(' ')}    MRR`;
  const lines = [`locate (s/query p50 ${rows[0]!.seconds.p50.toFixed(3)}, p95 ${rows[0]!.seconds.p95.toFixed(3)})`, header];
  const line = (row: Row, s: RankingSummary) => `${row.name.padEnd(26)} ${String(s.queries).padStart(4)}  ${formatSummary(s)}`;
  const table = (title: string, pick: (row: Row) => RankingSummary) => {
    lines.push('', title, header);
    for (const row of rows) lines.push(line(row, pick(row)));
  };
  for (const row of rows) lines.push(line(row, row.locate));
  table('locate, every gold file in the top k (as the published tables count)', (row) => row.locateAll);
  table('locate, functions: any gold function among the (file, symbol) entries', (row) => row.functions);
  table('locate, functions: every gold function among the entries', (row) => row.functionsAll);
  if (options.baseline) {
    lines.push('', 'search_code baseline (first 50 words, two pages of 20)', header);
    for (const row of rows) lines.push(line(row, row.baseline!));
  }
  return lines;
}

/** Tokens of the top 10, index update times, and the instances left out with the reason. */
export function footerLines(outcomes: readonly InstanceOutcome[], skipped: readonly Skipped[]): string[] {
  const tokens = outcomes.map((o) => o.tokensTop10);
  // A first build is no commit switch: the update figures count only passes over an earlier commit's index.
  const updates = outcomes.filter((o) => o.indexUpdate);
  const seconds = (values: number[]) => `p50 ${percentile(values, 50).toFixed(2)} s, p95 ${percentile(values, 95).toFixed(2)} s`;
  const firstLocates = updates.flatMap((o) => (o.firstLocateSeconds === null ? [] : [o.firstLocateSeconds]));
  return [
    '', `tokens of the top 10 as a model reads them (o200k): p50 ${percentile(tokens, 50)}, p95 ${percentile(tokens, 95)}, max ${Math.max(0, ...tokens)}`,
    '', `index updates (commit switches, ${updates.length}): ${seconds(updates.map((o) => o.indexSeconds))}; CPU ${seconds(updates.map((o) => o.indexCpuSeconds))}`,
    `first locate in a new process after an update (${firstLocates.length}): ${firstLocates.length > 0 ? seconds(firstLocates) : 'not measured (npm run build first)'}`,
    ...skipped.map((s) => `left out: ${s.repo}, ${s.instances} instances (${s.reason})`),
  ];
}
