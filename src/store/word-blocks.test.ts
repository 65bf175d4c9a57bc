/**
 * Word pages by block maxima (store/word-blocks) against the page FTS5 scores
 * in one statement, on a real index of this repository's sources: the same
 * rows with the same scores and counts, and through the whole search the same
 * answers and exact totals, for one word, every word, any word, rare words
 * beside common ones and words no chunk holds; with the maxima computed when
 * asked, kept with the index, and kept but stale after files changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode } from '../search/engine.js';
import { PROJECT_ROOT } from '../test-support/cli.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { SqliteIndex } from './sqlite-index.js';
import type { SqliteReader } from './sqlite-reader.js';
import { SqliteStore } from './sqlite-store.js';
import { float32Up, WORD_BLOCKS_STATE_KEY } from './word-blocks-kept.js';
import type { SearchFilter } from './rows.js';

const ALL: SearchFilter = { language: null, repository: null };
/** Blocks of 16 rowids: this repository's ~2,000 chunks make about 125 of them, as the kernel's make hundreds at 2^11. */
const SMALL_BLOCKS = { shift: 4 };

/** Words no chunk holds (spelt apart: this file is one of the chunks). */
const ABSENT = ['qx', 'zj', 'vw'].join('');
const ABSENT_TOO = ['wq', 'jx', 'zv'].join('');

/** Word queries: one word, every word (two), any word (three or more), rare beside common, absent, abbreviations. */
const QUERIES = [
  'search', 'index', 'chunk', 'return', ABSENT, 'search index', 'word count', 'phrase token', 'reader writer',
  'read file', 'search index chunk', 'block maxima page', `kernel ${ABSENT}`, `${ABSENT} ${ABSENT_TOO}`, 'dict lookup',
  'first stage words', 'count the words of a page', 'const export function', 'bm25 score rank', 'vitest expect toEqual',
  'catalogue message locale', 'postgres schema migration', 'trigram regex candidates', 'cursor secret version',
];

/** Expressions as the planner gives them to the page (with their groups), and windows past the first page. */
const PAGES: { match: string; groups: string[][] | null }[] = [
  { match: '"search"', groups: null },
  { match: '"index" AND "file"', groups: [['"index"'], ['"file"']] },
  { match: '"search" OR "index" OR "chunk"', groups: [['"search"'], ['"index"'], ['"chunk"']] },
  { match: `"word" OR "${ABSENT}"`, groups: [['"word"'], [`"${ABSENT}"`]] },
  { match: '"return" AND "const"', groups: [['"return"'], ['"const"']] },
  { match: '("dict" OR "dictionari") AND "lookup"', groups: [['"dict"', '"dictionari"'], ['"lookup"']] },
  { match: '"block" OR "maxima" OR "page" OR "word" OR "row"', groups: [['"block"'], ['"maxima"'], ['"page"'], ['"word"'], ['"row"']] },
];
const WINDOWS = [{ offset: 0, limit: 100 }, { offset: 20, limit: 40 }, { offset: 0, limit: 1 }];

async function answers(index: string, wordBlocks: false | { shift: number }) {
  const store = SqliteIndex.open(index, { readonly: true, wordBlocks });
  try {
    return await store.read(async (reader) => {
      const pages = [];
      for (const { match, groups } of PAGES) {
        for (const window of WINDOWS) pages.push(await reader.wordsPage(ALL, match, window, groups));
      }
      const searches = [];
      for (const query of QUERIES) {
        const reply = await searchCode(reader, normalizeSearchCodeParams({ query, mode: 'text', max_results: 20 }));
        searches.push({ query, total: reply.total, items: reply.items.map((item) => [item.file, item.start_line, item.end_line, item.relevance]) });
      }
      return { pages, searches, used: { ...(reader as SqliteReader).blockPages } };
    });
  } finally {
    await store.close();
  }
}

describe('block-max word pages', () => {
  it('answer as the one-statement page does on this repository\'s sources, with the maxima computed, kept, and stale', async () => {
    const root = makeTree();
    fs.cpSync(path.join(PROJECT_ROOT, 'src'), root, { recursive: true });
    const index = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: index });
    const expected = await answers(index, false);
    expect(expected.used.pages).toBe(0);
    expect(expected.searches.filter((s) => s.total > 0).length).toBeGreaterThan(QUERIES.length / 2);
    expect(expected.searches.find((s) => s.query === `${ABSENT} ${ABSENT_TOO}`)!.total).toBe(0);

    // Computed when asked: every word here is in fewer chunks than WORD_BLOCKS.computeDocsMax.
    const computed = await answers(index, SMALL_BLOCKS);
    expect({ pages: computed.pages, searches: computed.searches }).toEqual({ pages: expected.pages, searches: expected.searches });
    expect(computed.used.pages).toBeGreaterThan(PAGES.length * WINDOWS.length);
    // Most pages stop before reading every block: there are about 125.
    expect(computed.used.statements / computed.used.pages).toBeLessThan(40);

    // Kept with the index, for every word in at least 20 chunks, at these blocks.
    const writer = SqliteStore.open(index, { wordBlocks: SMALL_BLOCKS });
    try {
      writer.recountWordDocs(20);
      writer.ensureIndexes({ wordBlocks: true });
      expect(writer.db.prepare('SELECT count(*) FROM word_blocks').pluck().get()).toBeGreaterThan(500);
      expect(writer.statements.metaGet.get(WORD_BLOCKS_STATE_KEY)?.value).toBe(`${writer.wordRowsKey()}/4`);
    } finally {
      writer.close();
    }
    const kept = await answers(index, SMALL_BLOCKS);
    expect({ pages: kept.pages, searches: kept.searches }).toEqual({ pages: expected.pages, searches: expected.searches });

    // Files change: the kept maxima are of another state, and are not read; the pages stay those of one statement.
    writeTree(root, { 'search/more-words.ts': 'export const searchIndexChunk = "search index chunk word count";\n' });
    await indexFolder({ root, indexPath: index });
    const changed = await answers(index, false);
    expect(changed.searches).not.toEqual(expected.searches);
    const stale = await answers(index, SMALL_BLOCKS);
    expect({ pages: stale.pages, searches: stale.searches }).toEqual({ pages: changed.pages, searches: changed.searches });
  });

  it('keeps each maximum as a float32 no smaller than it', () => {
    const values = Float64Array.from([0, 1 / 3, 2.2, 1e-7, 0.5, 1.9999999999]);
    const kept = float32Up(values);
    values.forEach((value, i) => {
      expect(kept[i]).toBeGreaterThanOrEqual(value);
      expect(kept[i]! - value).toBeLessThan(value * 2 ** -22 + Number.EPSILON);
    });
  });
});
