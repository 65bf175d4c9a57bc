/**
 * bm25 ranks an index that had files changed and deleted as it ranks a fresh
 * build of the same tree: FTS5's row count and column totals (its averages
 * record) follow the rows the word index holds, on real SQLite files. An
 * older index whose totals drifted is recounted when it is opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { SqliteIndex } from './sqlite-index.js';
import { averagesRowCount, readVarints, writeVarints, writingShadowTables } from './word-totals.js';

const none = { language: null, repository: null };
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'theta'];

/** 300 files of 1 to 3 chunks, each a different mix and length of the words. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) {
    const functions = Array.from({ length: 1 + (i % 3) }, (_, f) => {
      const words = Array.from({ length: 2 + ((i * 7 + f * 3) % 23) }, (_, w) => WORDS[(i * 5 + f + w * w) % WORDS.length]);
      return `function f${i}_${f}() {\n  // ${words.join(' ')}\n  return ${i};\n}\n`;
    });
    files[`src/m${String(i).padStart(3, '0')}.js`] = functions.join('\n');
  }
  return files;
}

/** Deletes a third of the files, rewrites a quarter, adds 30. */
function change(root: string): void {
  for (let i = 0; i < 300; i += 3) fs.rmSync(path.join(root, `src/m${String(i).padStart(3, '0')}.js`));
  for (let i = 1; i < 300; i += 4) writeTree(root, { [`src/m${String(i).padStart(3, '0')}.js`]: `function g${i}() {\n  // theta theta ${WORDS[i % 8]} kappa\n}\n` });
  writeTree(root, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`lib/n${i}.js`, `function n${i}() {\n  // ${'omega '.repeat(1 + (i % 5))}alpha\n}\n`])));
}

async function withIndex<T>(file: string, read: (index: SqliteIndex) => Promise<T>): Promise<T> {
  const index = SqliteIndex.open(file);
  try {
    return await read(index);
  } finally {
    await index.close();
  }
}

/** Every hit of a few word queries as `path:line score`, and the averages record. */
async function ranking(file: string): Promise<{ averages: number[]; hits: string[] }> {
  return withIndex(file, (index) => index.read(async (reader) => {
    const hits: string[] = [];
    for (const match of ['"theta"', '"omega" OR "alpha"', '"kappa" AND "sigma"', '"beta" OR "gamma" OR "delta"']) {
      const rows = await reader.wordsPage(none, match, { offset: 0, limit: 2000 });
      const at = await reader.chunkHits(rows.map((r) => r.chunk_id));
      hits.push(...rows.map((r, i) => `${match} ${at[i]!.path}:${at[i]!.start_line} ${r.score}`));
    }
    return { averages: readVarints(index.sqlite.statements.wordsAverages.get()), hits: hits.sort() };
  }));
}

describe('bm25 totals of the word index', () => {
  it('after files are changed and deleted, rank every hit with the scores of a fresh build of the same tree', async () => {
    const root = makeTree(tree());
    const updated = path.join(makeTree(), 'updated.db');
    await indexFolder({ root, indexPath: updated });
    const before = await ranking(updated);
    change(root);
    await indexFolder({ root, indexPath: updated });
    const fresh = path.join(makeTree(), 'fresh.db');
    await indexFolder({ root, indexPath: fresh });

    const now = await ranking(updated);
    const expected = await ranking(fresh);
    expect(now.averages).toEqual(expected.averages);
    expect(now.hits).toEqual(expected.hits);
    expect(now.hits.length).toBeGreaterThan(100);
    // The change did move the totals: the same record as before would not do.
    expect(now.averages).not.toEqual(before.averages);
    await withIndex(updated, async (index) => {
      expect(averagesRowCount(index.sqlite.statements.wordsAverages.get())).toBe(index.sqlite.counts().chunks);
    });
  });

  it('of an index written before are recounted from its rows when it is opened', async () => {
    const root = makeTree(tree());
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    const right = await ranking(file);
    // As an older Quarry left it: 500 deleted rows and their tokens still counted, schema step 11.
    await withIndex(file, async (index) => {
      const db = index.sqlite.db;
      const [rows = 0, ...tokens] = right.averages;
      writingShadowTables(db, () => db.prepare('UPDATE chunk_words_data SET block = ? WHERE id = 1').run(writeVarints([rows + 500, ...tokens.map((n) => n + 4000)])));
      db.pragma('user_version = 11');
      return Promise.resolve();
    });
    const reopened = await ranking(file);
    expect(reopened.averages).toEqual(right.averages);
    expect(reopened.hits).toEqual(right.hits);
  });

  it('are recounted when a savepoint inside a write rolled back, keeping what the rest deleted', async () => {
    const root = makeTree(tree());
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    await withIndex(file, (index) => {
      const store = index.sqlite;
      const [first, second] = store.db.prepare<[], number>('SELECT id FROM files ORDER BY id LIMIT 2').pluck().all();
      const chunksBefore = store.counts().chunks;
      store.transaction(() => {
        store.deleteFile(first!);
        expect(() => store.transaction(() => {
          store.deleteFile(second!);
          throw new Error('undone');
        })).toThrow('undone');
      });
      const recounted = readVarints(store.db.prepare<[], Buffer>('SELECT word_totals(sz) FROM chunk_words_docsize').pluck().get());
      expect(readVarints(store.statements.wordsAverages.get())).toEqual(recounted);
      expect(recounted[0]).toBe(store.counts().chunks);
      expect(store.counts().chunks).toBeLessThan(chunksBefore);
      return Promise.resolve();
    });
  });
});

describe('SQLite varints', () => {
  it('read back what they wrote, from one byte to eight', () => {
    const values = [0, 1, 127, 128, 300, 16_383, 16_384, 2 ** 21, 2 ** 35 + 7, 2 ** 49 + 1, 2 ** 55];
    expect(readVarints(writeVarints(values))).toEqual(values);
    expect([...writeVarints([300])]).toEqual([0x82, 0x2c]);
  });

  it('read a nine-byte varint, whose last byte holds eight bits', () => {
    expect(readVarints(Buffer.from([0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x05, 0x03]))).toEqual([2 ** 57 + 5, 3]);
  });
});
