/**
 * @module embeddings/query-embeddings
 * The query's vector for a search, computed by the door before the page is
 * searched (the search workers never call out). A search whose index has no
 * vectors of the model, too many to load, or whose endpoint fails, gets the
 * reason as a warning in the caller's locale and is ranked by words alone.
 * Recent queries' vectors are kept, so paging and repeated searches do not
 * call the endpoint again.
 */
import { isQuarryError, renderText } from '../contracts/errors.js';
import { EMBEDDINGS, SEARCH_CACHE } from '../contracts/limits.js';
import { message, type Locale } from '../contracts/messages/index.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import type { EmbeddingProvider } from './provider.js';
import { vectorStats } from './vector-store.js';

/** What a search worker needs to rank by similarity: plain data, it crosses a process boundary. */
export interface SemanticQuery {
  model: string;
  vector: number[];
}

export type QueryVector = { query: SemanticQuery } | { warning: string };

export class QueryEmbeddings {
  private readonly recent = new Map<string, number[]>();

  constructor(readonly provider: EmbeddingProvider) {}

  async forSearch(store: SqliteStore, text: string, locale: Locale, signal?: AbortSignal): Promise<QueryVector> {
    const model = this.provider.model;
    const skipped = (reason: string): QueryVector => ({ warning: message('embeddings.skipped', { reason }, locale) });
    const stats = vectorStats(store, model);
    if (stats.count === 0) return skipped(message('embeddings.no_vectors', { model }, locale));
    if (stats.bytes > EMBEDDINGS.scanMaxBytes) return skipped(message('embeddings.too_many_vectors', { bytes: stats.bytes, model, max: EMBEDDINGS.scanMaxBytes }, locale));
    let vector = this.recent.get(text);
    if (!vector) {
      try {
        const [embedded] = await this.provider.embed([text], { signal, timeoutMs: EMBEDDINGS.queryTimeoutMs });
        vector = Array.from(embedded!);
      } catch (error) {
        if (signal?.aborted || !isQuarryError(error)) throw error;
        return skipped(error.text ? renderText(error.text, locale) : error.message);
      }
      this.recent.set(text, vector);
      if (this.recent.size > SEARCH_CACHE.maxEntries) this.recent.delete(this.recent.keys().next().value!);
    }
    return { query: { model, vector } };
  }
}
