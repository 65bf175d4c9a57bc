/**
 * @module test-support/module-probe
 * Which modules a real CLI run loads: the built CLI runs as a child process
 * with a probe preloaded (`--import` through NODE_OPTIONS, so processes it
 * forks are probed too) that appends every ES module a loader hook sees, and
 * at exit every CommonJS module in require's cache, to one log file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, type CliResult } from './cli.js';
import { makeTree } from './temp-tree.js';

/** Runs in the loader thread: every ES module (and CommonJS one entered by import) as it loads. */
const HOOKS = `import fs from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  fs.appendFileSync(log, url + '\\n');
  return next(url, context);
}
`;

/** Preloaded into each probed process: registers the hooks, and at exit lists the CommonJS modules it required. */
const PROBE = `import fs from 'node:fs';
import { createRequire, register } from 'node:module';
const log = process.env.QUARRY_MODULE_LOG;
register(new URL('./hooks.mjs', import.meta.url), import.meta.url, { data: { log } });
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const required = Object.keys(require.cache).map((file) => String(new URL('file://' + file)));
  fs.appendFileSync(log, required.map((url) => url + '\\n').join(''));
});
`;

export interface ProbedRun extends CliResult {
  /** Every module URL loaded by the CLI's process and any process it forked (node: built-ins included). */
  modules: string[];
}

/** Runs `quarry ARGS` and says which modules it loaded. */
export async function runCliProbed(args: string[], options: Parameters<typeof runCli>[1] = {}): Promise<ProbedRun> {
  const dir = makeTree({ 'hooks.mjs': HOOKS, 'probe.mjs': PROBE, 'modules.log': '' });
  const log = path.join(dir, 'modules.log');
  const probe = pathToFileURL(path.join(dir, 'probe.mjs')).href;
  const result = await runCli(args, { ...options, env: { ...options.env, QUARRY_MODULE_LOG: log, NODE_OPTIONS: `--import=${probe}` } });
  const modules = [...new Set(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean))];
  return { ...result, modules };
}

/** The loaded modules whose URL contains any of `parts` (a package's folder, a folder of dist/). */
export function loadedOf(modules: readonly string[], parts: readonly string[]): string[] {
  return modules.filter((url) => parts.some((part) => url.includes(part)));
}
