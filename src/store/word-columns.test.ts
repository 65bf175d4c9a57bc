/**
 * Schema step 8: the body is the word index's first column, so FTS5 writes no
 * column number before its positions. Real indexes on disk: an index of step 7
 * is migrated to a smaller word index that ranks every query the same, with
 * the same scores, and a read-only reader of the older layout ranks the same too.
 */
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { chunkColumns } from '../search/chunk-bm25.js';
import { searchCode } from '../search/engine.js';
import { WORDS_BEFORE_STEP_8 } from '../test-support/older-schema.js';
import { makeTree } from '../test-support/temp-tree.js';
import { withStore } from '../test-support/with-store.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteIndex } from './sqlite-index.js';
import type { SqliteStore } from './sqlite-store.js';

/** Code whose words repeat across files, so rankings have many rows and close scores to keep apart. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  const verbs = ['parse', 'load', 'save', 'render', 'retry', 'close'];
  const nouns = ['config', 'session', 'buffer', 'token', 'cache'];
  for (let f = 0; f < 60; f++) {
    const verb = verbs[f % verbs.length]!;
    const noun = nouns[f % nouns.length]!;
    const body = Array.from({ length: 30 }, (_, i) =>
      `def ${verb}_${noun}_${i}(value):\n    """${verb} the ${noun} with backoff ${i % 4}"""\n    return ${nouns[(f + i) % nouns.length]}_handler(value)\n`).join('\n');
    files[`src/${noun}/${verb}_${noun}_${f}.py`] = body;
  }
  files['docs/retry.md'] = '# Retry with exponential backoff\n\nA session retries a token refresh with backoff.\n';
  return files;
}

const QUERIES = ['parse config', 'retry backoff', 'session token cache', 'render buffer handler', 'close'];

/** Every query's first page: chunk, file and score of each item, in order. */
async function rankings(index: string | SqliteIndex, readonly: boolean) {
  const store = typeof index === 'string' ? SqliteIndex.open(index, { readonly }) : index;
  try {
    const pages = [];
    for (const query of QUERIES) {
      const reply = await store.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query, mode: 'text', max_results: 30 })));
      // The first stage's own scores too (the second stage re-scores its pool): bm25 with the column weights.
      const match = query.split(' ').join(' OR ');
      const scored = await store.read((reader) => reader.wordsPage({ language: null, repository: null }, match, { offset: 0, limit: 200 }));
      pages.push({ query, total: reply.total, items: reply.items.map((i) => [i.file, i.start_line, i.relevance]), scored });
    }
    return pages;
  } finally {
    if (typeof index === 'string') await store.close();
  }
}

const columns = (store: SqliteStore) => store.db.prepare("SELECT name FROM pragma_table_info('chunk_words')").pluck().all();
const wordBytes = (store: SqliteStore) => store.db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name = 'chunk_words_data'").pluck().get() as number;

describe('the word index with the body first', () => {
  it('a new index puts the body first', async () => {
    const { index } = await indexFolder({ root: makeTree(tree()) });
    withStore(index, (store) => {
      expect(columns(store)).toEqual(['body', 'path', 'symbol']);
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    });
  });

  it('migrates an index of step 7 to a smaller word index that ranks every query the same', async () => {
    const { index } = await indexFolder({ root: makeTree(tree()) });
    const expected = await rankings(index, false);
    expect(expected.every((page) => page.items.length > 0)).toBe(true);
    const vocabulary = (store: SqliteStore) => store.db.prepare('SELECT term, doc, cnt FROM chunk_words_vocab ORDER BY term').all();
    const words = withStore(index, vocabulary);

    // Put it back as step 7 wrote it, and VACUUM so its size is what a build of step 7 left.
    const older = withStore(index, (store) => {
      store.db.exec(`${WORDS_BEFORE_STEP_8}\nPRAGMA user_version = 7;`);
      store.db.exec('VACUUM');
      return { columns: columns(store), bytes: wordBytes(store) };
    });
    expect(older.columns).toEqual(['path', 'symbol', 'body']);

    // A read-only reader does not migrate; its weights follow the older columns, so it ranks the same.
    expect(await rankings(index, true)).toEqual(expected);
    withStore(index, (store) => expect(store.db.pragma('user_version', { simple: true })).toBe(7), { readonly: true });
    // One that stays open while a writer migrates the file follows the new columns.
    const openBefore = SqliteIndex.open(index, { readonly: true });

    const migrated = withStore(index, (store) => {
      store.db.exec('VACUUM');
      return { columns: columns(store), bytes: wordBytes(store), version: store.db.pragma('user_version', { simple: true }), words: vocabulary(store) };
    });
    expect(migrated.version).toBe(SCHEMA_VERSION);
    expect(migrated.columns).toEqual(['body', 'path', 'symbol']);
    // The same words in the same chunks, as many times; two bytes fewer for most of them.
    expect(migrated.words).toEqual(words);
    expect(migrated.bytes).toBeLessThan(older.bytes * 0.9);
    expect(await rankings(index, false)).toEqual(expected);
    try {
      expect(await rankings(openBefore, true)).toEqual(expected);
    } finally {
      await openBefore.close();
    }
  });
});

describe("the word index's row lengths", () => {
  it('are the lengths the second ranking stage would count from the text, in either column order', async () => {
    const files = { ...tree(), 'docs/ünïcode.md': 'Ça va: 日本語 テキスト and café_latte, naïveParser 42x\n' };
    const { index } = await indexFolder({ root: makeTree(files) });
    const counted = async (readonly: boolean) => {
      const store = SqliteIndex.open(index, { readonly });
      try {
        return await store.read(async (reader) => {
          const ids = withStore(index, (s) => s.db.prepare<[], number>('SELECT id FROM chunks ORDER BY id').pluck().all(), { readonly: true });
          const rows = await reader.chunkHits(ids);
          return { stored: await reader.wordRowLengths([...ids, 1e9]), text: rows.map((row) => row && chunkColumns(row, new Set())) };
        });
      } finally {
        await store.close();
      }
    };
    const { stored, text } = await counted(false);
    expect(text.length).toBeGreaterThan(100);
    expect(stored.pop()).toBeUndefined();
    expect(stored).toEqual(text.map((columns) => columns && { path: columns.path.length, symbol: columns.symbol.length, body: columns.body.length }));

    // The size records follow the table's columns: an index of step 7 (body last) gives the same lengths.
    withStore(index, (store) => store.db.exec(`${WORDS_BEFORE_STEP_8}\nPRAGMA user_version = 7;`));
    expect((await counted(true)).stored.slice(0, -1)).toEqual(stored);

    // And so does a reader that opened it at step 7 while a writer migrates it to step 8.
    const reader = SqliteIndex.open(index, { readonly: true });
    try {
      const ids = stored.map((_, i) => i + 1);
      const before = await reader.read((r) => r.wordRowLengths(ids));
      withStore(index, (store) => expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION));
      expect(await reader.read((r) => r.wordRowLengths(ids))).toEqual(before);
    } finally {
      await reader.close();
    }
  });
});
