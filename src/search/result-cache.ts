/**
 * @module search/result-cache
 * A small LRU of search responses keyed by the normalised request and the
 * index version: a repeated question (an agent re-asking, a coarser detail
 * level of the same page) is answered without touching the index, and a
 * changed index can never serve an old answer.
 */
import { SEARCH_CACHE } from '../contracts/limits.js';

export class ResultCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries: number = SEARCH_CACHE.maxEntries) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value); // most recently used last
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
