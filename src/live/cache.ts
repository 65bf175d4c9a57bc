/**
 * @module live/cache
 * Answers a coarser format of a search just made from that search's data
 * (the live-search contract's "smart caching with cross-format optimization"): full or
 * group_by_file data serves every format; counts serve total_only and
 * count_only_matches. Keyed by everything that decides which lines match
 * (not by format, limit or context); entries live LIVE.cacheTtlMs because
 * the tree is live, and the oldest entry goes first past LIVE.cacheMaxEntries.
 */
import { createHash } from 'node:crypto';
import { LIVE } from '../contracts/limits.js';
import type { GrepOptions } from './rg-args.js';
import type { CountData, MatchData } from './search.js';

export interface CachedMatches {
  data: MatchData;
  limit: number;
  contextBefore: number;
  contextAfter: number;
}

interface Entry {
  storedAt: number;
  counts?: CountData;
  matches?: CachedMatches;
}

/** The identity of a search: its paths and every option that changes which lines match. */
export function searchKey(tool: string, options: GrepOptions, paths: readonly string[]): string {
  const { timeoutMs: _t, contextBefore: _b, contextAfter: _a, ...matching } = options;
  const hash = createHash('sha256').update(JSON.stringify({ tool, matching, paths })).digest('hex');
  return hash;
}

export class SearchCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt > LIVE.cacheTtlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Counts of the search, from a counts run or from a match run that saw every match. */
  counts(key: string): CountData | undefined {
    const entry = this.live(key);
    if (entry?.counts) return entry.counts;
    if (entry?.matches && entry.matches.data.exact) return entry.matches.data;
    return undefined;
  }

  /** Match data at least as rich as asked: enough lines (or all of them) and the same context. */
  matches(key: string, limit: number, contextBefore: number, contextAfter: number): MatchData | undefined {
    const cached = this.live(key)?.matches;
    if (!cached || cached.contextBefore !== contextBefore || cached.contextAfter !== contextAfter) return undefined;
    if (cached.data.complete || cached.limit >= limit) {
      if (cached.data.complete || cached.data.matches.length <= limit) return cached.data;
      return { ...cached.data, matches: cached.data.matches.slice(0, limit), complete: false };
    }
    return undefined;
  }

  /** Every match of the search, when a cached run kept them all (serves summary samples). */
  allMatches(key: string): MatchData | undefined {
    const cached = this.live(key)?.matches;
    return cached?.data.complete ? cached.data : undefined;
  }

  storeCounts(key: string, counts: CountData): void {
    this.put(key, { counts });
  }

  storeMatches(key: string, matches: CachedMatches): void {
    this.put(key, { matches });
  }

  private put(key: string, patch: Omit<Entry, 'storedAt'>): void {
    // Replaced, not merged: older parts would otherwise look as fresh as the new one.
    this.entries.delete(key);
    this.entries.set(key, { ...patch, storedAt: this.now() });
    while (this.entries.size > LIVE.cacheMaxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
