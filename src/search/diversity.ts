/**
 * @module search/diversity
 * Spreads the first page over files: in the first `firstPage` places a file
 * has at most `perFile` chunks; its further chunks keep their order and
 * follow that page. The rule reads only the ranked list (never the page size
 * asked for), so every page of one query comes from the same list.
 */

export function diversify<T>(ranked: readonly T[], fileOf: (hit: T) => number, perFile: number, firstPage: number): T[] {
  const page: T[] = [];
  const deferred: T[] = [];
  const perFileSeen = new Map<number, number>();
  let next = 0;
  for (; next < ranked.length && page.length < firstPage; next++) {
    const hit = ranked[next]!;
    const file = fileOf(hit);
    const seen = perFileSeen.get(file) ?? 0;
    if (seen < perFile) {
      perFileSeen.set(file, seen + 1);
      page.push(hit);
    } else deferred.push(hit);
  }
  return [...page, ...deferred, ...ranked.slice(next)];
}
