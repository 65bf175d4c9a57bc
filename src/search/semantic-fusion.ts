/**
 * @module search/semantic-fusion
 * The hook of the optional embeddings into search_code's words ranking: the
 * word ranking (fused-search, unchanged) and the chunks nearest the query's
 * vector (embeddings/vector-search) are fused by reciprocal rank over their
 * top EMBEDDINGS.fusionDepth; deeper pages follow the word ranking. Scores
 * are then RRF scores for every hit of the list, so relevance still falls
 * down the list. Runs only when the request carries a query vector. The
 * vectors live in the SQLite index (embeddings/vector-store); a store that
 * keeps none (PostgreSQL) ranks by words, and says so.
 */
import { isQuarryError } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';
import type { SemanticQuery } from '../embeddings/query-embeddings.js';
import { fuseRankings } from '../embeddings/rrf.js';
import { chunksMatching, nearestChunks } from '../embeddings/vector-search.js';
import { message } from '../contracts/messages/index.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import type { IndexReader } from '../store/store.js';
import { fusedSearch, type FusedHit, type FusedResult } from './fused-search.js';
import type { WordsPlan } from './plan.js';

export type { SemanticQuery };

/** A query vector and the index holding the vectors it is compared with (null: the store keeps none). */
export interface SemanticSearch {
  query: SemanticQuery;
  vectors: SqliteStore | null;
}

export interface SemanticResult extends FusedResult {
  /** Whether vectors took part; `skipped` says why not when they could not. */
  semantic: { model: string; fused: boolean; skipped?: string };
}

export async function searchWithVectors(
  reader: IndexReader, plan: WordsPlan, window: { offset: number; limit: number }, { query, vectors }: SemanticSearch,
): Promise<SemanticResult> {
  const depth = EMBEDDINGS.fusionDepth;
  const words = await fusedSearch(reader, plan, { offset: 0, limit: window.offset + window.limit + depth });
  const page = (hits: FusedHit[]) => hits.slice(window.offset, window.offset + window.limit);
  // A single token the words do not find is searched again as a substring (the plan's fallback): neighbours must not pre-empt that.
  if (words.total === 0 && plan.fallback) return { ...words, hits: [], semantic: { model: query.model, fused: false } };
  if (vectors === null) return { ...words, hits: page(words.hits), semantic: { model: query.model, fused: false, skipped: message('store.vectors_sqlite_only') } };
  let near: { id: number }[];
  try {
    near = nearestChunks(vectors, query.model, query.vector, depth, chunksMatching(vectors, plan.filters));
  } catch (error) {
    if (!isQuarryError(error)) throw error;
    return { ...words, hits: page(words.hits), semantic: { model: query.model, fused: false, skipped: error.message } };
  }
  if (near.length === 0) return { ...words, hits: page(words.hits), semantic: { model: query.model, fused: false } };

  const byId = new Map(words.hits.map((h) => [h.chunkId, h]));
  const fused = fuseRankings([words.hits.slice(0, depth).map((h) => h.chunkId), near.map((n) => n.id)]);
  const head: FusedHit[] = fused.map((f) => ({ ...(byId.get(f.id) ?? { chunkId: f.id }), score: f.score }));
  const inHead = new Set(fused.map((f) => f.id));
  // Below the fused head: every head hit has at least 1 / (k + depth).
  const tail = words.hits.filter((h) => !inHead.has(h.chunkId)).map((h, i) => ({ ...h, score: 1 / (EMBEDDINGS.rrfK + depth + i + 1) }));

  // The total stays exact: a near chunk counts once more only if the word query does not match it.
  const usedMatch = words.matched === 'any_term' && plan.broadening ? plan.broadening.match : plan.match;
  const complete = words.hits.length >= words.total;
  const beyond = near.filter((n) => !byId.has(n.id)).map((n) => n.id);
  const matchedToo = complete || usedMatch === null ? new Set<number>() : await reader.wordsMatching(usedMatch, beyond);
  const outside = beyond.filter((id) => !matchedToo.has(id)).length;
  return { ...words, hits: page([...head, ...tail]), total: words.total + outside, semantic: { model: query.model, fused: true } };
}
