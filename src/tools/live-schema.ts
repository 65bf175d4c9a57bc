/**
 * @module tools/live-schema
 * The contract pieces the three live tools share: zod fields (published as
 * JSON Schema by every door, with their ranges), caps applied with a warning
 * while parsing, sizes, the rule that format flags exclude each other, the
 * caller's locale, and the recommended workflow text.
 */
import { z } from 'zod';
import { catalogueIssue } from '../contracts/error-map.js';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { clampedInt, warn } from '../contracts/tool-input.js';
import { ripgrepEncoding } from '../live/encoding.js';
import { FD_TYPES, type ListOptions } from '../live/fd.js';
import { FORMAT_TOKENS, type OutputFormat } from '../live/output-formats.js';
import { fencePaths, type ProjectRoot } from '../live/path-fence.js';
import type { GrepOptions } from '../live/rg-args.js';
import type { ToolContext } from './context.js';
import type { ToolCall } from './types.js';

const strings = z.array(z.string());

export const localeField = z.string().max(35).optional().describe('Language of error messages and warnings: en, ja or cs (default: --locale, QUARRY_LOCALE, then LANG).');

const clampKey = 'live.clamped' as const;

const FD_SIZE = /^[+-]?\d+(b|k|m|g|t|ki|mi|gi|ti)?$/i;

/** An fd size filter ("+10k", "-2M"). */
const fdSize = z.string().superRefine((value, ctx) => {
  if (!FD_SIZE.test(value)) ctx.addIssue(catalogueIssue('live.size_invalid', { param: 'size', value }));
});

/** max_filesize in bytes: a size like "10M", capped at 200M with a warning. */
const maxFilesize = z.string().transform((value, ctx) => {
  const bytes = sizeBytes(value);
  if (bytes === null) {
    ctx.addIssue(catalogueIssue('live.size_invalid', { param: 'max_filesize', value }));
    return z.NEVER;
  }
  if (bytes > LIVE.maxFilesizeCap) {
    warn(clampKey, { param: 'max_filesize', value, max: '200M' });
    return LIVE.maxFilesizeCap;
  }
  return bytes;
});

/** list_files inputs that select files (shared with find_and_grep). */
export const listFields = {
  roots: strings.min(1).describe('Folders to list, relative to the project root (or absolute inside it), e.g. ["."] or ["src"].'),
  pattern: z.string().optional().describe('Regex on the file name (fd syntax); a glob when glob=true.'),
  glob: z.boolean().optional().describe('pattern is a glob ("*.ts") instead of a regex. Default false.'),
  types: z.array(z.enum(FD_TYPES)).optional().describe('fd -t: f(ile), d(irectory), l (symlink), x (executable), e (empty), s, p.'),
  extensions: strings.optional().describe('fd -e: file extensions without dot, e.g. ["ts","tsx"].'),
  exclude: strings.optional().describe('fd -E: globs to leave out, e.g. ["node_modules","*.min.js"].'),
  depth: z.number().int().min(0).optional().describe('fd -d: maximum folder depth below each root.'),
  follow_symlinks: z.boolean().optional().describe('Follow symbolic links (entries reached outside the project are left out). Default false.'),
  hidden: z.boolean().optional().describe('Include hidden files. Default false.'),
  no_ignore: z.boolean().optional().describe('Ignore .gitignore/.ignore rules. Default false (they are respected).'),
  size: z.array(fdSize).optional().describe('fd -S size filters, e.g. ["+10k","-2M"].'),
  changed_within: z.string().optional().describe('Modified within a duration or since a date: "2d", "10h", "2024-01-31".'),
  changed_before: z.string().optional().describe('Modified before a duration ago or a date.'),
  full_path_match: z.boolean().optional().describe('Match pattern against the full path (fd -p). Default false.'),
};

/** search_content inputs that decide which lines match (shared with find_and_grep). */
export const grepFields = {
  query: z.string().min(1).describe('What to find: a regex (ripgrep syntax) or, with fixed_strings, literal text.'),
  regex: z.boolean().optional().describe('Default true. false = literal text (same as fixed_strings=true).'),
  fixed_strings: z.boolean().optional().describe('Literal text, no regex (rg -F).'),
  word: z.boolean().optional().describe('Whole words only (rg -w).'),
  case: z.enum(['smart', 'insensitive', 'sensitive']).optional().describe('smart (default): insensitive unless the query has a capital letter.'),
  multiline: z.boolean().optional().describe('Let matches span lines (rg -U); use \\n in the query.'),
  max_filesize: maxFilesize.optional().describe('Skip bigger files: "500K", "10M" (default 10M, cap 200M: larger is clamped with a warning).'),
  context_before: clampedInt('context_before', LIVE.contextLines, { clampKey }).optional().describe(`Lines before each match (${LIVE.contextLines.min}-${LIVE.contextLines.max}; larger is clamped with a warning).`),
  context_after: clampedInt('context_after', LIVE.contextLines, { clampKey }).optional().describe(`Lines after each match (${LIVE.contextLines.min}-${LIVE.contextLines.max}; larger is clamped with a warning).`),
  encoding: z.string().optional().describe('File encoding: Shift_JIS/CP932/SJIS, GBK/GB2312, latin-1/ISO-8859-1, UTF-16, UTF-8, ASCII, ... Default: detected (BOM, UTF-8, chardet > 70%, Latin-1).'),
  max_count: clampedInt('max_count', LIVE.maxCount, { clampKey }).optional().describe(`At most this many matching lines per file (rg -m), ${LIVE.maxCount.min}-${LIVE.maxCount.max}.`),
  timeout_ms: clampedInt('timeout_ms', LIVE.timeoutMs, { clampKey }).optional().describe(`Stop after this long with a TIMEOUT error (default ${LIVE.timeoutMs.default}, cap ${LIVE.timeoutMs.max}: larger is clamped with a warning).`),
  total_only: z.boolean().optional().describe(`Reply is one integer: the number of matches (${FORMAT_TOKENS.total_only}).`),
  count_only_matches: z.boolean().optional().describe(`Matches per file plus the total (${FORMAT_TOKENS.count_only_matches}).`),
  summary_only: z.boolean().optional().describe(`Top ${LIVE.summaryFiles} files with ${LIVE.summarySamples} sample lines each (${FORMAT_TOKENS.summary_only}).`),
  group_by_file: z.boolean().optional().describe(`Matches grouped per file (${FORMAT_TOKENS.group_by_file}).`),
  optimize_paths: z.boolean().optional().describe('Strip the folder common to all paths into one "base" field (10-30% fewer tokens).'),
  max_results: clampedInt('max_results', LIVE.matchLimit, { clampKey }).optional().describe(`Matching lines returned by group_by_file/full (default ${LIVE.matchLimit.default}, cap ${LIVE.matchLimit.max}); totals always count all.`),
  locale: localeField,
};

export const WORKFLOW = [
  '🎯 RECOMMENDED WORKFLOW (most efficient): 1. total_only=true to count (~10 tokens);',
  '2. count_only_matches=true for the distribution over files (~50-200 tokens);',
  '3. summary_only=true for sample lines of the top files (~500-2000 tokens);',
  '4. group_by_file=true or full results only when you must read the matches (~2000-50000+ tokens).',
  '💡 A coarser format of the same search right after a richer one is answered from a cache.',
  '⚠️ total_only, count_only_matches, summary_only and group_by_file are mutually exclusive.',
].join(' ');

/** What every live tool starts a call with: its locale, the live service, the fenced root, the warnings parsing raised. */
export function startLiveCall(input: { warnings: string[] }, ctx: ToolContext, call: ToolCall) {
  const locale = call.locale;
  const live = ctx.live();
  return { locale, live, root: live.root(), warnings: [...input.warnings] };
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** "10M" -> bytes (ripgrep's K/M/G are powers of 1024); null when it is not a size. */
export function sizeBytes(value: string): number | null {
  const match = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
  return match && unit !== undefined ? Number(match[1]) * unit : null;
}

type ListRaw = { [K in keyof typeof listFields]?: z.output<(typeof listFields)[K]> };

export function listOptions(raw: ListRaw, root: ProjectRoot, locale: Locale): ListOptions {
  return {
    roots: fencePaths(root, raw.roots ?? [], 'roots', locale),
    pattern: raw.pattern ?? null,
    glob: raw.glob ?? false,
    types: raw.types ?? [],
    extensions: raw.extensions ?? [],
    exclude: raw.exclude ?? [],
    depth: raw.depth ?? null,
    followSymlinks: raw.follow_symlinks ?? false,
    hidden: raw.hidden ?? false,
    noIgnore: raw.no_ignore ?? false,
    size: raw.size ?? [],
    changedWithin: raw.changed_within ?? null,
    changedBefore: raw.changed_before ?? null,
    fullPathMatch: raw.full_path_match ?? false,
  };
}

type GrepRaw = { [K in keyof typeof grepFields]?: z.output<(typeof grepFields)[K]> } & {
  follow_symlinks?: boolean; hidden?: boolean; no_ignore?: boolean; include_globs?: string[]; exclude_globs?: string[];
};

const FORMAT_FLAGS = ['total_only', 'count_only_matches', 'summary_only', 'group_by_file'] as const;

/** Refinement of every grep tool: two format flags at once are refused, naming both and the cheaper one. */
export function formatRule(raw: GrepRaw, ctx: z.RefinementCtx): void {
  const exclusive = (a: string, b: string, cheaper: string, tokens: string) =>
    ctx.addIssue(catalogueIssue('live.exclusive', { a, b, cheaper: `${cheaper}=true`, tokens }));
  const set = FORMAT_FLAGS.filter((flag) => raw[flag] === true);
  if (set.length > 1) exclusive(set[0]!, set[1]!, set[0]!, FORMAT_TOKENS[set[0]!]);
  else if (raw.optimize_paths && set[0] === 'total_only') exclusive('total_only', 'optimize_paths', 'total_only', FORMAT_TOKENS.total_only);
  else if (raw.regex === true && raw.fixed_strings === true) exclusive('regex', 'fixed_strings', 'fixed_strings', 'literal text, no regex engine');
}

/** The output format (the schema has already refused two at once). */
export function outputFormat(raw: GrepRaw): OutputFormat {
  return FORMAT_FLAGS.find((flag) => raw[flag] === true) ?? 'full';
}

/** ripgrep options from parsed input; caps were applied (with warnings) while parsing. */
export function grepOptions(raw: GrepRaw, locale: Locale): GrepOptions {
  return {
    query: raw.query ?? '',
    fixedStrings: raw.fixed_strings === true || raw.regex === false,
    word: raw.word ?? false,
    case: raw.case ?? 'smart',
    multiline: raw.multiline ?? false,
    includeGlobs: raw.include_globs ?? [],
    excludeGlobs: raw.exclude_globs ?? [],
    followSymlinks: raw.follow_symlinks ?? false,
    hidden: raw.hidden ?? false,
    noIgnore: raw.no_ignore ?? false,
    maxFilesizeBytes: raw.max_filesize ?? LIVE.maxFilesizeDefault,
    contextBefore: raw.context_before ?? 0,
    contextAfter: raw.context_after ?? 0,
    encoding: raw.encoding ? ripgrepEncoding(raw.encoding, locale) : null,
    maxCount: raw.max_count ?? null,
    timeoutMs: raw.timeout_ms ?? LIVE.timeoutMs.default,
  };
}

/** Adds parameter warnings (clamps) to a reply; a bare integer stays bare. */
export function withWarnings(reply: number | Record<string, unknown>, warnings: string[]): number | Record<string, unknown> {
  if (typeof reply === 'number' || warnings.length === 0) return reply;
  return { ...reply, warnings: [...warnings, ...((reply.warnings as string[] | undefined) ?? [])] };
}
