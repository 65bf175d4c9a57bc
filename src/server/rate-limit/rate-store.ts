/**
 * @module server/rate-limit/rate-store
 * `--rate-store`: where the windows live. `memory` (the default) keeps them
 * in this process; a redis:// or rediss:// URL shares them with every server
 * pointing at the same Redis, behind the fail-open failover.
 */
import { catalogueError } from '../../contracts/errors.js';
import { RATE_LIMIT } from '../../contracts/limits.js';
import { FailoverWindowStore, type WindowStoreLog } from './failover-window-store.js';
import { MemoryWindowStore } from './memory-window-store.js';
import { RedisWindowStore, redactedRedisUrl } from './redis-window-store.js';
import type { WindowStore } from './window-store.js';

export const MEMORY_RATE_STORE = 'memory';

/** Checks a --rate-store value; throws INVALID_ARGUMENT (without any password) for anything but memory or a Redis URL. */
export function parseRateStore(value: string): string {
  const trimmed = value.trim();
  if (trimmed === MEMORY_RATE_STORE) return trimmed;
  let url: URL | null = null;
  try { url = new URL(trimmed); } catch { /* reported below */ }
  if (url && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '') return trimmed;
  const shown = url ? redactedRedisUrl(trimmed) : trimmed;
  throw catalogueError('INVALID_ARGUMENT', { key: 'http.rate_store_invalid', params: { value: shown } });
}

export interface RateStore {
  store: WindowStore;
  /** For logs: `memory`, or the Redis URL without its password. */
  name: string;
  /** Connects a shared store (a failure is logged and the server starts on its own windows). */
  connect: () => Promise<void>;
}

export function openRateStore(spec: string, options: { keyPrefix?: string; log: WindowStoreLog }): RateStore {
  if (parseRateStore(spec) === MEMORY_RATE_STORE) {
    return { store: new MemoryWindowStore(), name: MEMORY_RATE_STORE, connect: async () => undefined };
  }
  const redis = new RedisWindowStore({ url: spec, keyPrefix: options.keyPrefix ?? RATE_LIMIT.redisKeyPrefix });
  const store = new FailoverWindowStore(redis, options.log);
  return { store, name: redis.name, connect: () => store.connect() };
}
