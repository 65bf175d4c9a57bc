/**
 * @module web/dense
 * Which lines of a search hit to show: each matching line with a little
 * context, merged where the pieces touch, instead of the whole chunk (a
 * chunk is often forty lines for one match). Pure functions, so the search
 * page and its tests agree on what "dense" means.
 */

/** Lines shown before and after each matching line. */
export const CONTEXT_LINES = 1;
/** Lines shown from the top of a hit that has no marked line (a semantic hit). */
export const HEAD_LINES = 3;

/**
 * Inclusive line ranges inside [start, end] around the matching lines, in
 * order, merged where they overlap or touch.
 */
export function denseSegments(start: number, end: number, matchLines: readonly number[], context = CONTEXT_LINES): [number, number][] {
  const inside = [...new Set(matchLines)].filter((n) => n >= start && n <= end).sort((a, b) => a - b);
  if (inside.length === 0) return [[start, Math.min(end, start + HEAD_LINES - 1)]];
  const segments: [number, number][] = [];
  for (const n of inside) {
    const from = Math.max(start, n - context);
    const to = Math.min(end, n + context);
    const last = segments[segments.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else segments.push([from, to]);
  }
  return segments;
}

export function segmentLines(segments: readonly [number, number][]): number {
  return segments.reduce((sum, [from, to]) => sum + to - from + 1, 0);
}

/** Marked occurrences in a hit (its highlight ranges), what a file's match count adds up. */
export function occurrences(highlights: Record<string, readonly unknown[]> | undefined): number {
  return Object.values(highlights ?? {}).reduce((sum, ranges) => sum + ranges.length, 0);
}
