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
 * `--dump FILE` also appends each instance to FILE.partial.jsonl as it is scored.
 * `--every N` keeps every Nth instance of each repository (a quick subset
 * while iterating). Tune on dev only.
 */
import fs from 'node:fs';
import { isQuarryError } from '../src/contracts/errors.js';
import { footerLines, rankTables, rowOf, type Row } from './localisation-report.js';
import { parseSwebenchArgs, selectInstances, type SwebenchArgs } from './swebench-args.js';
import { loadSwebench } from './swebench-data.js';
import { evaluateInstances, usableInstances, type InstanceOutcome, type Skipped } from './swebench-eval.js';

function printText(args: SwebenchArgs, rows: Row[], skipped: Skipped[], outcomes: InstanceOutcome[]): string {
  const lines = [`data   ${args.data}`, `repos  ${args.repos}`, '', ...rankTables(rows, { label: 'repository', baseline: args.baseline }), ...footerLines(outcomes, skipped)];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const args = parseSwebenchArgs(process.argv.slice(2));
  const selected = selectInstances(loadSwebench(args.data), args);
  const { usable, skipped } = await usableInstances(selected, args.repos);
  // A long run's answers can be studied before it ends: each instance is appended as one JSON line beside the dump.
  const partial = args.dump ? `${args.dump}.partial.jsonl` : null;
  if (partial) fs.writeFileSync(partial, '');
  const outcomes = await evaluateInstances(usable, {
    reposDir: args.repos, baseline: args.baseline, keepFiles: args.dump !== null,
    onInstance: (o, done, total) => {
      if (partial) fs.appendFileSync(partial, `${JSON.stringify(o)}\n`);
      if (!args.json) process.stderr.write(`[${done}/${total}] ${o.id}: locate ${o.rank ?? '-'}, function ${o.functionRank ?? '-'}${args.baseline ? `, baseline ${o.baselineRank ?? '-'}` : ''} (${o.seconds.toFixed(2)} s, ${o.indexUpdate ? 'update' : 'build'} ${o.indexSeconds.toFixed(1)} s, CPU ${o.indexCpuSeconds.toFixed(1)} s, first locate ${o.firstLocateSeconds?.toFixed(2) ?? '-'} s)\n`);
    },
  });
  const repos = [...new Set(outcomes.map((o) => o.repo))].sort();
  const rows = [rowOf('all', outcomes, args.baseline), ...repos.map((r) => rowOf(r, outcomes.filter((o) => o.repo === r), args.baseline))];
  if (args.dump) fs.writeFileSync(args.dump, JSON.stringify(outcomes, null, 1));
  if (args.json) process.stdout.write(`${JSON.stringify({ data: args.data, rows, skipped, ranks: outcomes.map(({ located: _, golds: _g, symbolCandidates: _s, chunkHints: _c, ...o }) => o) })}\n`);
  else process.stdout.write(printText(args, rows, skipped, outcomes));
}

main().catch((error: unknown) => {
  process.stderr.write(`${isQuarryError(error) ? `${error.code}: ${error.message}` : String((error as Error).stack ?? error)}\n`);
  process.exit(isQuarryError(error) && error.code === 'INVALID_ARGUMENT' ? 2 : 1);
});
