/**
 * @module live/output-formats
 * Shapes search data into the live-search contract's token-frugal formats, cheapest first:
 * total_only (a bare integer), count_only_matches (per-file counts),
 * summary_only (top files with a few sample lines), group_by_file, full.
 * optimize_paths replaces repeated path prefixes by one `base`. Pure: the
 * data comes from live/search, the reply goes to the tool.
 */
import path from 'node:path';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { message } from '../contracts/messages/index.js';
import { estimateJsonTokens } from '../shape/tokens.js';
import { displayPath, type ProjectRoot } from './path-fence.js';
import type { CountData, LiveMatch, MatchData } from './search.js';

export const OUTPUT_FORMATS = ['total_only', 'count_only_matches', 'summary_only', 'group_by_file', 'full'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Rough reply sizes from the live-search contract, shown in descriptions and errors. */
export const FORMAT_TOKENS: Record<OutputFormat, string> = {
  total_only: '~10 tokens',
  count_only_matches: '~50-200 tokens',
  summary_only: '~500-2000 tokens',
  group_by_file: '~2000-10000 tokens',
  full: '~2000-50000+ tokens',
};

/** Formats that need matches (not just counts) from ripgrep. */
export function needsMatches(format: OutputFormat): boolean {
  return format === 'group_by_file' || format === 'full';
}

export interface ShapeInput {
  format: OutputFormat;
  optimizePaths: boolean;
  root: ProjectRoot;
  locale: Locale;
  cached: boolean;
  extra?: Record<string, unknown>;
}

/** Longest common folder (posix, relative to the project root) of the given display paths. */
export function commonDir(files: readonly string[]): string {
  if (files.length === 0) return '';
  let parts = path.posix.dirname(files[0]!).split('/');
  for (const file of files.slice(1)) {
    const other = path.posix.dirname(file).split('/');
    let i = 0;
    while (i < parts.length && parts[i] === other[i]) i++;
    parts = parts.slice(0, i);
  }
  const dir = parts.join('/');
  return dir === '.' ? '' : dir;
}

interface PathView { show: (abs: string) => string; base: Record<string, string> }

function pathView(input: ShapeInput, absPaths: readonly string[]): PathView {
  const rel = (abs: string) => displayPath(input.root, abs);
  if (!input.optimizePaths) return { show: rel, base: {} };
  const prefix = commonDir(absPaths.map(rel));
  if (!prefix) return { show: rel, base: {} };
  return { show: (abs) => rel(abs).slice(prefix.length + 1), base: { base: prefix } };
}

function sortedCounts(counts: ReadonlyMap<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Adds totals, warnings, hints and the token estimate every reply carries. */
function finish(input: ShapeInput, data: CountData, body: Record<string, unknown>, truncated: boolean, cheaper: OutputFormat | null): Record<string, unknown> {
  const warnings = [...data.warnings];
  const reply: Record<string, unknown> = {
    ok: true,
    format: input.format,
    total_matches: data.exact ? data.total : null,
    ...(data.exact ? {} : { total_matches_at_least: data.total }),
    file_count: data.counts.size,
    truncated: truncated || !data.exact,
    ...body,
    ...(input.extra ?? {}),
    cached: input.cached,
  };
  let tokens = estimateJsonTokens(reply);
  if (cheaper && tokens > LIVE.tokenWarning) warnings.push(message('live.token_warning', { tokens, cheaper }, input.locale));
  if (warnings.length > 0) reply.warnings = warnings;
  tokens = estimateJsonTokens(reply) + 4;
  reply.estimated_tokens = tokens;
  return reply;
}

export function shapeCounts(input: ShapeInput, data: CountData): number | Record<string, unknown> {
  if (input.format === 'total_only') {
    if (data.exact && data.warnings.length === 0) return data.total;
    return finish(input, data, {}, false, null);
  }
  const ranked = sortedCounts(data.counts);
  const shown = ranked.slice(0, LIVE.countFilesMax);
  const view = pathView(input, shown.map(([file]) => file));
  const files = Object.fromEntries(shown.map(([file, count]) => [view.show(file), count]));
  return finish(input, data, { ...view.base, files }, shown.length < ranked.length, 'total_only');
}

export function shapeSummary(input: ShapeInput, data: CountData, samples: ReadonlyMap<string, LiveMatch[]>): Record<string, unknown> {
  const top = sortedCounts(data.counts).slice(0, LIVE.summaryFiles);
  const view = pathView(input, top.map(([file]) => file));
  const cut = (line: string) => (line.length > LIVE.summaryLineChars ? `${line.slice(0, LIVE.summaryLineChars)}…` : line);
  const topFiles = top.map(([file, count]) => ({
    file: view.show(file),
    count,
    samples: (samples.get(file) ?? []).slice(0, LIVE.summarySamples).map((m) => ({ line_number: m.line_number, line: cut(m.line.trim()) })),
  }));
  const truncated = data.counts.size > top.length || top.some(([, count]) => count > LIVE.summarySamples);
  return finish(input, data, { ...view.base, top_files: topFiles }, truncated, 'count_only_matches');
}

function matchWithoutPaths(m: LiveMatch): Omit<LiveMatch, 'file' | 'abs_path'> {
  const { file: _file, abs_path: _abs, ...rest } = m;
  return rest;
}

export function shapeMatches(input: ShapeInput, data: MatchData): Record<string, unknown> {
  const view = pathView(input, data.matches.map((m) => m.abs_path));
  const truncated = !data.complete;
  const warnings = truncated && data.exact
    ? [message('live.matches_truncated', { shown: data.matches.length, total: data.total }, input.locale)] : [];
  const withWarnings = { ...data, warnings: [...data.warnings, ...warnings] };
  if (input.format === 'group_by_file') {
    const groups = new Map<string, LiveMatch[]>();
    for (const m of data.matches) groups.set(m.abs_path, [...(groups.get(m.abs_path) ?? []), m]);
    const files = [...groups].map(([abs, list]) => ({ file: view.show(abs), count: data.counts.get(abs) ?? list.length, matches: list.map(matchWithoutPaths) }));
    return finish(input, withWarnings, { ...view.base, files }, truncated, 'summary_only');
  }
  const matches = input.optimizePaths
    ? data.matches.map((m) => ({ file: view.show(m.abs_path), ...matchWithoutPaths(m) }))
    : data.matches;
  return finish(input, withWarnings, { ...view.base, matches }, truncated, 'summary_only');
}
