/**
 * @module cli/early-search-worker
 * For a command that serves searches (`quarry mcp`, `quarry serve`): fork its
 * first search worker before the command's own modules load, so the two load
 * on both cores at once (search/search-worker-process). For `quarry mcp` the
 * worker is also told which index to open and read ahead, from the same
 * options commander will read (`--root`, `--index`, `--store`, QUARRY_STORE):
 * the server's own prestart later names the same index, which the worker
 * then has open. Options it cannot read here (a misspelt one) only cost the
 * early open; commander still reports them.
 */
import path from 'node:path';
import { forkEarlySearchWorker } from '../search/search-worker-process.js';
import { resolveStoreLocation } from '../store/store-location.js';
import type { StoreLocation } from '../store/store.js';

type EarlyIndex = { store: StoreLocation; root: string };

/** The value of `--NAME VALUE` or `--NAME=VALUE`, the last one given (as commander takes it). */
function optionValue(args: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (const [i, arg] of args.entries()) {
    if (arg === `--${name}`) value = args[i + 1];
    else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
  }
  return value;
}

/** Whether this run serves the code tools' searches: not for its help, nor with `--tools` that leave the code group out. */
function servesSearches(args: readonly string[]): boolean {
  if (args.includes('--help') || args.includes('-h')) return false;
  const groups = optionValue(args, 'tools');
  return groups === undefined || groups.split(',').some((g) => g.trim() === 'code');
}

/** What to start ahead for `command` run with `args` (the command line after its name): no worker, a worker, or one opening an index. */
export function earlyWorkerPlan(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): { index?: EarlyIndex } | null {
  if (!servesSearches(args)) return null;
  if (command !== 'mcp') return {};
  try {
    const root = path.resolve(optionValue(args, 'root') ?? '.');
    return { index: { store: resolveStoreLocation({ root, index: optionValue(args, 'index'), store: optionValue(args, 'store'), env }), root } };
  } catch {
    // Conflicting options: the command itself says so.
    return {};
  }
}

export function startEarlySearchWorker(command: string, args: readonly string[]): void {
  const plan = earlyWorkerPlan(command, args);
  if (plan) forkEarlySearchWorker(undefined, plan.index);
}
