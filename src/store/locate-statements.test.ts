/**
 * What locate reads as texts of numbers (store/number-text): the chunk-to-file map, one text per
 * slice of chunk ids, the same chunks as a plain row-by-row read of a real index; and a term's
 * postings, in chunk order.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { makeTree } from '../test-support/temp-tree.js';
import { chunkColumnsOf, readChunkColumns, termPostingsOf } from './locate-statements.js';
import { SqliteIndex } from './sqlite-index.js';

describe('chunkColumnsOf', () => {
  it('reads id, file and length in turn, and adds to columns it is given', () => {
    const columns = chunkColumnsOf('1 7 120 2 7 0 15 9 3');
    expect(columns).toEqual({ ids: [1, 2, 15], fileIds: [7, 7, 9], tokens: [120, 0, 3] });
    expect(chunkColumnsOf('1000000 10 42', columns)).toBe(columns);
    expect(columns.ids).toEqual([1, 2, 15, 1_000_000]);
    expect(chunkColumnsOf(null)).toEqual({ ids: [], fileIds: [], tokens: [] });
  });
});

describe('termPostingsOf', () => {
  it('reads chunk and frequency pairs, in chunk order whatever order the text has', () => {
    expect(termPostingsOf('3 1 8 2 40 5')).toEqual({ chunkIds: [3, 8, 40], frequencies: [1, 2, 5] });
    expect(termPostingsOf('40 5 3 1 8 2')).toEqual({ chunkIds: [3, 8, 40], frequencies: [1, 2, 5] });
    expect(termPostingsOf(null)).toEqual({ chunkIds: [], frequencies: [] });
  });
});

describe('SqliteReader.chunkTokens', () => {
  it('gives every chunk of the index with its file and length', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 12; f++) files[`src/mod_${f}.py`] = Array.from({ length: 5 }, (_, i) => `def handler_${f}_${i}(request):\n    return respond(request, ${i})\n`).join('\n');
    const { index } = await indexFolder({ root: makeTree(files), indexPath: path.join(makeTree(), 'index.db') });
    const store = SqliteIndex.open(index, { readonly: true });
    try {
      const rows = store.sqlite.db.prepare<[], { id: number; file_id: number; token_count: number }>('SELECT id, file_id, token_count FROM chunks ORDER BY id').all();
      expect(rows.length).toBeGreaterThanOrEqual(12);
      const expected = { ids: rows.map((r) => r.id), fileIds: rows.map((r) => r.file_id), tokens: rows.map((r) => r.token_count) };
      expect(await store.read((reader) => reader.chunkTokens())).toEqual(expected);
      // A few chunks a read, as a kernel-sized index is read a million at a time: nothing lost or read twice.
      const chunks = store.sqlite.locateStatements.chunks;
      for (const limit of [1, 5, rows.length]) expect(readChunkColumns((from, n) => chunks.get({ from, limit: n }) ?? null, limit)).toEqual(expected);
    } finally {
      await store.close();
    }
  });
});
