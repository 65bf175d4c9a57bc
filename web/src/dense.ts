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

/** What merging needs of an exact or regex hit: the matched line (start_line) and its snippet with context lines. */
export interface LineHitLike {
  start_line: number;
  end_line: number;
  snippet: string;
  snippet_start_line?: number;
  highlights?: Record<string, [number, number][]>;
}

/** The inclusive lines a hit's snippet spans. */
export function snippetSpan(hit: LineHitLike): [number, number] {
  const from = hit.snippet_start_line ?? hit.start_line;
  return [from, from + hit.snippet.split('\n').length - 1];
}

/**
 * One file's exact or regex hits (one per matched line, each with a few
 * lines of context, in line order) merged where their snippets overlap or
 * touch, so a line is shown once: the merged hit spans its first to its last
 * matched line, its snippet the union, `lines` its matched lines.
 */
export function mergeTouching<T extends LineHitLike>(hits: readonly T[]): (T & { lines: number[] })[] {
  const merged: (T & { lines: number[] })[] = [];
  for (const hit of hits) {
    const last = merged[merged.length - 1];
    const [from, to] = snippetSpan(hit);
    const lastSpan = last ? snippetSpan(last) : null;
    if (!last || !lastSpan || from > lastSpan[1] + 1 || from < lastSpan[0]) {
      merged.push({ ...hit, snippet_start_line: from, lines: [hit.start_line] });
      continue;
    }
    const extra = hit.snippet.split('\n').slice(lastSpan[1] + 1 - from);
    merged[merged.length - 1] = {
      ...last,
      end_line: Math.max(last.end_line, hit.end_line),
      snippet: extra.length > 0 && to > lastSpan[1] ? `${last.snippet}\n${extra.join('\n')}` : last.snippet,
      highlights: { ...last.highlights, ...hit.highlights },
      lines: [...last.lines, hit.start_line],
    };
  }
  return merged;
}
