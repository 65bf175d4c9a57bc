/**
 * Word pages scored with block maxima (store/word-blocks) against the pages
 * FTS5 scores whole, on a real index of this repository's sources: the same
 * rows with the same scores and counts, and through the whole search the same
 * answers and exact totals, for one word, every word, any word, rare words
 * beside common ones and words no chunk holds; again after files changed.
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
import { blockBounds } from './word-blocks.js';
import { phraseCountsBlob } from './ranking-extension.js';
import { SqliteStore } from './sqlite-store.js';
import { averagesRowCount } from './word-totals.js';
import { fts5Idf } from './words-bound.js';
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

/**
 * How many rows of a common word the bounded statement does not score (a score of -1) once it keeps its
 * 10 best, checking that its first 10 rows are the whole statement's.
 */
function skippedRows(index: string): number {
  const store = SqliteStore.open(index, { readonly: true });
  try {
    const s = store.statements;
    const lengths = store.wordRowsKey();
    const match = '"return"';
    const docs = s.wordsCountAll.get({ match })!.n;
    const maxima = new Float64Array(new Uint8Array(s.wordBlocks!.get({ match, shift: SMALL_BLOCKS.shift, lengths })!).buffer);
    const bounds = blockBounds({ every: true, groups: [[match]] }, { maxima: () => maxima, idf: () => fts5Idf(averagesRowCount(s.wordsAverages.get()), docs) })!;
    const counts = phraseCountsBlob([docs]);
    s.keepRows!.get(10);
    const all = s.wordsSearchBounded!.all({ match, limit: 1_000_000, offset: 0, bounds: Buffer.from(bounds.buffer), shift: SMALL_BLOCKS.shift, counts, lengths });
    s.keptRows!.get();
    expect(all.slice(0, 10)).toEqual(s.wordsSearchAll.all({ match, limit: 10, offset: 0, counts, lengths }));
    expect(all.length).toBe(docs);
    return all.filter((row) => row.score === -1).length;
  } finally {
    store.close();
  }
}

describe('block-max word pages', () => {
  it('answer as the pages scored whole do, on this repository\'s sources and after files change', async () => {
    const root = makeTree();
    fs.cpSync(path.join(PROJECT_ROOT, 'src'), root, { recursive: true });
    const index = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: index });
    const expected = await answers(index, false);
    expect(expected.used.pages).toBe(0);
    expect(expected.searches.filter((s) => s.total > 0).length).toBeGreaterThan(QUERIES.length / 2);
    expect(expected.searches.find((s) => s.query === `${ABSENT} ${ABSENT_TOO}`)!.total).toBe(0);
    const blocked = await answers(index, SMALL_BLOCKS);
    expect({ pages: blocked.pages, searches: blocked.searches }).toEqual({ pages: expected.pages, searches: expected.searches });
    expect(blocked.used.pages).toBeGreaterThan(PAGES.length * WINDOWS.length);
    expect(skippedRows(index)).toBeGreaterThan(0);

    writeTree(root, { 'search/more-words.ts': 'export const searchIndexChunk = "search index chunk word count";\n' });
    await indexFolder({ root, indexPath: index });
    const changed = await answers(index, false);
    expect(changed.searches).not.toEqual(expected.searches);
    const again = await answers(index, SMALL_BLOCKS);
    expect({ pages: again.pages, searches: again.searches }).toEqual({ pages: changed.pages, searches: changed.searches });
  });

  it('bounds a block by every word it may hold, and an AND block by nothing when it lacks a group', () => {
    const maxima = new Map([['"a"', Float64Array.from([1, 0, 0.5])], ['"b"', Float64Array.from([0, 2, 1])]]);
    const source = { maxima: (term: string) => maxima.get(term) ?? null, idf: (term: string) => (term === '"a"' ? 2 : 1) };
    const close = (bounds: Float64Array | null) => [...bounds!].map((x) => Number(x.toFixed(6)));
    expect(close(blockBounds({ every: false, groups: [['"a"'], ['"b"']] }, source))).toEqual([2, 2, 2]);
    expect(close(blockBounds({ every: true, groups: [['"a"'], ['"b"']] }, source))).toEqual([0, 0, 2]);
    expect(close(blockBounds({ every: true, groups: [['"a"', '"b"']] }, source))).toEqual([2, 2, 2]);
    expect(blockBounds({ every: true, groups: [['"a"'], ['"c"']] }, source)).toBeNull();
  });
});
