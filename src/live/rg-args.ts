/**
 * @module live/rg-args
 * search options -> ripgrep's argument array. Two shapes: `--json` for
 * match-level formats, and `--count-matches` (NUL after each path) for the
 * count formats, whose output stays tiny however many matches there are.
 * `--no-config` keeps a user's RIPGREP_CONFIG_PATH from changing results;
 * `--no-require-git` makes .gitignore count outside a git work tree too.
 * Every value is passed as `--flag=value`, so a value starting with "-"
 * stays a value, and the query goes through `--regexp=`.
 */

export type CaseMode = 'smart' | 'insensitive' | 'sensitive';

export interface GrepOptions {
  query: string;
  fixedStrings: boolean;
  word: boolean;
  case: CaseMode;
  multiline: boolean;
  includeGlobs: string[];
  excludeGlobs: string[];
  followSymlinks: boolean;
  hidden: boolean;
  noIgnore: boolean;
  maxFilesizeBytes: number;
  contextBefore: number;
  contextAfter: number;
  /** Normalised ripgrep encoding label, or null for ripgrep's own BOM sniffing. */
  encoding: string | null;
  maxCount: number | null;
  timeoutMs: number;
}

export type RgMode = 'json' | 'count';

const CASE_FLAG: Record<CaseMode, string> = { smart: '--smart-case', insensitive: '--ignore-case', sensitive: '--case-sensitive' };

/** Flags that decide which lines match; shared by both modes so counts and matches agree. */
function matchFlags(options: GrepOptions, encoding: string | null): string[] {
  const args = ['--no-config', '--color=never', CASE_FLAG[options.case]];
  if (options.fixedStrings) args.push('--fixed-strings');
  if (options.word) args.push('--word-regexp');
  if (options.multiline) args.push('--multiline');
  if (options.hidden) args.push('--hidden');
  if (options.noIgnore) args.push('--no-ignore');
  else args.push('--no-require-git');
  if (options.followSymlinks) args.push('--follow');
  for (const glob of options.includeGlobs) args.push(`--glob=${glob}`);
  for (const glob of options.excludeGlobs) args.push(`--glob=!${glob.replace(/^!/, '')}`);
  args.push(`--max-filesize=${options.maxFilesizeBytes}`);
  if (encoding) args.push(`--encoding=${encoding}`);
  if (options.maxCount !== null) args.push(`--max-count=${options.maxCount}`);
  return args;
}

/**
 * The argument array for one rg run over `paths` (absolute, already fenced).
 * `encoding` overrides options.encoding for a detected group of files.
 */
export function rgArgs(options: GrepOptions, mode: RgMode, paths: readonly string[], encoding: string | null = options.encoding): string[] {
  const args = matchFlags(options, encoding);
  if (mode === 'json') {
    args.push('--json');
    if (options.contextBefore > 0) args.push(`--before-context=${options.contextBefore}`);
    if (options.contextAfter > 0) args.push(`--after-context=${options.contextAfter}`);
  } else {
    args.push('--count-matches', '--with-filename', '--null');
  }
  args.push(`--regexp=${options.query}`, '--', ...paths);
  return args;
}

/** Lists the files under `paths` that contain a byte >= 0x80: the only ones whose encoding can matter. */
export function rgNonAsciiFilesArgs(options: GrepOptions, paths: readonly string[]): string[] {
  const walk = { ...options, fixedStrings: false, word: false, multiline: false, case: 'sensitive' as const, maxCount: null };
  return [...matchFlags(walk, null), '--files-with-matches', '--null', '--regexp=(?-u:[\\x80-\\xFF])', '--', ...paths];
}

/** Splits a long file list into argv-sized batches (ripgrep has no --files-from). */
export function batchPaths(paths: readonly string[], maxBytes: number): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const file of paths) {
    const size = Buffer.byteLength(file) + 1;
    if (current.length > 0 && bytes + size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
