/**
 * @module search/result-cache
 * A small LRU of search responses keyed by the normalised request and the
 * index version: a repeated question (an agent re-asking, a coarser detail
 * level of the same page) is answered without touching the index, and a
 * changed index can never serve an old answer. Bounded by entries and by
 * bytes (each entry's JSON length), so a few large answers cannot hold
 * the process's memory; an answer larger than the byte cap is not kept.
 */
import { SEARCH_CACHE } from '../contracts/limits.js';

interface Entry<T> {
  value: T;
  bytes: number;
}

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private totalBytes = 0;

  constructor(
    private readonly maxEntries: number = SEARCH_CACHE.maxEntries,
    private readonly maxBytes: number = SEARCH_CACHE.maxBytes,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: T): void {
    this.drop(key);
    // UTF-16 length of the JSON: close to what the object costs, and cheap next to the search it saves.
    const bytes = key.length + JSON.stringify(value).length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the cached entries count for (their keys' and JSON lengths). */
  get bytes(): number {
    return this.totalBytes;
  }
}
