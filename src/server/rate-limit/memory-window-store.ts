/**
 * @module server/rate-limit/memory-window-store
 * The in-memory sliding-window log: per key, the timestamps of allowed hits
 * in the last window (at most `limit` of them). Exact, unlike the fixed or
 * approximated windows, and small: 100 numbers per active client. Keys are
 * capped; the least recently used go first, so a flood of spoofed keys
 * cannot grow memory without bound.
 */
import { RATE_LIMIT } from '../../contracts/limits.js';
import type { WindowDecision, WindowStore } from './window-store.js';

export class MemoryWindowStore implements WindowStore {
  /** A Map iterates in insertion order; re-inserting on each hit keeps it in LRU order. */
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly maxKeys: number = RATE_LIMIT.memoryMaxKeys) {}

  async take(key: string, limit: number, windowMs: number, now: number = Date.now(), cost = 1): Promise<WindowDecision> {
    const since = now - windowMs;
    const log = (this.hits.get(key) ?? []).filter((t) => t > since);
    this.hits.delete(key);
    if (log.length + cost > limit) {
      this.hits.set(key, log);
      // Enough room frees when the (log.length + cost - limit)-th oldest hit leaves; a cost above the limit never fits.
      const freeing = log[log.length + cost - limit - 1];
      const retryAfterMs = cost > limit || freeing === undefined ? windowMs : Math.max(1, freeing + windowMs - now);
      return { allowed: false, count: log.length, limit, retryAfterMs };
    }
    for (let i = 0; i < cost; i++) log.push(now);
    this.hits.set(key, log);
    this.evict();
    return { allowed: true, count: log.length, limit, retryAfterMs: 0 };
  }

  /** Number of clients tracked (for tests and health). */
  size(): number {
    return this.hits.size;
  }

  async close(): Promise<void> {
    this.hits.clear();
  }

  private evict(): void {
    while (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest === undefined) break;
      this.hits.delete(oldest);
    }
  }
}
