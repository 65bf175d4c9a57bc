/**
 * @module live/fd
 * list_files options -> fd arguments, and fd's output -> absolute paths.
 * fd 8 has no `--format` (it came in fd 10), so Quarry asks for NUL-separated
 * absolute paths (`-0 -a`, colour off), stats the entries itself, and never
 * parses human output. fd stops itself after the scan budget (--max-results).
 * fd 8 honours .gitignore only inside a git work tree and has no
 * --no-require-git (fd 9 does); elsewhere the same rules are applied here
 * with the indexer's ignore stack, so .gitignore means the same to every tool.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { IgnoreStack } from '../ingest/ignore-rules.js';
import type { Binary } from './binaries.js';
import { liveError, refusedRunError } from './live-error.js';
import type { ProjectRoot } from './path-fence.js';
import { runProcess } from './run-process.js';

export const FD_TYPES = ['f', 'd', 'l', 'x', 'e', 's', 'p', 'file', 'directory', 'symlink', 'executable', 'empty', 'socket', 'pipe'] as const;
export type FdType = (typeof FD_TYPES)[number];

export interface ListOptions {
  /** Fenced real absolute folders. */
  roots: string[];
  pattern: string | null;
  glob: boolean;
  types: FdType[];
  extensions: string[];
  exclude: string[];
  depth: number | null;
  followSymlinks: boolean;
  hidden: boolean;
  noIgnore: boolean;
  size: string[];
  changedWithin: string | null;
  changedBefore: string | null;
  fullPathMatch: boolean;
}

/** fd's argument array: flags with `=` values (a value starting with "-" stays a value), `--` before the pattern. */
export function fdArgs(options: ListOptions, fdVersion: readonly number[], budget: number = LIVE.fdScanBudget): string[] {
  const args = ['--color=never', '--print0', '--absolute-path', `--max-results=${budget + 1}`];
  if (options.glob) args.push('--glob');
  if (options.hidden) args.push('--hidden');
  if (options.noIgnore) args.push('--no-ignore');
  else if ((fdVersion[0] ?? 0) >= 9) args.push('--no-require-git');
  if (options.followSymlinks) args.push('--follow');
  if (options.fullPathMatch) args.push('--full-path');
  if (options.depth !== null) args.push(`--max-depth=${options.depth}`);
  for (const type of options.types) args.push(`--type=${type}`);
  for (const ext of options.extensions) args.push(`--extension=${ext.replace(/^\./, '')}`);
  for (const glob of options.exclude) args.push(`--exclude=${glob}`);
  for (const size of options.size) args.push(`--size=${size}`);
  if (options.changedWithin) args.push(`--changed-within=${options.changedWithin}`);
  if (options.changedBefore) args.push(`--changed-before=${options.changedBefore}`);
  for (const root of options.roots) args.push(`--search-path=${root}`);
  if (options.pattern !== null) args.push('--', options.pattern);
  return args;
}

export interface FdListing {
  /** Absolute paths, sorted, without fd's trailing "/" on folders. */
  paths: string[];
  dirs: Set<string>;
  /** fd listed more than the scan budget; `paths` holds the first budget entries. */
  budgetHit: boolean;
  elapsedMs: number;
}

function insideGitWorkTree(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}

/** Filters entries with .gitignore rules where fd itself would not apply them (fd 8 outside a git work tree). */
function gitignoreFilter(root: ProjectRoot): (abs: string, isDir: boolean) => boolean {
  const stacks = new Map<string, IgnoreStack>();
  const stackFor = (relDir: string): IgnoreStack => {
    let stack = stacks.get(relDir);
    if (!stack) {
      stack = relDir === ''
        ? IgnoreStack.forRoot(root.real)
        : stackFor(path.posix.dirname(relDir) === '.' ? '' : path.posix.dirname(relDir)).enter(path.join(root.real, relDir), relDir);
      stacks.set(relDir, stack);
    }
    return stack;
  };
  return (abs, isDir) => {
    const rel = path.relative(root.real, abs).split(path.sep).join('/');
    if (rel === '' || rel.startsWith('..')) return true;
    const dir = path.posix.dirname(rel);
    return !stackFor(dir === '.' ? '' : dir).ignores(rel, isDir);
  };
}

/** Runs fd; fd's own errors (bad regex, bad size or date) become INVALID_ARGUMENT with fd's words. */
export async function runFd(
  fd: Binary, options: ListOptions, root: ProjectRoot, timeoutMs: number, locale: Locale,
  timeoutKey: 'live.list_timeout' | 'live.timeout' = 'live.list_timeout', signal?: AbortSignal,
): Promise<FdListing> {
  const budget = LIVE.fdScanBudget;
  const needsFilter = !options.noIgnore && (fd.version[0] ?? 0) < 9 && !options.roots.every(insideGitWorkTree);
  const keep = needsFilter ? gitignoreFilter(root) : () => true;
  const paths: string[] = [];
  const dirs = new Set<string>();
  let seen = 0;
  const outcome = await runProcess({
    command: fd.path, args: fdArgs(options, fd.version, budget), cwd: root.real, timeoutMs, separator: '\0', signal,
    onRecord: (record) => {
      seen++;
      if (seen > budget) return false;
      const isDir = record.endsWith('/');
      const abs = isDir ? record.slice(0, -1) : record;
      if (!keep(abs, isDir)) return true;
      paths.push(abs);
      if (isDir) dirs.add(abs);
      return true;
    },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall?.startsWith('spawn')) throw liveError('UNAVAILABLE', 'live.fd_missing', { reason: error.message }, locale);
    throw error;
  });
  const refused = refusedRunError(outcome, locale);
  if (refused) throw refused;
  if (outcome.timedOut) throw liveError('TIMEOUT', timeoutKey, { ms: timeoutMs }, locale);
  if (!outcome.stopped && outcome.code !== 0) {
    const reason = outcome.stderr.replace(/^\[fd error\]:\s*/, '').trim() || `signal ${outcome.signal}`;
    if (/regex parse error|error parsing/i.test(reason)) throw liveError('QUERY_SYNTAX', 'live.pattern_invalid', { tool: 'fd', reason }, locale);
    throw liveError(outcome.code === 1 ? 'INVALID_ARGUMENT' : 'UNAVAILABLE', 'live.tool_failed', { tool: 'fd', code: outcome.code ?? 'killed', reason }, locale);
  }
  paths.sort();
  return { paths, dirs, budgetHit: outcome.stopped, elapsedMs: outcome.elapsedMs };
}

export interface FileEntry {
  path: string;
  is_dir: boolean;
  size_bytes: number | null;
  mtime: string | null;
  ext: string | null;
}

/** Stats listed entries (lstat unless links are followed, as fd listed them). A vanished entry keeps null fields. */
export async function statEntries(paths: readonly string[], dirs: ReadonlySet<string>, follow: boolean): Promise<FileEntry[]> {
  const stat = follow ? fs.promises.stat : fs.promises.lstat;
  return Promise.all(paths.map(async (abs): Promise<FileEntry> => {
    const base = path.basename(abs);
    const dot = base.lastIndexOf('.');
    try {
      const st = await stat(abs);
      const isDir = st.isDirectory();
      return {
        path: abs, is_dir: isDir, size_bytes: isDir ? null : st.size, mtime: st.mtime.toISOString(),
        ext: !isDir && dot > 0 ? base.slice(dot + 1) : null,
      };
    } catch {
      // removed between listing and stat: still listed, metadata unknown
      return { path: abs, is_dir: dirs.has(abs), size_bytes: null, mtime: null, ext: dot > 0 ? base.slice(dot + 1) : null };
    }
  }));
}
