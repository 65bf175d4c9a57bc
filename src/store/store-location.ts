/**
 * @module store/store-location
 * Which index a command works on: `--store` (or QUARRY_STORE) names a
 * postgres:// URL or a SQLite file, `--index` a SQLite file, and with
 * neither it is ROOT/.quarry/index.db. A flag beats the environment; two
 * flags naming an index are refused rather than one silently winning.
 */
import path from 'node:path';
import { catalogueError } from '../contracts/errors.js';
import { isPostgresUrl, parsePgUrl } from './postgres/pg-url.js';
import { defaultIndexPath } from './sqlite-store.js';
import type { StoreLocation } from './store.js';

export const STORE_ENV = 'QUARRY_STORE';

export interface StoreOptions {
  root: string;
  /** --index FILE */
  index?: string;
  /** --store URL|FILE */
  store?: string;
  env?: NodeJS.ProcessEnv;
}

export function resolveStoreLocation(options: StoreOptions): StoreLocation {
  if (options.index !== undefined && options.store !== undefined) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'store.options_conflict', params: { index: options.index } });
  }
  const fromEnv = options.index === undefined ? (options.env ?? process.env)[STORE_ENV]?.trim() : undefined;
  const store = options.store ?? (fromEnv ? fromEnv : undefined);
  if (store !== undefined) {
    if (isPostgresUrl(store)) {
      parsePgUrl(store); // refused here, before anything opens, when it is not one
      return { kind: 'postgres', url: store.trim() };
    }
    return { kind: 'sqlite', file: path.resolve(store) };
  }
  return { kind: 'sqlite', file: path.resolve(options.index ?? defaultIndexPath(path.resolve(options.root))) };
}

/** The location as shown to people: a file path, or the URL without its password. */
export function displayLocation(location: StoreLocation): string {
  return location.kind === 'sqlite' ? location.file : parsePgUrl(location.url).display;
}
