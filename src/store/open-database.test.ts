import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE } from './store-tuning.js';
import { MedicinesStore } from '../medicines/store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { applyMigrations, openDatabase } from './open-database.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { registerStoreFunctions, SqliteStore } from './sqlite-store.js';
import { writingShadowTables } from './word-totals.js';

const pragmas = (db: ReturnType<typeof openDatabase>) => ({
  journal: db.pragma('journal_mode', { simple: true }),
  busy: db.pragma('busy_timeout', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
  cache: db.pragma('cache_size', { simple: true }),
});

describe('openDatabase', () => {
  it('gives a new writable file WAL, the index page size and the busy timeout', () => {
    const db = openDatabase(path.join(makeTree(), 'a.db'));
    expect(pragmas(db)).toEqual({ journal: 'wal', busy: STORE.busyTimeoutMs, foreignKeys: 1, cache: -STORE.cacheSizeKiB });
    expect(db.pragma('page_size', { simple: true })).toBe(STORE.pageSize);
    db.close();
  });

  it('opens read-only without writing: a write is refused, the timeout still applies', () => {
    const file = path.join(makeTree(), 'b.db');
    const writer = openDatabase(file);
    writer.exec('CREATE TABLE t (x)');
    writer.close();
    const reader = openDatabase(file, { readonly: true });
    expect(reader.readonly).toBe(true);
    expect(reader.pragma('busy_timeout', { simple: true })).toBe(STORE.busyTimeoutMs);
    // Readers map the file; writers do not.
    expect(reader.pragma('mmap_size', { simple: true })).toBe(STORE.readerMmapBytes);
    const another = openDatabase(file);
    expect(another.pragma('mmap_size', { simple: true })).toBe(0);
    another.close();
    expect(() => reader.exec('INSERT INTO t VALUES (1)')).toThrow(/readonly/);
    reader.close();
  });

  it('is how both the code index and the medicines registry open their files', () => {
    const root = makeTree();
    const index = SqliteStore.open(path.join(root, 'index.db'), { create: true });
    const medicines = MedicinesStore.open(path.join(root, 'medicines.db'), { root, create: true });
    expect(pragmas(medicines.db)).toEqual(pragmas(index.db));
    expect(medicines.db.pragma('page_size', { simple: true })).toBe(index.db.pragma('page_size', { simple: true }));
    index.close();
    medicines.close();
  });

  it('migrates on a connection whose copy of the schema another connection has outdated', () => {
    // Two processes opening one new index: the second read the schema at step 6 (edges a table), waited
    // for the lock while the first went on, and must compile step 9 (DROP VIEW edges) against today's.
    const file = path.join(makeTree(), 'c.db');
    const connect = () => {
      const db = openDatabase(file);
      registerStoreFunctions(db);
      return db;
    };
    const first = connect();
    const second = connect();
    try {
      applyMigrations(first, MIGRATIONS.slice(0, 6));
      expect(second.prepare("SELECT type FROM sqlite_schema WHERE name = 'edges'").pluck().get()).toBe('table');
      applyMigrations(first, MIGRATIONS.slice(0, 8));
      writingShadowTables(second, () => applyMigrations(second, MIGRATIONS));
      expect(second.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(second.prepare("SELECT type FROM sqlite_schema WHERE name = 'edges'").pluck().get()).toBe('view');
    } finally {
      first.close();
      second.close();
    }
  });
});
