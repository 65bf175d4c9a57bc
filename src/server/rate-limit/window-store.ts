/**
 * @module server/rate-limit/window-store
 * Where sliding-window hit logs live. One server keeps them in memory
 * (memory-window-store); several servers behind a balancer share them in
 * Redis (redis-window-store: a sorted set per key, one Lua script per
 * decision), behind a fail-open failover (failover-window-store). Both
 * implement this interface and pass one contract suite. Async for Redis.
 */

export interface WindowDecision {
  allowed: boolean;
  /** Hits counted in the window, including this one when allowed. */
  count: number;
  limit: number;
  /** When refused: milliseconds until the oldest counted hit leaves the window. */
  retryAfterMs: number;
}

export interface WindowStore {
  /**
   * Counts the hits of `key` in the sliding window (now - windowMs, now]; when
   * fewer than `limit`, records this hit and allows it. Refused hits are not
   * recorded, so a client that waits is let in again on time.
   * `cost` (default 1) hits are taken at once, all or none: a JSON-RPC batch
   * of n messages is n hits, and is refused whole when fewer than n are left.
   */
  take(key: string, limit: number, windowMs: number, now?: number, cost?: number): Promise<WindowDecision>;
  close(): Promise<void>;
}
