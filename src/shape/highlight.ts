/**
 * @module shape/highlight
 * Where query terms occur in a hit: a map from line number to character
 * ranges [start, end) in that line. Terms match case-insensitively as
 * substrings, so "config" lights up `parseConfigFile` as the index found it.
 */
import { SEARCH_DISPLAY } from '../contracts/limits.js';

export type Highlights = Record<string, [number, number][]>;


function escapeForRegExp(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

export function highlightTerms(content: string, startLine: number, terms: readonly string[]): Highlights {
  const highlights: Highlights = {};
  const usable = terms.filter((t) => t.trim().length > 0);
  if (usable.length === 0) return highlights;
  const pattern = new RegExp(usable.sort((a, b) => b.length - a.length).map(escapeForRegExp).join('|'), 'giu');
  const lines = content.split('\n');
  let kept = 0;
  for (let i = 0; i < lines.length && kept < SEARCH_DISPLAY.highlightLinesMax; i++) {
    const ranges: [number, number][] = [];
    for (const m of lines[i]!.matchAll(pattern)) ranges.push([m.index, m.index + m[0].length]);
    if (ranges.length > 0) {
      highlights[String(startLine + i)] = ranges;
      kept++;
    }
  }
  return highlights;
}

/** The first highlighted line, or null. */
export function firstHighlightedLine(highlights: Highlights): number | null {
  const lines = Object.keys(highlights).map(Number);
  return lines.length === 0 ? null : Math.min(...lines);
}

/** Wraps highlighted ranges of one line in markers, for terminals and markdown. */
export function markRanges(line: string, ranges: readonly [number, number][], open: string, close: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += line.slice(at, start) + open + line.slice(start, end) + close;
    at = end;
  }
  return out + line.slice(at);
}
