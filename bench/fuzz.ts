/**
 * @module bench/fuzz
 * `npm run fuzz -- [--seconds N] [--inputs N] [--seed S] [--concurrency N] [--json]`
 * Hostile generated inputs to every tool through every door of the built
 * Quarry (MCP over HTTP and stdio, REST, `quarry call`), on 127.0.0.1 only.
 * Prints inputs tried and counts of crashes, 500s/INTERNAL errors, answers
 * over budget and escapes, then the fixed classes (special files, uploads,
 * event streams, PostgreSQL inputs) with their probes failed and tried;
 * exits 1 when any count is above 0.
 * Defaults: 10,000 inputs, at most 900 s, seed from the clock (printed, so a
 * run can be repeated with --seed).
 */
import { FAILURE_CLASSES } from './fuzz/judge.js';
import { formatReport, runFuzz } from './fuzz/run-fuzz.js';

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function numberFlag(args: string[], name: string, fallback: number): number {
  const value = flag(args, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`${name} takes a number, not ${value}\n`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seconds = numberFlag(args, '--seconds', 900);
  // With only --seconds, the time decides; with only --inputs (or neither), the count does.
  const inputs = numberFlag(args, '--inputs', flag(args, '--seconds') !== undefined ? Number.MAX_SAFE_INTEGER : 10_000);
  const seed = numberFlag(args, '--seed', Date.now() % 1_000_000);
  const report = await runFuzz({
    seed, inputs, seconds, concurrency: numberFlag(args, '--concurrency', 4), cliEvery: numberFlag(args, '--cli-every', 200),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify({ ...report, tally: { ...report.tally, latencies: undefined } })}\n`);
  else process.stdout.write(formatReport(report));
  const failed = FAILURE_CLASSES.some((cls) => report.tally.counts[cls] > 0) || report.classes.some((c) => c.failed > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
