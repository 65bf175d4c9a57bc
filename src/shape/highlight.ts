/**
 * @module shape/highlight
 * Where query terms occur in a hit: a map from line number to character
 * ranges [start, end) in that line. Terms match case-insensitively as
 * substrings, so "config" lights up `parseConfigFile` as the index found it.
 */
import { SEARCH_DISPLAY } from '../contracts/limits.js';
import { foldCase } from '../text/tokens.js';

export type Highlights = Record<string, [number, number][]>;


/**
 * Ranges where any term occurs in `line`, left to right without overlap; at
 * one position the longest term wins. Plain substring search on case-folded
 * text (no pattern built from user text), linear in line length x terms.
 */
function termRanges(line: string, terms: readonly string[]): [number, number][] {
  const folded = foldCase(line);
  const ranges: [number, number][] = [];
  // Next occurrence of each term at or after `at`; refreshed only when passed.
  const next = terms.map((t) => folded.indexOf(t));
  let at = 0;
  for (;;) {
    let best = -1;
    for (let k = 0; k < terms.length; k++) {
      if (next[k]! >= 0 && next[k]! < at) next[k] = folded.indexOf(terms[k]!, at);
      const pos = next[k]!;
      if (pos < 0) continue;
      if (best < 0 || pos < next[best]! || (pos === next[best]! && terms[k]!.length > terms[best]!.length)) best = k;
    }
    if (best < 0) return ranges;
    const start = next[best]!;
    ranges.push([start, start + terms[best]!.length]);
    at = start + terms[best]!.length;
  }
}

export function highlightTerms(content: string, startLine: number, terms: readonly string[]): Highlights {
  const highlights: Highlights = {};
  const usable = [...new Set(terms.filter((t) => t.trim().length > 0).map(foldCase))];
  if (usable.length === 0) return highlights;
  const lines = content.split('\n');
  let kept = 0;
  for (let i = 0; i < lines.length && kept < SEARCH_DISPLAY.highlightLinesMax; i++) {
    const ranges = termRanges(lines[i]!, usable);
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
