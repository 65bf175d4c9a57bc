/**
 * @module test-support/with-store
 * Opens an index file's store for one piece of work and closes it after, so a
 * test can look at the file between the steps it takes (a migration, say).
 */
import { SqliteStore } from '../store/sqlite-store.js';

export function withStore<T>(indexPath: string, fn: (store: SqliteStore) => T, options: { readonly?: boolean } = {}): T {
  const store = SqliteStore.open(indexPath, options);
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** The same for async work (a search), read-only: the store stays open until it has settled. */
export async function readingStore<T>(indexPath: string, fn: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = SqliteStore.open(indexPath, { readonly: true });
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}
