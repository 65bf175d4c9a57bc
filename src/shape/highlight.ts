/**
 * @module shape/highlight
 * Where query terms occur in a hit: a map from line number to character
 * ranges [start, end) in that line. Terms match case-insensitively as
 * substrings, so "config" lights up `parseConfigFile` as the index found it.
 * Ranges are capped per line and per hit (SEARCH_DISPLAY), and the work
 * stops at the cap: a minified line cannot produce megabytes of ranges.
 */
import { SEARCH_DISPLAY } from '../contracts/limits.js';
import { foldCase } from '../text/tokens.js';

export type Highlights = Record<string, [number, number][]>;

/** Highlights after the display caps; `truncated` says some ranges were left out. */
export interface CappedHighlights {
  highlights: Highlights;
  truncated: boolean;
}

/**
 * Ranges where any term occurs in `line`, left to right without overlap; at
 * one position the longest term wins. Plain substring search on case-folded
 * text (no pattern built from user text), linear in line length x terms.
 */
function termRanges(line: string, terms: readonly string[], max: number): [number, number][] {
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
    if (best < 0 || ranges.length >= max) return ranges;
    const start = next[best]!;
    ranges.push([start, start + terms[best]!.length]);
    at = start + terms[best]!.length;
  }
}

/**
 * Where the terms occur in `content`, within the caps: lines with a
 * highlight (highlightLinesMax), ranges per line and ranges per hit.
 */
export function termHighlights(content: string, startLine: number, terms: readonly string[]): CappedHighlights {
  const highlights: Highlights = {};
  const usable = [...new Set(terms.filter((t) => t.trim().length > 0).map(foldCase))];
  if (usable.length === 0) return { highlights, truncated: false };
  const lines = content.split('\n');
  let kept = 0;
  let left: number = SEARCH_DISPLAY.highlightRangesPerItem;
  let truncated = false;
  for (let i = 0; i < lines.length && kept < SEARCH_DISPLAY.highlightLinesMax; i++) {
    if (left === 0) {
      // The hit's cap is spent: only whether anything more would have been shown matters.
      if (termRanges(lines[i]!, usable, 1).length > 0) { truncated = true; break; }
      continue;
    }
    // One range past the cap tells whether the line had more.
    const cap = Math.min(SEARCH_DISPLAY.highlightRangesPerLine, left);
    const ranges = termRanges(lines[i]!, usable, cap + 1);
    if (ranges.length > cap) { ranges.length = cap; truncated = true; }
    if (ranges.length > 0) {
      highlights[String(startLine + i)] = ranges;
      left -= ranges.length;
      kept++;
    }
  }
  return { highlights, truncated };
}

export function highlightTerms(content: string, startLine: number, terms: readonly string[]): Highlights {
  return termHighlights(content, startLine, terms).highlights;
}

/** The per-line and per-hit caps applied to ranges found elsewhere (RE2 matches, focus lines). */
export function capHighlights(highlights: Highlights): CappedHighlights {
  const out: Highlights = {};
  let left: number = SEARCH_DISPLAY.highlightRangesPerItem;
  let truncated = false;
  for (const line of Object.keys(highlights).map(Number).sort((a, b) => a - b)) {
    const ranges = highlights[String(line)]!;
    const keep = Math.min(ranges.length, SEARCH_DISPLAY.highlightRangesPerLine, left);
    if (keep < ranges.length) truncated = true;
    if (keep === 0) continue;
    out[String(line)] = keep === ranges.length ? ranges : ranges.slice(0, keep);
    left -= keep;
  }
  return { highlights: out, truncated };
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
