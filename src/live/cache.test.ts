import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { SearchCache, searchKey } from './cache.js';
import type { GrepOptions } from './rg-args.js';
import type { CountData, MatchData } from './search.js';

const options: GrepOptions = {
  query: 'q', fixedStrings: false, word: false, case: 'smart', multiline: false, includeGlobs: [], excludeGlobs: [],
  followSymlinks: false, hidden: false, noIgnore: false, maxFilesizeBytes: 1, contextBefore: 0, contextAfter: 0,
  encoding: null, maxCount: null, timeoutMs: 1,
};
const counts: CountData = { counts: new Map([['/a', 2]]), total: 2, exact: true, warnings: [], elapsedMs: 1 };
const matches = (n: number, complete: boolean): MatchData => ({
  ...counts, complete,
  matches: Array.from({ length: n }, (_, i) => ({ file: 'a', abs_path: '/a', line_number: i + 1, line: 'q', submatches: [] })),
});

describe('coarser-format cache', () => {
  it('keys by what decides matches, not by timeout or context', () => {
    const key = searchKey('search_content', options, ['/p']);
    expect(searchKey('search_content', { ...options, timeoutMs: 9, contextAfter: 3 }, ['/p'])).toBe(key);
    expect(searchKey('search_content', { ...options, word: true }, ['/p'])).not.toBe(key);
    expect(searchKey('search_content', options, ['/q'])).not.toBe(key);
    expect(searchKey('find_and_grep', options, ['/p'])).not.toBe(key);
  });

  it('serves counts from match data, and match data only when rich enough', () => {
    const cache = new SearchCache();
    cache.storeMatches('k', { data: matches(5, false), limit: 5, contextBefore: 0, contextAfter: 0 });
    expect(cache.counts('k')?.total).toBe(2);
    expect(cache.matches('k', 3, 0, 0)?.matches).toHaveLength(3);
    expect(cache.matches('k', 10, 0, 0)).toBeUndefined();
    expect(cache.matches('k', 3, 1, 0)).toBeUndefined();
    expect(cache.allMatches('k')).toBeUndefined();
  });

  it('never serves match-level formats from counts', () => {
    const cache = new SearchCache();
    cache.storeCounts('k', counts);
    expect(cache.counts('k')).toBe(counts);
    expect(cache.matches('k', 1, 0, 0)).toBeUndefined();
  });

  it('forgets entries after their lifetime', () => {
    let now = 0;
    const cache = new SearchCache(() => now);
    cache.storeCounts('k', counts);
    now = LIVE.cacheTtlMs + 1;
    expect(cache.counts('k')).toBeUndefined();
  });

  it('drops the oldest entry past the size cap', () => {
    const cache = new SearchCache();
    for (let i = 0; i <= LIVE.cacheMaxEntries; i++) cache.storeCounts(`k${i}`, counts);
    expect(cache.counts('k0')).toBeUndefined();
    expect(cache.counts(`k${LIVE.cacheMaxEntries}`)).toBe(counts);
  });
});
