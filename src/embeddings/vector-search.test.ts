import { describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { chunksMatching, nearestChunks } from './vector-search.js';
import { chunksWithoutVector, ensureVectorTable, putVectors } from './vector-store.js';

const unit = (...xs: number[]) => { const n = Math.hypot(...xs); return Float32Array.from(xs.map((x) => x / n)); };

describe('nearestChunks', () => {
  it('ranks by cosine, keeps to the filter, leaves out what has nothing in common, and sees vectors stored after it loaded', async () => {
    const root = makeTree({ 'a.ts': 'const a = 1;\n', 'b.ts': 'const b = 2;\n', 'c.py': 'c = 3\n', 'd.ts': 'const d = 4;\n' });
    const summary = await indexFolder({ root, workers: 0 });
    const store = SqliteStore.open(summary.index);
    try {
      ensureVectorTable(store);
      const chunks = chunksWithoutVector(store, 'm', 0, 10);
      const byPath = Object.fromEntries(chunks.map((c) => [c.path, c]));
      store.transaction(() => putVectors(store, 'm', [
        { chunk: byPath['a.ts']!, vector: unit(1, 0, 0) },
        { chunk: byPath['b.ts']!, vector: unit(1, 1, 0) },
        { chunk: byPath['c.py']!, vector: unit(1, 0.1, 0) },
        { chunk: byPath['d.ts']!, vector: unit(-1, 0, 0) },
      ]));
      const ids = (found: { id: number }[]) => found.map((f) => chunks.find((c) => c.id === f.id)!.path);
      expect(ids(nearestChunks(store, 'm', [1, 0, 0], 10))).toEqual(['a.ts', 'c.py', 'b.ts']);
      expect(ids(nearestChunks(store, 'm', [1, 0, 0], 2))).toEqual(['a.ts', 'c.py']);
      expect(ids(nearestChunks(store, 'm', [1, 0, 0], 10, chunksMatching(store, { language: 'typescript', repository: null })))).toEqual(['a.ts', 'b.ts']);
      expect(nearestChunks(store, 'm', [1, 0], 10)).toEqual([]);
      expect(nearestChunks(store, 'other', [1, 0, 0], 10)).toEqual([]);

      // d.ts turns towards the query, in place (same chunk, same model): the loaded matrix is replaced, not reused.
      expect(ids(nearestChunks(store, 'm', [1, 0, 0], 2))).toEqual(['a.ts', 'c.py']);
      store.transaction(() => putVectors(store, 'm', [{ chunk: byPath['d.ts']!, vector: unit(1, 0, 0.01) }]));
      expect(ids(nearestChunks(store, 'm', [1, 0, 0], 2))).toEqual(['a.ts', 'd.ts']);
    } finally {
      store.close();
    }
  });
});
