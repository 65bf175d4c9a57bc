/**
 * @module bench/eval-commits
 * `npm run eval:commits -- --repos DIR [--data FILE] [--split dev|held|all]
 *   [--only REPO,...] [--instances ID,...] [--every N] [--json] [--dump FILE]`
 * File localisation on the multi-language commit set (Go, Rust,
 * TypeScript/JavaScript, Java, C): for each commit, locate is asked with the
 * commit message on an index of the commit's parent, and the files the
 * commit modifies are the gold. Acc@1/3/5/10 and MRR counting any gold file
 * and every gold file, and function level over locate's (file, symbol)
 * entries, overall, per language and per repository. DIR holds one git clone
 * per repository (`DIR/cobra`, `DIR/jq`); instances whose clone or commits
 * are missing are reported and left out. The split defaults to dev: tune on
 * dev only, report held beside it.
 */
import fs from 'node:fs';
import { isQuarryError } from '../src/contracts/errors.js';
import { parseCommitEvalArgs } from './commit-set-args.js';
import { commitPatch, loadCommitSet, splitCommitSet, toLocalisationInstance } from './commit-set-data.js';
import { footerLines, rankTables, rowOf } from './localisation-report.js';
import { selectInstances } from './swebench-args.js';
import { evaluateInstances, usableInstances } from './swebench-eval.js';
import { cloneDir } from './swebench-repos.js';

async function main(): Promise<void> {
  const args = parseCommitEvalArgs(process.argv.slice(2));
  const commits = selectInstances(splitCommitSet(loadCommitSet(args.data), args.split), args);
  const byId = new Map(commits.map((c) => [c.id, c]));
  const { usable, skipped } = await usableInstances(commits.map(toLocalisationInstance), args.repos);
  for (const instance of usable) instance.patch = await commitPatch(byId.get(instance.id)!, cloneDir(args.repos, instance.repo));
  const outcomes = await evaluateInstances(usable, {
    reposDir: args.repos, baseline: false, keepFiles: args.dump !== null,
    onInstance: (o, done, total) => {
      if (!args.json) process.stderr.write(`[${done}/${total}] ${o.id}: locate ${o.rank ?? '-'}, all ${o.rankAll ?? '-'}, function ${o.functionRank ?? '-'} (${o.seconds.toFixed(2)} s, ${o.indexUpdate ? 'update' : 'build'} ${o.indexSeconds.toFixed(1)} s, CPU ${o.indexCpuSeconds.toFixed(1)} s, first locate ${o.firstLocateSeconds?.toFixed(2) ?? '-'} s)\n`);
    },
  });
  const languageOf = (id: string) => byId.get(id)!.language;
  const languages = [...new Set(outcomes.map((o) => languageOf(o.id)))].sort();
  const repos = [...new Set(outcomes.map((o) => o.repo))].sort();
  const rows = [
    rowOf('all', outcomes, false),
    ...languages.map((l) => rowOf(l, outcomes.filter((o) => languageOf(o.id) === l), false)),
    ...repos.map((r) => rowOf(r, outcomes.filter((o) => o.repo === r), false)),
  ];
  if (args.dump) fs.writeFileSync(args.dump, JSON.stringify(outcomes, null, 1));
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ data: args.data, split: args.split, rows, skipped, ranks: outcomes.map(({ located: _, ...o }) => ({ ...o, language: languageOf(o.id) })) })}\n`);
    return;
  }
  const lines = [`data   ${args.data} (${args.split})`, `repos  ${args.repos}`, '', ...rankTables(rows, { label: 'language / repository', baseline: false }), ...footerLines(outcomes, skipped)];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${isQuarryError(error) ? `${error.code}: ${error.message}` : String((error as Error).stack ?? error)}\n`);
  process.exit(isQuarryError(error) && error.code === 'INVALID_ARGUMENT' ? 2 : 1);
});
