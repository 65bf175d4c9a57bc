import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../../contracts/limits.js';
import { waitUntil } from '../../test-support/child-processes.js';
import { freePort, redisServerInstalled, startThrowawayRedis, uniqueKeyPrefix, type ThrowawayRedis } from '../../test-support/redis.js';
import { FailoverWindowStore, type WindowStoreLog } from './failover-window-store.js';
import { RedisWindowStore } from './redis-window-store.js';

const { windowMs } = RATE_LIMIT;
const REDIS_SERVER = redisServerInstalled();

function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown> }[] = [];
  const log: WindowStoreLog = (level, fields) => { lines.push({ level, fields }); };
  return { log, lines, events: () => lines.map((l) => `${l.level} ${String(l.fields.event)}`) };
}

/** Two servers' stores on one Redis, each failing over to its own memory. */
function twoServers(url: string, log: WindowStoreLog) {
  const prefix = uniqueKeyPrefix();
  return [0, 1].map(() => new FailoverWindowStore(new RedisWindowStore({ url, keyPrefix: prefix }), log, undefined, 200));
}

/** Keeps taking (as other clients) until every store has logged that Redis answers again: recovery is noticed by a take. */
async function untilRecovered(stores: FailoverWindowStore[], events: () => string[]): Promise<void> {
  let probe = 0;
  const probing = setInterval(() => { for (const store of stores) void store.take(`probe-${probe++}`, 100, windowMs); }, 50);
  try {
    await waitUntil(() => events().filter((e) => e === 'info rate_store_recovered').length === stores.length, 20_000, 'every store uses Redis again');
  } finally {
    clearInterval(probing);
  }
}

describe('FailoverWindowStore when Redis is not there at start', () => {
  it('starts anyway, counts on its own windows, and warns once per outage', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const { log, lines, events } = recordingLog();
    const store = new FailoverWindowStore(new RedisWindowStore({ url }), log, undefined, 0);
    await store.connect();
    expect((await store.take('ip', 2, windowMs)).allowed).toBe(true);
    expect((await store.take('ip', 2, windowMs)).allowed).toBe(true);
    // Still a limit: this server's own window refuses the third.
    const refused = await store.take('ip', 2, windowMs);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(events()).toEqual(['warn rate_store_unavailable']);
    expect(lines[0]?.fields).toMatchObject({ store: url, reason: expect.stringContaining('ECONNREFUSED') });
    await store.close();
  });
});

describe.skipIf(!REDIS_SERVER.present)(`FailoverWindowStore while Redis fails and comes back (${REDIS_SERVER.reason})`, () => {
  let redis: ThrowawayRedis;
  beforeAll(async () => { redis = await startThrowawayRedis(); });
  afterAll(async () => { await redis?.stop(); });

  it('shares windows, fails open to each server\'s own when Redis is killed, and shares again once it is back', async () => {
    const { log, events } = recordingLog();
    const [a, b] = twoServers(redis.url, log);
    await Promise.all([a!.connect(), b!.connect()]);
    expect((await a!.take('one', 2, windowMs)).allowed).toBe(true);
    expect((await b!.take('one', 2, windowMs)).allowed).toBe(true);
    expect((await a!.take('one', 2, windowMs)).allowed).toBe(false);

    await redis.kill();
    // Each server now allows the limit on its own, and says so once.
    for (const store of [a!, b!]) {
      expect((await store.take('two', 2, windowMs)).allowed).toBe(true);
      expect((await store.take('two', 2, windowMs)).allowed).toBe(true);
      expect((await store.take('two', 2, windowMs)).allowed).toBe(false);
    }
    expect(events()).toEqual(['warn rate_store_unavailable', 'warn rate_store_unavailable']);

    await redis.restart();
    await untilRecovered([a!, b!], events);
    expect((await a!.take('three', 2, windowMs)).allowed).toBe(true);
    expect((await b!.take('three', 2, windowMs)).allowed).toBe(true);
    expect((await b!.take('three', 2, windowMs)).allowed).toBe(false);
    await Promise.all([a!.close(), b!.close()]);
  });

  it('answers from its own windows when Redis hangs, and uses Redis again once it answers', async () => {
    const { log, lines, events } = recordingLog();
    const [a] = twoServers(redis.url, log);
    await a!.connect();
    expect((await a!.take('hang', 3, windowMs)).allowed).toBe(true);
    redis.pause();
    try {
      // The command times out; the request is decided by this server's window instead of waiting for Redis.
      expect((await a!.take('hang', 3, windowMs)).allowed).toBe(true);
      expect(events()).toEqual(['warn rate_store_unavailable']);
      expect(lines[0]?.fields.reason).toMatch(/timed out/i);
    } finally {
      redis.resume();
    }
    await untilRecovered([a!], events);
    await a!.close();
  });
});
