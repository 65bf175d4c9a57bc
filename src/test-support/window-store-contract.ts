/**
 * @module test-support/window-store-contract
 * The behaviour every WindowStore must have (in memory, in Redis): one
 * shared suite, run by each implementation's test file. `create` gives a
 * store with windows of its own (a shared store: a fresh key prefix), ready
 * to take; `needs` names a service the suite skips without, saying why.
 */
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../contracts/limits.js';
import type { WindowStore } from '../server/rate-limit/window-store.js';

export function windowStoreContract(name: string, create: () => WindowStore | Promise<WindowStore>,
  needs?: { present: boolean; reason: string },
): void {
  const { windowMs, mcpPerWindow: limit } = RATE_LIMIT;

  describe.skipIf(needs?.present === false)(`WindowStore contract: ${name}${needs ? ` (${needs.reason})` : ''}`, () => {
    it('allows the limit within a window and refuses the next with the time until a slot frees', async () => {
      const store = await create();
      for (let i = 0; i < limit; i++) expect((await store.take('ip', limit, windowMs, 1000 + i)).allowed).toBe(true);
      const refused = await store.take('ip', limit, windowMs, 1000 + limit);
      expect(refused).toEqual({ allowed: false, count: limit, limit, retryAfterMs: windowMs - limit });
      await store.close();
    });

    it('slides: each old hit leaving the window frees exactly one slot', async () => {
      const store = await create();
      await store.take('ip', 2, windowMs, 0);
      await store.take('ip', 2, windowMs, 30_000);
      expect((await store.take('ip', 2, windowMs, 59_999)).allowed).toBe(false);
      expect((await store.take('ip', 2, windowMs, 60_000)).allowed).toBe(true); // the hit at 0 left
      expect((await store.take('ip', 2, windowMs, 60_001)).allowed).toBe(false); // the one at 30 s has not
      await store.close();
    });

    it('does not count refused requests, so a client that waits gets in on time', async () => {
      const store = await create();
      await store.take('ip', 1, windowMs, 0);
      for (let t = 1; t < windowMs; t += 1000) expect((await store.take('ip', 1, windowMs, t)).allowed).toBe(false);
      expect((await store.take('ip', 1, windowMs, windowMs)).allowed).toBe(true);
      await store.close();
    });

    it('keeps clients apart', async () => {
      const store = await create();
      await store.take('a', 1, windowMs, 0);
      expect((await store.take('a', 1, windowMs, 1)).allowed).toBe(false);
      expect((await store.take('b', 1, windowMs, 1)).allowed).toBe(true);
      await store.close();
    });

    it('takes a cost of several hits all or none, and says when enough room frees', async () => {
      const store = await create();
      expect(await store.take('ip', 5, windowMs, 0, 3)).toEqual({ allowed: true, count: 3, limit: 5, retryAfterMs: 0 });
      await store.take('ip', 5, windowMs, 10);
      // One slot left: a cost of 2 is refused whole and records nothing; it fits once the hits at 0 leave.
      expect(await store.take('ip', 5, windowMs, 20, 2)).toEqual({ allowed: false, count: 4, limit: 5, retryAfterMs: windowMs - 20 });
      expect((await store.take('ip', 5, windowMs, 30)).allowed).toBe(true);
      expect((await store.take('ip', 5, windowMs, windowMs, 3)).allowed).toBe(true);
      // A cost above the limit never fits.
      expect((await store.take('other', 5, windowMs, 0, 6)).allowed).toBe(false);
      await store.close();
    });

    it('decides concurrent hits of one client exactly', async () => {
      const store = await create();
      const decisions = await Promise.all(Array.from({ length: 10 }, () => store.take('ip', 4, windowMs, 5)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(4);
      await store.close();
    });
  });
}
