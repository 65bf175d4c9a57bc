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
import { clampedInt, warn, withDefault } from '../contracts/tool-input.js';
import { ripgrepEncoding } from '../live/encoding.js';
import { FD_TYPES, type ListOptions } from '../live/fd.js';
import { FORMAT_TOKENS, type OutputFormat } from '../live/output-formats.js';
import { fencePaths, type ProjectRoot } from '../live/path-fence.js';
import type { GrepOptions } from '../live/rg-args.js';
import { LiveService } from '../live/service.js';
import type { ToolContext } from './context.js';
import type { ToolCall } from './types.js';

const strings = z.array(z.string());

/** The caller's locale, bare (find_and_grep's) and described. */
export const bareLocaleField = z.string().max(35).optional();
export const localeField = bareLocaleField.describe('Message language: en, ja or cs.');

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

/**
 * Gives fields their descriptions. find_and_grep takes list_files' and
 * search_content's fields bare and names those tools instead: an agent reads
 * every definition at the start of each session, and the same words twice
 * cost it about 700 o200k tokens.
 */
function described<Shape extends Record<string, z.ZodType>>(shape: Shape, text: { [K in keyof Shape]?: string }): Shape {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, text[key] ? field.describe(text[key]) : field])) as Shape;
}

/** The inputs that select files, bare (find_and_grep's). */
export const bareListFields = {
  roots: strings.min(1),
  pattern: z.string().optional(),
  glob: z.boolean().optional(),
  types: z.array(z.enum(FD_TYPES)).optional(),
  extensions: strings.optional(),
  exclude: strings.optional(),
  depth: z.number().int().min(0).optional(),
  follow_symlinks: z.boolean().optional(),
  hidden: z.boolean().optional(),
  no_ignore: z.boolean().optional(),
  size: z.array(fdSize).optional(),
  changed_within: z.string().optional(),
  changed_before: z.string().optional(),
  full_path_match: z.boolean().optional(),
};

/** list_files inputs that select files, described where fd's name for them does not say enough. */
export const listFields = described(bareListFields, {
  roots: 'Relative folders, e.g. ["."].',
  pattern: 'Regex on the name (fd); a glob with glob=true.',
  extensions: 'Without the dot, e.g. ["ts"].',
  size: '"+10k", "-2M" (fd -S).',
  changed_within: '"2d" or "2024-01-31".',
});

/** The inputs that decide which lines match and how the reply looks, bare (find_and_grep's). */
export const bareGrepFields = {
  query: z.string().min(1),
  regex: z.boolean().optional(),
  fixed_strings: z.boolean().optional(),
  word: z.boolean().optional(),
  case: z.enum(['smart', 'insensitive', 'sensitive']).optional(),
  multiline: z.boolean().optional(),
  max_filesize: maxFilesize.optional(),
  context_before: clampedInt('context_before', LIVE.contextLines, { clampKey }).optional(),
  context_after: clampedInt('context_after', LIVE.contextLines, { clampKey }).optional(),
  encoding: z.string().optional(),
  max_count: clampedInt('max_count', LIVE.maxCount, { clampKey }).optional(),
  timeout_ms: withDefault(clampedInt('timeout_ms', LIVE.timeoutMs, { clampKey }).optional(), LIVE.timeoutMs.default),
  total_only: z.boolean().optional(),
  count_only_matches: z.boolean().optional(),
  summary_only: z.boolean().optional(),
  group_by_file: z.boolean().optional(),
  optimize_paths: z.boolean().optional(),
  max_results: withDefault(clampedInt('max_results', LIVE.matchLimit, { clampKey }).optional(), LIVE.matchLimit.default),
  locale: bareLocaleField,
};

/** search_content's inputs that decide which lines match, described where ripgrep's name for them does not say enough. */
export const grepFields = described(bareGrepFields, {
  query: 'A ripgrep regex, or literal text with fixed_strings.',
  case: 'smart (default): insensitive unless query has capitals.',
  multiline: 'Matches may span lines (\\n in query).',
  max_filesize: 'Skip larger: "10M" (default), at most 200M.',
  encoding: 'Default detected; e.g. Shift_JIS, GBK.',
  max_count: 'Per file.',
  optimize_paths: 'Paths relative to a common base field.',
  max_results: 'Lines shown; totals count all.',
  locale: 'Message language: en, ja or cs.',
});

/** How to spend tokens on a live search: the formats, cheapest first, with what each costs (search_content's description). */
export const WORKFLOW = [
  `Cheapest first, one format per call: total_only (${FORMAT_TOKENS.total_only}), count_only_matches (per file, ${FORMAT_TOKENS.count_only_matches}),`,
  `summary_only (top files, ${FORMAT_TOKENS.summary_only}), then group_by_file or full.`,
].join(' ');

/** Live search (fd + ripgrep) of a door: binaries and the coarser-format cache, made on first use. */
const liveService = (ctx: ToolContext) => new LiveService(ctx.root, ctx.env);

/** What every live tool starts a call with: its locale, the live service, the fenced root, the warnings parsing raised. */
export function startLiveCall(input: { warnings: string[] }, ctx: ToolContext, call: ToolCall) {
  const locale = call.locale;
  const live = ctx.part(liveService);
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
