/**
 * @module search/diversity
 * Spreads the first page over files: in the first `firstPage` places a file
 * has at most `perFile` chunks; its further chunks keep their order and
 * follow that page. The page is filled from the first `scanned` hits only:
 * a caller whose list grows with the page asked for (search/fused-search)
 * passes a prefix length every request shares, so every page of one query
 * sees the same first page.
 */

export interface Spread<T> {
  ranked: T[];
  /** The first page holds `firstPage` hits within the scanned prefix. */
  filled: boolean;
}

export function diversify<T>(ranked: readonly T[], fileOf: (hit: T) => number, perFile: number, firstPage: number, scanned = ranked.length): Spread<T> {
  const page: T[] = [];
  const deferred: T[] = [];
  const perFileSeen = new Map<number, number>();
  let next = 0;
  for (const end = Math.min(scanned, ranked.length); next < end && page.length < firstPage; next++) {
    const hit = ranked[next]!;
    const file = fileOf(hit);
    const seen = perFileSeen.get(file) ?? 0;
    if (seen < perFile) {
      perFileSeen.set(file, seen + 1);
      page.push(hit);
    } else deferred.push(hit);
  }
  return { ranked: [...page, ...deferred, ...ranked.slice(next)], filled: page.length === firstPage };
}
