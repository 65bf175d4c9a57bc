/**
 * @module server/rate-limit/redis-window-store
 * The sliding-window log in Redis, shared by every server that points at the
 * same Redis: one sorted set per client (score = hit time in ms), trimmed,
 * counted and added to by one Lua script, so the decision is atomic however
 * many servers ask at once. Without an explicit `now`, the script reads
 * Redis' own clock: every server then judges by one clock, not by its own.
 *
 * It fails fast: no offline queue and no retries, so a Redis that is down
 * costs a request nothing, and one that hangs at most the command timeout.
 * A failure is UNAVAILABLE; the failover store decides what a request gets.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { catalogueError } from '../../contracts/errors.js';
import { RATE_LIMIT } from '../../contracts/limits.js';
import type { WindowDecision, WindowStore } from './window-store.js';

/**
 * KEYS[1]: the client's sorted set. ARGV: limit, window ms, cost, a member
 * prefix unique to this call, now in ms ('' = Redis' clock).
 * Returns {allowed 0/1, count, retry-after ms}; the same rules as the memory
 * store: hits in (now - window, now], refused hits are not recorded, a cost
 * is taken all or none, and a refusal says when enough room frees.
 */
const TAKE_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[5])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count + cost > limit then
  local retry = window
  if cost <= limit then
    local nth = count + cost - limit - 1
    local freeing = redis.call('ZRANGE', KEYS[1], nth, nth, 'WITHSCORES')
    retry = math.max(1, tonumber(freeing[2]) + window - now)
  end
  return {0, count, retry}
end
for i = 1, cost do
  redis.call('ZADD', KEYS[1], now, ARGV[4] .. ':' .. i)
end
redis.call('PEXPIRE', KEYS[1], window)
return {1, count + cost, 0}
`;

interface TakeCommand {
  quarryTake(key: string, limit: number, windowMs: number, cost: number, member: string, now: number | ''): Promise<[number, number, number]>;
}

export interface RedisWindowStoreOptions {
  /** redis:// or rediss:// URL (user, password and database number as Redis URLs carry them). */
  url: string;
  /** Prepended to every key. */
  keyPrefix?: string;
}

/** The URL without its password, for logs and messages. */
export function redactedRedisUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export class RedisWindowStore implements WindowStore {
  readonly name: string;
  private readonly redis: Redis & TakeCommand;
  private readonly keyPrefix: string;
  /** Members must be unique within a set: this store's id plus a counter. */
  private readonly instanceId = randomBytes(6).toString('hex');
  private sequence = 0;
  /** Why the connection is down, for the log: the driver's own rejection ("Stream isn't writeable") does not say. */
  private connectionError: Error | null = null;

  constructor(options: RedisWindowStoreOptions) {
    this.name = redactedRedisUrl(options.url);
    this.keyPrefix = options.keyPrefix ?? RATE_LIMIT.redisKeyPrefix;
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: RATE_LIMIT.redisConnectTimeoutMs,
      commandTimeout: RATE_LIMIT.redisCommandTimeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 100, RATE_LIMIT.redisReconnectMaxMs),
      scripts: { quarryTake: { lua: TAKE_SCRIPT, numberOfKeys: 1 } },
    }) as Redis & TakeCommand;
    // Connection errors are reported by the takes that fail (failover-window-store logs them once per outage).
    this.redis.on('error', (error: Error) => { this.connectionError = error; });
    this.redis.on('close', () => { this.connectionError ??= new Error('connection closed'); });
    this.redis.on('ready', () => { this.connectionError = null; });
  }

  /** Connects; rejects (UNAVAILABLE) when Redis does not answer, and keeps reconnecting in the background. */
  async connect(): Promise<void> {
    try {
      await this.redis.connect();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async take(key: string, limit: number, windowMs: number, now?: number, cost = 1): Promise<WindowDecision> {
    const member = `${this.instanceId}:${++this.sequence}`;
    let reply: [number, number, number];
    try {
      reply = await this.redis.quarryTake(this.keyPrefix + key, limit, windowMs, cost, member, now ?? '');
    } catch (error) {
      throw this.unavailable(error);
    }
    const [allowed, count, retryAfterMs] = reply;
    return { allowed: allowed === 1, count, limit, retryAfterMs };
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  private unavailable(error: unknown) {
    const cause = this.redis.status === 'ready' ? error : this.connectionError ?? error;
    return catalogueError('UNAVAILABLE', { key: 'http.rate_store_unavailable', params: { store: this.name } }, 'en', {}, cause);
  }
}
