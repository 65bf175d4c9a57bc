import { describe, expect, it } from 'vitest';
import { SEARCH_CACHE } from '../contracts/limits.js';
import { ResultCache } from './result-cache.js';

const answer = (chars: number) => ({ text: 'x'.repeat(chars) });

describe('ResultCache is bounded in bytes, least recently used first', () => {
  it('evicts the least recently used entries once the bytes pass the cap', () => {
    const cache = new ResultCache<{ text: string }>(100, 1000);
    cache.set('a', answer(300));
    cache.set('b', answer(300));
    cache.set('c', answer(300));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('d', answer(300));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('does not cache an answer larger than the whole cap, and keeps the others', () => {
    const cache = new ResultCache<{ text: string }>(100, 1000);
    cache.set('small', answer(10));
    cache.set('huge', answer(5000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toEqual(answer(10));
  });

  it('replacing a key does not count it twice', () => {
    const cache = new ResultCache<{ text: string }>();
    cache.set('k', answer(100));
    const once = cache.bytes;
    cache.set('k', answer(100));
    expect(cache.bytes).toBe(once);
    expect(cache.size).toBe(1);
  });

  it('the default cap holds many ordinary answers but not a flood of large ones', () => {
    const cache = new ResultCache<{ text: string }>();
    for (let i = 0; i < 64; i++) cache.set(`k${i}`, answer(1024 * 1024));
    expect(cache.bytes).toBeLessThanOrEqual(SEARCH_CACHE.maxBytes);
    expect(cache.size).toBeLessThan(64);
  });
});
