/**
 * @module search/dedup
 * Removes duplicate hits (same file, same lines, same symbol), keeping the one
 * with the highest relevance at the position of the best copy. The engine runs
 * it on each page's hits, after paging: the fused list already holds each
 * chunk once, so this only drops copies of the same lines under another chunk
 * id, and such a page may then hold fewer items than asked.
 */

export interface Deduplicable {
  repository: string;
  path: string;
  startLine: number;
  endLine: number;
  symbol: string | null;
  score: number;
}

export function dedupKey(hit: Deduplicable): string {
  return `${hit.repository}\0${hit.path}\0${hit.startLine}\0${hit.endLine}\0${hit.symbol ?? ''}`;
}

export function dedupHits<T extends Deduplicable>(hits: readonly T[]): T[] {
  const ranked = hits.map((hit, index) => ({ hit, index })).sort((a, b) => b.hit.score - a.hit.score || a.index - b.index);
  const seen = new Set<string>();
  const out: T[] = [];
  for (const { hit } of ranked) {
    const key = dedupKey(hit);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(hit);
  }
  return out;
}
