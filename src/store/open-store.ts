/**
 * @module store/open-store
 * Opens the store a location names (store/store-location): a SQLite file, or
 * a PostgreSQL schema. The PostgreSQL driver is loaded only when one is asked
 * for, so the SQLite default starts as fast as it did.
 */
import type { CountingThread } from './counting-thread.js';
import { SqliteIndex } from './sqlite-index.js';
import type { Store, StoreLocation } from './store.js';

export interface OpenStoreOptions {
  /** Create the index when it does not exist yet (`quarry index`); otherwise a missing one is INDEX_MISSING. */
  create?: boolean;
  /** Only read (search workers): no migration, no writes. */
  readonly?: boolean;
  /** The project folder, named in the INDEX_MISSING message. */
  root?: string;
  /** Read-only SQLite: count word matches on this thread while searches score (search workers). */
  countingThread?: CountingThread;
  /** SQLite: rank with FTS5's own bm25() even where quarry_bm25() loads (the same scores, slower; benchmarks compare the two). */
  fts5Bm25?: boolean;
  /**
   * SQLite: score word pages with block maxima of blocks of 2^shift rowids (store/word-blocks), or
   * not (false, the default: on the kernel they cost more than they save; benchmarks and tests compare the two).
   */
  wordBlocks?: false | { shift: number };
}

export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<Store> {
  if (location.kind === 'sqlite') return SqliteIndex.open(location.file, options);
  const { PgStore } = await import('./postgres/pg-store.js');
  return PgStore.open(location.url, options);
}
