/**
 * @module embeddings/vector-search
 * The chunks nearest a query vector: a brute-force dot product over every
 * stored vector of the model (they are unit length, so it is the cosine).
 * A search worker keeps the loaded matrix while the stored vectors stay the
 * same (a word-index write does not reload it); past EMBEDDINGS.scanMaxBytes nothing is loaded and the caller is told
 * (LIMIT_EXCEEDED), so words alone rank.
 */
import { catalogueError } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { hasVectorTable, loadVectors, vectorFingerprint, vectorStats } from './vector-store.js';

interface Loaded {
  key: string;
  ids: Int32Array;
  dims: number;
  matrix: Float32Array;
}

/** One matrix per process: a search worker serves one index at a time in practice; changed vectors reload it. */
let loaded: Loaded | null = null;

function matrixFor(store: SqliteStore, model: string): Loaded | null {
  if (!hasVectorTable(store)) return null;
  const key = `${store.file}\0${model}\0${vectorFingerprint(store, model)}`;
  if (loaded?.key === key) return loaded;
  loaded = null;
  const stats = vectorStats(store, model);
  if (stats.bytes > EMBEDDINGS.scanMaxBytes) {
    throw catalogueError('LIMIT_EXCEEDED', { key: 'embeddings.too_many_vectors', params: { bytes: stats.bytes, model, max: EMBEDDINGS.scanMaxBytes } });
  }
  loaded = { key, ...loadVectors(store, model) };
  return loaded;
}

/** Chunk ids allowed by a language/repository filter, or null for all. */
export function chunksMatching(store: SqliteStore, filters: { language: string | null; repository: string | null }): Set<number> | null {
  if (filters.language === null && filters.repository === null) return null;
  const rows = store.db.prepare<{ language: string | null; repository: string | null }, { id: number }>(`
    SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id JOIN sources s ON s.id = f.source_id
    WHERE (@language IS NULL OR f.language = @language) AND (@repository IS NULL OR s.name = @repository)`).all(filters);
  return new Set(rows.map((r) => r.id));
}

/**
 * The `k` chunks most similar to `query` (cosine above 0), best first. Empty when the index has
 * no vectors of the model yet, or when they are of another width than the query's.
 */
export function nearestChunks(store: SqliteStore, model: string, query: ArrayLike<number>, k: number, allowed: Set<number> | null = null): { id: number; score: number }[] {
  const m = matrixFor(store, model);
  if (!m || m.dims !== query.length || k <= 0) return [];
  // A typed copy: the inner loop reads it dims x rows times.
  const q = Float32Array.from(query);
  const { matrix, dims } = m;
  const top: { id: number; score: number }[] = [];
  for (let row = 0; row < m.ids.length; row++) {
    const id = m.ids[row]!;
    if (allowed && !allowed.has(id)) continue;
    let score = 0;
    const base = row * dims;
    for (let d = 0; d < dims; d++) score += matrix[base + d]! * q[d]!;
    // Nothing in common (orthogonal or opposed) is no neighbour, whatever the rank.
    if (score <= 0 || (top.length === k && score <= top[k - 1]!.score)) continue;
    // Insert in order; k is small (EMBEDDINGS.fusionDepth), so a sorted array beats a heap here.
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < score) at--;
    top.splice(at, 0, { id, score });
    if (top.length > k) top.pop();
  }
  return top;
}
