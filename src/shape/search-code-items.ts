/**
 * @module shape/search-code-items
 * Turns engine hits into `search_code` items at the requested detail level.
 * Every level carries the seed's guaranteed fields (id, file, repository,
 * language, relevance >= 0, highlights never null, start/end lines); levels
 * differ only in how much text comes along:
 * - full: the chunk (or line) text, cut to `snippet_lines` around the first match when > 0;
 * - compact: at most three lines around the first match;
 * - ultra: one line, `path:line: text`.
 */
import { ENGINE, SEARCH_DISPLAY } from '../contracts/limits.js';
import type { DetailLevel } from '../contracts/search-code-params.js';
import { firstHighlightedLine, type Highlights } from './highlight.js';

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
}

function clip(line: string): string {
  return line.length > ENGINE.snippetLineMaxChars ? `${line.slice(0, ENGINE.snippetLineMaxChars)}…` : line;
}

/** A window of `size` lines of the hit around its first match (one line of lead-in when there is room). */
function window(hit: ShapeableHit, size: number): { text: string; start: number } {
  const lines = hit.text.split('\n');
  if (lines.length <= size) return { text: lines.map(clip).join('\n'), start: hit.startLine };
  const focus = (hit.focusLine ?? firstHighlightedLine(hit.highlights) ?? hit.startLine) - hit.startLine;
  const leadIn = size >= 3 ? 1 : 0;
  const from = Math.max(0, Math.min(focus - leadIn, lines.length - size));
  return { text: lines.slice(from, from + size).map(clip).join('\n'), start: hit.startLine + from };
}

export function roundRelevance(score: number): number {
  return Math.max(0, Math.round(score * 10_000) / 10_000);
}

export function shapeItem(hit: ShapeableHit, level: DetailLevel, snippetLines: number): SearchCodeItem {
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
  if (level === 'ultra') {
    const focus = hit.focusLine ?? firstHighlightedLine(hit.highlights) ?? hit.startLine;
    const text = hit.text.split('\n')[focus - hit.startLine] ?? '';
    item.line = `${item.file}:${focus}: ${clip(text.trim())}`;
    return item;
  }
  const size = level === 'compact' ? (snippetLines > 0 ? Math.min(snippetLines, SEARCH_DISPLAY.compactLines) : SEARCH_DISPLAY.compactLines) : snippetLines;
  const cut = size > 0 ? window(hit, size) : { text: hit.text.split('\n').map(clip).join('\n'), start: hit.startLine };
  item.snippet = cut.text;
  if (cut.start !== hit.startLine || cut.text.split('\n').length < hit.endLine - hit.startLine + 1) item.snippet_start_line = cut.start;
  if (level === 'full') item.token_count = hit.tokenCount;
  return item;
}
