/**
 * @module embeddings/embed-pass
 * The embedding pass of `quarry index`, run after the word index is up to
 * date: chunks without a vector of the model are sent in batches, and each
 * batch's vectors are written in one transaction that bumps the index
 * version (cached answers and cursors then know the ranking changed). A pass
 * stops at its chunk and time budgets or at the first failure, keeping what
 * it wrote; the next pass resumes from there. A failure is reported in the
 * summary (catalogue text and code), never thrown: the word index is fine.
 */
import { isQuarryError, toQuarryError, type ErrorCode } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { yieldToWriters } from '../store/write-queue.js';
import type { EmbeddingProvider } from './provider.js';
import { chunksWithoutVector, countWithoutVector, ensureVectorTable, putVectors, vectorStats, type ChunkToEmbed } from './vector-store.js';

export interface EmbeddingSummary {
  model: string;
  /** Chunks embedded by this pass. */
  embedded: number;
  /** Chunks still without a vector of the model (the next pass continues). */
  missing: number;
  /** Vectors of the model in the index. */
  vectors: number;
  duration_ms: number;
  /** Why the pass stopped early, in the catalogue's words. */
  error?: { code: ErrorCode; message: string };
}

export interface EmbedPassOptions {
  /** The serving process's waiting writers (store/write-queue), let in between batches. */
  writersWaiting?: Int32Array;
  maxChunks?: number;
  budgetMs?: number;
}

/** What is sent for a chunk: where it is and what it defines give a short chunk its meaning. */
export function embeddingInput(chunk: ChunkToEmbed): string {
  const head = chunk.symbol ? `${chunk.path} ${chunk.symbol}` : chunk.path;
  return `${head}\n${chunk.content}`.slice(0, EMBEDDINGS.inputMaxChars);
}

export async function embedMissingChunks(store: SqliteStore, provider: EmbeddingProvider, options: EmbedPassOptions = {}): Promise<EmbeddingSummary> {
  const started = Date.now();
  const maxChunks = options.maxChunks ?? EMBEDDINGS.chunksPerPass;
  const deadline = started + (options.budgetMs ?? EMBEDDINGS.passBudgetMs);
  ensureVectorTable(store);
  let embedded = 0;
  let error: EmbeddingSummary['error'];
  let after = 0;
  while (embedded < maxChunks && Date.now() < deadline) {
    const batch = chunksWithoutVector(store, provider.model, after, Math.min(EMBEDDINGS.batchSize, maxChunks - embedded));
    if (batch.length === 0) break;
    try {
      const vectors = await provider.embed(batch.map(embeddingInput), { timeoutMs: Math.max(1, Math.min(EMBEDDINGS.requestTimeoutMs, deadline - Date.now())) });
      await yieldToWriters(options.writersWaiting);
      store.transaction(() => {
        putVectors(store, provider.model, batch.map((chunk, i) => ({ chunk, vector: vectors[i]! })));
        store.bumpIndexVersion();
      });
      embedded += batch.length;
      after = batch.at(-1)!.id;
    } catch (failure) {
      const known = isQuarryError(failure) ? failure : toQuarryError(failure);
      error = { code: known.code, message: known.message };
      break;
    }
  }
  const missing = countWithoutVector(store, provider.model);
  return {
    model: provider.model, embedded, missing, vectors: vectorStats(store, provider.model).count, duration_ms: Date.now() - started,
    ...(error ? { error: { code: error.code, message: message('embeddings.pass_failed', { missing, reason: error.message }) } } : {}),
  };
}
