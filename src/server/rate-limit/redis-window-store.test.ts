import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuarryError } from '../../contracts/errors.js';
import { RATE_LIMIT } from '../../contracts/limits.js';
import { freePort, SHARED_REDIS_URL, sharedRedis, uniqueKeyPrefix } from '../../test-support/redis.js';
import { windowStoreContract } from '../../test-support/window-store-contract.js';
import { FailoverWindowStore } from './failover-window-store.js';
import { RedisWindowStore, redactedRedisUrl } from './redis-window-store.js';

const REDIS = await sharedRedis();
const { windowMs } = RATE_LIMIT;

async function connected(keyPrefix = uniqueKeyPrefix()): Promise<RedisWindowStore> {
  const store = new RedisWindowStore({ url: SHARED_REDIS_URL, keyPrefix });
  await store.connect();
  return store;
}

windowStoreContract('redis', () => connected(), REDIS);
windowStoreContract('redis behind the failover', async () => {
  const store = new FailoverWindowStore(new RedisWindowStore({ url: SHARED_REDIS_URL, keyPrefix: uniqueKeyPrefix() }), () => undefined);
  await store.connect();
  return store;
}, REDIS);

describe.skipIf(!REDIS.present)(`RedisWindowStore on one Redis (${REDIS.reason})`, () => {
  let admin: Redis;
  beforeAll(() => { admin = new Redis(SHARED_REDIS_URL); });
  afterAll(async () => { await admin?.quit(); });

  it('decides concurrent hits from several servers (separate connections) exactly, as one window', async () => {
    const prefix = uniqueKeyPrefix();
    const servers = await Promise.all(Array.from({ length: 5 }, () => connected(prefix)));
    const decisions = await Promise.all(servers.flatMap((store) => Array.from({ length: 20 }, () => store.take('mcp:203.0.113.1', 30, windowMs))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.count === 30 && d.retryAfterMs > 0 && d.retryAfterMs <= windowMs)).toBe(true);
    await Promise.all(servers.map((store) => store.close()));
  });

  it('judges by Redis\' clock when no time is given, and lets idle windows expire', async () => {
    const prefix = uniqueKeyPrefix();
    const store = await connected(prefix);
    expect((await store.take('ip', 1, windowMs)).allowed).toBe(true);
    const refused = await store.take('ip', 1, windowMs);
    // The slot frees one window after the first hit, by the same clock that recorded it.
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(windowMs - 5000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(windowMs);
    const ttl = await admin.pttl(`${prefix}ip`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(windowMs);
    // One sorted set per client, holding only the allowed hit.
    expect(await admin.zcard(`${prefix}ip`)).toBe(1);
    await store.close();
  });
});

describe('RedisWindowStore without a Redis', () => {
  it('fails fast with UNAVAILABLE in the catalogue\'s words, never the driver\'s', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const store = new RedisWindowStore({ url, keyPrefix: uniqueKeyPrefix() });
    const failures = [await store.connect().catch((e: unknown) => e), await store.take('ip', 1, windowMs).catch((e: unknown) => e)];
    for (const error of failures) {
      expect(isQuarryError(error) && error.code).toBe('UNAVAILABLE');
      expect((error as Error).message).toBe(`The shared rate-limit store (${url}) did not answer, so this request could not be counted. Try again in a moment.`);
    }
    await store.close();
  });

  it('never shows a password from the URL', () => {
    expect(redactedRedisUrl('redis://quarry:s3cret@10.0.0.5:6379/2')).toBe('redis://quarry:***@10.0.0.5:6379/2');
    expect(redactedRedisUrl('rediss://10.0.0.5:6380')).toBe('rediss://10.0.0.5:6380');
  });
});
