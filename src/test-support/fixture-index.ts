/**
 * @module test-support/fixture-index
 * A real index of a committed fixture tree (test-fixtures/...): the folder is
 * indexed where it is, the index is written to a temp folder (never into the
 * fixture), and both the index and the store are gone when the test file ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { PROJECT_ROOT } from './cli.js';

const opened: { store: SqliteIndex; dir: string }[] = [];

afterAll(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Indexes `test-fixtures/<relative>` and opens the index. */
export async function indexFixture(relative: string): Promise<SqliteIndex> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-fixture-'));
  const summary = await indexFolder({ root: path.join(PROJECT_ROOT, 'test-fixtures', relative), indexPath: path.join(dir, 'index.db') });
  const store = SqliteIndex.open(summary.index);
  opened.push({ store, dir });
  return store;
}
