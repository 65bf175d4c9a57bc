/**
 * @module embeddings/provider
 * What computes embeddings: texts in, one unit-length vector per text out, in
 * order. The OpenAI-compatible endpoint is the one implementation; `locate`
 * and other rankers use this interface, not the endpoint.
 */
export interface EmbeddingProvider {
  /** Vectors of different models never mix: stored vectors carry this name. */
  readonly model: string;
  embed(texts: readonly string[], options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<Float32Array[]>;
}

/** Scales `v` to unit length, so a dot product is the cosine similarity (a zero vector stays zero). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
