/**
 * @module embeddings/rrf
 * Reciprocal-rank fusion (Cormack, Clarke and Büttcher, 2009): each ranking
 * gives an item 1 / (k + rank), ranks from 1, and the sums decide. Ranks
 * only, so a BM25 score and a cosine never have to share a scale.
 */
import { EMBEDDINGS } from '../contracts/limits.js';

export interface Fused {
  id: number;
  score: number;
}

/** Items of every ranking (ids in rank order) by fused score, best first; ties keep first-seen order. */
export function fuseRankings(rankings: readonly (readonly number[])[], k: number = EMBEDDINGS.rrfK): Fused[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
