/**
 * Word counts on a thread of their own: real index files on disk, a real
 * worker thread with its own read-only connection. The totals are the ones
 * the search's own connection counts, and always those of the snapshot the
 * search reads, even when an index pass commits in between.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode } from '../search/engine.js';
import { makeTree } from '../test-support/temp-tree.js';
import { CountingThread } from './counting-thread.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteIndex } from './sqlite-index.js';

/** Files whose words overlap in every proportion, so ANDs and ORs of them count differently. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  const words = ['session', 'token', 'cache', 'retry', 'buffer'];
  for (let f = 0; f < 40; f++) {
    const held = words.filter((_, i) => (f >> i) % 2 === 1 || f % (i + 2) === 0);
    files[`src/m${f}.py`] = Array.from({ length: 12 }, (_, i) => `def f${f}_${i}():\n    return "${held.join(' ')} ${i}"\n`).join('\n');
  }
  return files;
}

const QUERIES = ['session token', 'session token cache', 'retry buffer cache', 'token', 'nothing here at all', 'cache OR retry'];

async function totals(index: string, countingThread?: CountingThread): Promise<number[]> {
  const store = SqliteIndex.open(index, { readonly: true, countingThread });
  try {
    const out: number[] = [];
    for (const query of QUERIES) {
      out.push((await store.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query, mode: 'text' })))).total);
    }
    return out;
  } finally {
    await store.close();
  }
}

describe('word counts on a thread of their own', () => {
  it('give every text query the total its own connection counts, for every index the thread serves', async () => {
    const indexes = [(await indexFolder({ root: makeTree(tree()) })).index, (await indexFolder({ root: makeTree({ ...tree(), 'x.py': 'token cache '.repeat(50) }) })).index];
    const thread = CountingThread.start();
    try {
      for (const index of indexes) {
        const expected = await totals(index);
        expect(new Set(expected).size).toBeGreaterThan(3);
        expect(await totals(index, thread)).toEqual(expected);
      }
      // Closing an index releases only its connection: the thread still counts the other, and this one again.
      expect(await totals(indexes[0]!, thread)).toEqual(await totals(indexes[0]!));
    } finally {
      await thread.close();
    }
  });

  it('answer only for the file, schema step and index version asked, start again after a crash, and answer nothing once closed', async () => {
    const { index, index_version: version } = await indexFolder({ root: makeTree(tree()) });
    const { index: other } = await indexFolder({ root: makeTree({ 'a.py': 'session token\n' }) });
    const snapshot = (file: string) => ({ file: index, dev: fs.statSync(file).dev, ino: fs.statSync(file).ino, version, step: SCHEMA_VERSION });
    const thread = CountingThread.start();
    const plain = SqliteIndex.open(index, { readonly: true });
    const here = (match: string) => plain.read((reader) => reader.wordsCount({ language: null, repository: null }, match));
    try {
      const counted = await here('"session" AND "token"');
      expect(await thread.count(snapshot(index), ['"session" AND "token"', '"cache"'])).toEqual([counted, await here('"cache"')]);
      expect(await thread.count({ ...snapshot(index), version: version + 1 }, ['"session"'])).toBeNull();
      expect(await thread.count({ ...snapshot(index), step: SCHEMA_VERSION - 1 }, ['"session"'])).toBeNull();
      // A released file is opened again by its next count.
      thread.release(index);
      expect(await thread.count(snapshot(index), ['"session" AND "token"'])).toEqual([counted]);
      // An index replaced on disk: the thread's connection still reads the file the search opened; a search of
      // the new file has it open the new one, and then the old one is not what the path holds.
      const moved = `${index}.moved`;
      fs.renameSync(index, moved);
      fs.copyFileSync(other, index);
      expect(await thread.count({ ...snapshot(moved), file: index }, ['"session" AND "token"'])).toEqual([counted]);
      expect(await thread.count({ ...snapshot(index), version: 1 }, ['"session"'])).toEqual([1]);
      expect(await thread.count({ ...snapshot(moved), file: index }, ['"session" AND "token"'])).toBeNull();
      // A thread that ended unasked is started again by the next count.
      await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      expect(await thread.count({ ...snapshot(index), version: 1 }, ['"session"'])).toEqual([1]);
    } finally {
      await plain.close();
      await thread.close();
    }
    expect(await thread.count(snapshot(index), ['"session"'])).toBeNull();
  });

  it('a search counts in its own snapshot when an index pass commits while it reads', async () => {
    const root = makeTree(tree());
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const query = normalizeSearchCodeParams({ query: 'session token', mode: 'text' });
    const thread = CountingThread.start();
    const store = SqliteIndex.open(indexPath, { readonly: true, countingThread: thread });
    try {
      const before = await store.read((reader) => searchCode(reader, query));
      const during = await store.read(async (reader) => {
        // The read's snapshot is taken; a pass adds more matching chunks and commits before the count is asked.
        await reader.indexVersion();
        fs.writeFileSync(path.join(root, 'src/more.py'), 'def more():\n    return "session token"\n'.repeat(30));
        await indexFolder({ root, indexPath });
        return searchCode(reader, query);
      });
      expect(during.total).toBe(before.total);
      const after = await store.read((reader) => searchCode(reader, query));
      expect(after.total).toBeGreaterThan(before.total);
    } finally {
      await store.close();
      await thread.close();
    }
  });
});
