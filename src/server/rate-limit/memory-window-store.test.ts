import { describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../../contracts/limits.js';
import { MemoryWindowStore } from './memory-window-store.js';

const { windowMs, mcpPerWindow: limit } = RATE_LIMIT;

describe('MemoryWindowStore (sliding window log)', () => {
  it('allows the limit within a window and refuses the next with the time until a slot frees', async () => {
    const store = new MemoryWindowStore();
    for (let i = 0; i < limit; i++) expect((await store.take('ip', limit, windowMs, 1000 + i)).allowed).toBe(true);
    const refused = await store.take('ip', limit, windowMs, 1000 + limit);
    expect(refused).toEqual({ allowed: false, count: limit, limit, retryAfterMs: windowMs - limit });
  });

  it('slides: each old hit leaving the window frees exactly one slot', async () => {
    const store = new MemoryWindowStore();
    await store.take('ip', 2, windowMs, 0);
    await store.take('ip', 2, windowMs, 30_000);
    expect((await store.take('ip', 2, windowMs, 59_999)).allowed).toBe(false);
    expect((await store.take('ip', 2, windowMs, 60_000)).allowed).toBe(true); // the hit at 0 left
    expect((await store.take('ip', 2, windowMs, 60_001)).allowed).toBe(false); // the one at 30 s has not
  });

  it('does not count refused requests, so a client that waits gets in on time', async () => {
    const store = new MemoryWindowStore();
    await store.take('ip', 1, windowMs, 0);
    for (let t = 1; t < windowMs; t += 1000) expect((await store.take('ip', 1, windowMs, t)).allowed).toBe(false);
    expect((await store.take('ip', 1, windowMs, windowMs)).allowed).toBe(true);
  });

  it('keeps clients apart', async () => {
    const store = new MemoryWindowStore();
    await store.take('a', 1, windowMs, 0);
    expect((await store.take('a', 1, windowMs, 1)).allowed).toBe(false);
    expect((await store.take('b', 1, windowMs, 1)).allowed).toBe(true);
  });

  it('bounds memory by dropping the least recently seen clients', async () => {
    const store = new MemoryWindowStore(3);
    for (const key of ['a', 'b', 'c', 'a', 'd']) await store.take(key, 5, windowMs, 0);
    expect(store.size()).toBe(3);
    // 'b' was least recently seen and is gone: it starts afresh; 'a' kept its two hits.
    expect((await store.take('a', 2, windowMs, 1)).allowed).toBe(false);
  });
});
