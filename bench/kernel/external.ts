/**
 * @module bench/kernel/external
 * The anchors run on the same tree in the same run: ripgrep (the same file
 * set as the index walks) and, when installed, codesearch (`cindex` and
 * `csearch`, Debian package `codesearch`). Each search's output is read
 * through a pipe, not sent to /dev/null: ripgrep stops at a file's first
 * match when its output is /dev/null, which would time less work.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The same file set for ripgrep as the index walks (see search/rg-parity.test.ts). */
const RG_FILE_SET = ['--hidden', '--no-require-git', '--no-ignore-parent'];

export interface TimedSearch {
  ms: number;
  /** Matching lines printed. */
  lines: number;
}

function countLines(out: Buffer): number {
  let n = 0;
  for (let i = out.indexOf(10); i !== -1; i = out.indexOf(10, i + 1)) n++;
  return n;
}

function timedRun(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): TimedSearch {
  const start = performance.now();
  const run = spawnSync(command, args, { ...options, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command} ${args.join(' ')}: ${run.stderr.toString()}`);
  return { ms, lines: countLines(run.stdout) };
}

/**
 * Symlinked files whose targets stay inside `dir`: the index holds them under the link's path,
 * but ripgrep follows no link while walking, so they are named to it explicitly (it searches a
 * named path whatever it is). Linked folders are followed by neither.
 */
export function symlinkedFiles(dir: string): string[] {
  const list = (extra: string[]) => new Set(spawnSync('rg', [...RG_FILE_SET, ...extra, '--files', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout.split('\n').filter(Boolean));
  const walked = list([]);
  const root = fs.realpathSync(dir) + path.sep;
  return [...list(['-L'])].filter((file) => {
    if (walked.has(file)) return false;
    const abs = path.join(path.resolve(dir), file);
    // Only a link itself, not a file reached through a linked folder.
    return fs.realpathSync(path.dirname(abs)) === path.dirname(abs) && fs.lstatSync(abs).isSymbolicLink() && fs.realpathSync(abs).startsWith(root);
  });
}

export function ripgrep(dir: string, args: string[], extraPaths: readonly string[] = []): TimedSearch {
  return timedRun('rg', [...RG_FILE_SET, ...args, '.', ...extraPaths], { cwd: dir });
}

export function hasCommand(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, name)));
}

export interface Codesearch {
  indexSeconds: number;
  indexBytes: number;
  search(args: string[]): TimedSearch;
}

/** Builds a fresh csearch index of `dir` in `indexFile` (null when codesearch is not installed). */
export function codesearch(dir: string, indexFile: string): Codesearch | null {
  if (!hasCommand('cindex') || !hasCommand('csearch')) return null;
  fs.rmSync(indexFile, { force: true });
  const env = { ...process.env, CSEARCHINDEX: indexFile };
  const start = performance.now();
  const run = spawnSync('cindex', [path.resolve(dir)], { env, stdio: ['ignore', 'ignore', 'ignore'] });
  if (run.status !== 0) return null;
  return {
    indexSeconds: (performance.now() - start) / 1000,
    indexBytes: fs.statSync(indexFile).size,
    search: (args) => timedRun('csearch', args, { env }),
  };
}
