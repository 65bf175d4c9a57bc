import { describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../../contracts/limits.js';
import { windowStoreContract } from '../../test-support/window-store-contract.js';
import { MemoryWindowStore } from './memory-window-store.js';

windowStoreContract('memory', () => new MemoryWindowStore());

describe('MemoryWindowStore', () => {
  it('bounds memory by dropping the least recently seen clients', async () => {
    const store = new MemoryWindowStore(3);
    for (const key of ['a', 'b', 'c', 'a', 'd']) await store.take(key, 5, RATE_LIMIT.windowMs, 0);
    expect(store.size()).toBe(3);
    // 'b' was least recently seen and is gone: it starts afresh; 'a' kept its two hits.
    expect((await store.take('a', 2, RATE_LIMIT.windowMs, 1)).allowed).toBe(false);
    expect((await store.take('b', 1, RATE_LIMIT.windowMs, 1)).allowed).toBe(true);
  });
});
