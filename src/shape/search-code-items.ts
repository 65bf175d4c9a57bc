/**
 * @module shape/search-code-items
 * Turns engine hits into `search_code` items at the requested detail level.
 * Every level carries the search_code contract's guaranteed fields (id, file, repository,
 * language, relevance >= 0, highlights never null, start/end lines); levels
 * differ only in how much text comes along:
 * - full: the chunk text (or the matched line with its context lines), cut to `snippet_lines`
 *   around the first match when > 0;
 * - compact: at most three lines around the first match;
 * - ultra: one line, `path:line: text`.
 * Highlights are capped per line and per item (`highlights_truncated`); the
 * matched line of an exact/regex hit longer than ENGINE.snippetLineMaxChars
 * is cut around its first match (`line_truncated`, `line_offset`), and its
 * highlights then index the text shown.
 */
import { ENGINE, SEARCH_DISPLAY } from '../contracts/limits.js';
import type { DetailLevel } from '../contracts/search-code-params.js';
import { estimateTokens } from './tokens.js';
import { capHighlights, firstHighlightedLine, type Highlights } from './highlight.js';

export interface ShapeableHit {
  id: string;
  repository: string;
  path: string;
  language: string;
  startLine: number;
  endLine: number;
  symbol: string | null;
  score: number;
  /** The chunk's text (chunk hits) or the line's text (line hits). */
  text: string;
  highlights: Highlights;
  tokenCount: number;
  /** The line the hit is about (a call site, a definition); else its first highlight. */
  focusLine?: number;
  /** `text` is one matched line (exact/regex hits), with its context lines when `textStartLine` says so: a long matched line is cut around its match. */
  singleLine?: boolean;
  /** The line `text` starts at when it is not `startLine`: a line hit's context lines before it. */
  textStartLine?: number;
  /** The engine already left ranges out (its own per-line cap). */
  highlightsTruncated?: boolean;
}

export interface SearchCodeItem {
  id: string;
  file: string;
  repository: string;
  language: string;
  relevance: number;
  highlights: Highlights;
  start_line: number | null;
  end_line: number | null;
  symbol?: string;
  snippet?: string;
  snippet_start_line?: number;
  line?: string;
  token_count?: number;
  /** Some highlight ranges were left out (SEARCH_DISPLAY caps). */
  highlights_truncated?: true;
  /** The matched line was longer than ENGINE.snippetLineMaxChars and is shown cut around its match. */
  line_truncated?: true;
  /** Character offset in the source line where the shown text starts (after the leading ellipsis, if any). */
  line_offset?: number;
}

/** Marks the cut side(s) of a long line. */
export const ELLIPSIS = '…';

interface CutLine {
  text: string;
  offset: number;
  ranges: [number, number][];
  /** Some ranges fell outside the shown window. */
  dropped: boolean;
}

/**
 * `line` cut to `max` characters around its first range (a quarter of the
 * window as lead-in), with ELLIPSIS on each cut side; ranges move into the
 * cut text's coordinates and those outside it are dropped.
 */
export function cutLine(line: string, ranges: readonly [number, number][], max: number): CutLine {
  const first = ranges[0]?.[0] ?? 0;
  const begin = Math.max(0, Math.min(first - Math.floor(max / 4), line.length - max));
  const end = Math.min(line.length, begin + max);
  const lead = begin > 0 ? ELLIPSIS : '';
  const shift = lead.length - begin;
  const shown: [number, number][] = [];
  for (const [a, b] of ranges) {
    if (a >= end || b <= begin) continue;
    shown.push([Math.max(a, begin) + shift, Math.min(b, end) + shift]);
  }
  return { text: lead + line.slice(begin, end) + (end < line.length ? ELLIPSIS : ''), offset: begin, ranges: shown, dropped: shown.length < ranges.length };
}
/** A line cut at ENGINE.snippetLineMaxChars with a trailing ellipsis. */
export function clipLine(line: string): string {
  return line.length > ENGINE.snippetLineMaxChars ? `${line.slice(0, ENGINE.snippetLineMaxChars)}${ELLIPSIS}` : line;
}
const clip = clipLine;

/** The line a hit's `text` starts at. */
const textStart = (hit: ShapeableHit) => hit.textStartLine ?? hit.startLine;

/** A window of `size` lines of the hit around its first match (one line of lead-in when there is room). */
function window(hit: ShapeableHit, size: number): { text: string; start: number } {
  const lines = hit.text.split('\n');
  const start = textStart(hit);
  if (lines.length <= size) return { text: lines.map(clip).join('\n'), start };
  const focus = (hit.focusLine ?? firstHighlightedLine(hit.highlights) ?? hit.startLine) - start;
  const leadIn = size >= 3 ? 1 : 0;
  const from = Math.max(0, Math.min(focus - leadIn, lines.length - size));
  return { text: lines.slice(from, from + size).map(clip).join('\n'), start: start + from };
}

export function roundRelevance(score: number): number {
  return Math.max(0, Math.round(score * 10_000) / 10_000);
}

/** A single-line hit whose matched line is too long to show: the item with that line cut around its match (its context lines are cut already). */
function cutSingleLine(hit: ShapeableHit, highlights: Highlights): { hit: ShapeableHit; cut: CutLine } | null {
  if (!hit.singleLine) return null;
  const lines = hit.text.split('\n');
  const at = hit.startLine - textStart(hit);
  const line = lines[at] ?? '';
  if (line.length <= ENGINE.snippetLineMaxChars) return null;
  const key = String(hit.startLine);
  const cut = cutLine(line, highlights[key] ?? [], ENGINE.snippetLineMaxChars);
  lines[at] = cut.text;
  const text = lines.join('\n');
  return { hit: { ...hit, text, highlights: { [key]: cut.ranges }, tokenCount: estimateTokens(text) }, cut };
}

export function shapeItem(original: ShapeableHit, level: DetailLevel, snippetLines: number): SearchCodeItem {
  const capped = capHighlights(original.highlights);
  const long = cutSingleLine(original, capped.highlights);
  const hit = long?.hit ?? { ...original, highlights: capped.highlights };
  const item: SearchCodeItem = {
    id: hit.id,
    file: hit.path || 'unknown',
    repository: hit.repository,
    language: hit.language,
    relevance: roundRelevance(hit.score),
    highlights: hit.highlights,
    start_line: hit.startLine,
    end_line: hit.endLine,
  };
  if (hit.symbol) item.symbol = hit.symbol;
  if (original.highlightsTruncated || capped.truncated || long?.cut.dropped) item.highlights_truncated = true;
  if (long) { item.line_truncated = true; item.line_offset = long.cut.offset; }
  if (level === 'ultra') {
    const focus = hit.focusLine ?? firstHighlightedLine(hit.highlights) ?? hit.startLine;
    const text = hit.text.split('\n')[focus - textStart(hit)] ?? '';
    item.line = `${item.file}:${focus}: ${long ? text : clip(text.trim())}`;
    return item;
  }
  const size = level === 'compact' ? (snippetLines > 0 ? Math.min(snippetLines, SEARCH_DISPLAY.compactLines) : SEARCH_DISPLAY.compactLines) : snippetLines;
  const cut = size > 0 ? window(hit, size) : { text: hit.text.split('\n').map(clip).join('\n'), start: textStart(hit) };
  item.snippet = cut.text;
  if (cut.start !== hit.startLine || cut.text.split('\n').length < hit.endLine - hit.startLine + 1) item.snippet_start_line = cut.start;
  if (level === 'full') item.token_count = hit.tokenCount;
  return item;
}
