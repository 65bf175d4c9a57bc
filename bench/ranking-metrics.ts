/**
 * @module bench/ranking-metrics
 * Relevance metrics over ranked result lists: the rank of the gold document
 * (counted in distinct documents, so a function split into several chunks
 * is one place in the ranking), MRR and accuracy at k. Pure functions.
 */

/**
 * 1-based rank of `gold` among the distinct documents of `ranked` (in order
 * of first appearance), or null when it is not in the list.
 */
export function documentRank(ranked: readonly string[], gold: string): number | null {
  const before = new Set<string>();
  for (const doc of ranked) {
    if (doc === gold) return before.size + 1;
    before.add(doc);
  }
  return null;
}

export interface RankingSummary {
  queries: number;
  /** Mean reciprocal rank; a gold document not found counts 0. */
  mrr: number;
  /** Share of queries whose gold document is at rank <= k, by k. */
  accuracyAt: Record<number, number>;
  /** Queries whose gold document appeared anywhere in the results. */
  found: number;
}

export function summarizeRanks(ranks: readonly (number | null)[], cutoffs: readonly number[]): RankingSummary {
  const n = ranks.length;
  const share = (count: number) => (n === 0 ? 0 : count / n);
  const accuracyAt: Record<number, number> = {};
  for (const k of cutoffs) accuracyAt[k] = share(ranks.filter((r) => r !== null && r <= k).length);
  return {
    queries: n,
    mrr: share(ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0)),
    accuracyAt,
    found: ranks.filter((r) => r !== null).length,
  };
}
