/**
 * An any-term page on a real SQLite index is the same, row for row and score
 * for score, whether the store scores every matching chunk or only the rows
 * the bound (store/words-bound) leaves in: on a tree where a rare word, two
 * common ones and rows that repeat a common word compete for the page, and
 * where many rows hold every word of a query and some repeat only one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { SqliteIndex } from './sqlite-index.js';
import type { IndexReader } from './store.js';
import { averagesRowCount } from './word-totals.js';
import { anyOf, byBound, groupBound } from './words-bound.js';

let store: SqliteIndex;

/**
 * 800 one-chunk files: "gamma" in 30, "beta" in 150, "alpha" in 250, some repeating a word up to 9 times, with filler of varied
 * length; "delta", "omega" and "sigma" together in 160, and alone or in pairs, some repeated 12 times, in others.
 */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 800; i++) {
    const words: string[] = [];
    if (i % 27 === 0) words.push(...Array<string>(1 + (i % 3)).fill('gamma'));
    if (i % 16 < 3) words.push(...Array<string>(1 + (i % 9)).fill('beta'));
    if (i % 16 >= 11) words.push(...Array<string>(1 + (i % 5)).fill('alpha'));
    if (i % 5 === 0) words.push(...Array<string>(1 + (i % 7)).fill('delta'), ...Array<string>(1 + (i % 4)).fill('omega'), ...Array<string>(1 + (i % 6)).fill('sigma'));
    if (i % 9 === 1) words.push(...Array<string>(i % 2 === 0 ? 12 : 1).fill('delta'));
    if (i % 13 === 2) words.push('omega', ...Array<string>(1 + (i % 12)).fill('sigma'));
    words.push(...Array.from({ length: 3 + (i % 40) }, (_, j) => `filler${(i * 7 + j) % 50}`));
    files[`notes/n${String(i).padStart(3, '0')}.txt`] = `${words.join(' ')}\n`;
  }
  return files;
}

beforeAll(async () => {
  const root = makeTree(tree());
  const summary = await indexFolder({ root, indexPath: path.join(makeTree(), 'index.db') });
  store = SqliteIndex.open(summary.index);
  return () => store.close();
});

const none = { language: null, repository: null };

/** The whole expression, its groups in the order the bounded page asks them (highest bound first): every row scored by it is the reference. */
async function wholeExpression(reader: IndexReader, groups: readonly string[][], rows: number): Promise<string> {
  const bounded = await Promise.all(groups.map(async (terms) => ({
    terms, docs: 0, bound: groupBound(rows, await Promise.all(terms.map((t) => reader.wordsCount(none, t)))),
  })));
  return anyOf(byBound(bounded).map((g) => g.terms));
}
const orders: string[][][] = [
  [['"gamma"'], ['"beta"'], ['"alpha"']],
  [['"alpha"'], ['"gamma"'], ['"beta"']],
  [['"gamma"', '"filler7"'], ['"alpha"']],
  [['"delta"'], ['"omega"'], ['"sigma"']],
  [['"sigma"', '"alpha"'], ['"delta"']],
  [['"omega"'], ['"beta"'], ['"delta"']],
  // No row holds all four: the sets of rows lacking some fill the page, or take too many questions.
  [['"gamma"'], ['"beta"'], ['"delta"'], ['"sigma"']],
  // More groups than the sets of rows lacking some are counted for: the rarest-first search alone.
  [['"gamma"'], ['"beta"'], ['"alpha"'], ['"delta"'], ['"omega"'], ['"sigma"'], ['"filler7"']],
];

describe('an any-term page with and without the bound', () => {
  it.each(orders)('%j: the same rows and scores for every window', async (...groups) => {
    await store.read(async (reader) => {
      const whole = await wholeExpression(reader, groups, await reader.chunkCount());
      const total = await reader.wordsCount(none, anyOf(groups));
      expect(total).toBeGreaterThan(250);
      expect(await reader.wordsCount(none, anyOf(groups), groups)).toBe(total);
      for (const window of [{ offset: 0, limit: 5 }, { offset: 0, limit: 20 }, { offset: 10, limit: 20 }, { offset: 0, limit: 100 }, { offset: 0, limit: 320 }]) {
        const every = await reader.wordsPage(none, whole, window);
        const page = await reader.wordsPage(none, anyOf(groups), window, groups);
        expect(page).toEqual(every);
        expect(page).toHaveLength(Math.min(window.limit, total - window.offset));
      }
    });
  });
});

describe('rows holding every word of the query first', () => {
  const groups = [['"delta"'], ['"omega"'], ['"sigma"']];

  /** The page, the same page scored over every row, and the expressions the store asked for it. */
  async function pageAndAsked(window: { offset: number; limit: number }) {
    const asked = vi.spyOn(store.sqlite.statements.wordsSearchAll, 'all');
    try {
      return await store.read(async (reader) => {
        const page = await reader.wordsPage(none, anyOf(groups), window, groups);
        const matches = asked.mock.calls.map(([params]) => (params as { match: string }).match);
        const every = await reader.wordsPage(none, await wholeExpression(reader, groups, await reader.chunkCount()), window);
        return { page, every, matches };
      });
    } finally {
      asked.mockRestore();
    }
  }

  it('give a short page in one question when a row lacking a word cannot reach it', async () => {
    const { page, every, matches } = await pageAndAsked({ offset: 0, limit: 10 });
    expect(page).toHaveLength(10);
    expect(page).toEqual(every);
    expect(matches).toEqual([expect.not.stringMatching(/ OR | NOT /) as unknown]);
  });

  it('are joined on a longer page only by the rows lacking the words that can still reach it', async () => {
    const { page, every, matches } = await pageAndAsked({ offset: 0, limit: 100 });
    expect(page).toHaveLength(100);
    expect(page).toEqual(every);
    // The rows holding two of the words (one set of them here) are asked for; rows holding one never are.
    expect(matches).toHaveLength(2);
    expect(matches[1]).toMatch(/^\(".+" AND ".+"\) NOT \(".+"\)$/);
  });
});

describe('the chunk counts the bound takes its idf from', () => {
  it('are FTS5\'s own after files are changed and deleted: the vocabulary\'s word counts and its row count', async () => {
    const root = makeTree(tree());
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    // Half the files that hold the words go, a third change their words, and new ones come.
    for (let i = 0; i < 800; i += 2) if (i % 5 === 0 || i % 9 === 1) fs.rmSync(path.join(root, `notes/n${String(i).padStart(3, '0')}.txt`));
    for (let i = 1; i < 800; i += 3) writeTree(root, { [`notes/n${String(i).padStart(3, '0')}.txt`]: `delta omega sigma delta filler${i % 50}\n` });
    writeTree(root, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`more/m${i}.txt`, `omega beta ${'sigma '.repeat(i % 7)}\n`])));
    await indexFolder({ root, indexPath });
    const changed = SqliteIndex.open(indexPath);
    try {
      await changed.read(async (reader) => {
        const words = ['delta', 'omega', 'sigma', 'beta', 'alpha', 'gamma', 'absent'];
        const docs = await reader.vocabDocs(words);
        for (const word of words) expect(docs.get(word)).toBe(await reader.wordsCount(none, `"${word}"`));
        expect(docs.get('omega')).toBeGreaterThan(0);
        // The bound's idf takes bm25's own row count, which the writer keeps equal to the rows (store/word-totals).
        const rows = averagesRowCount(changed.sqlite.statements.wordsAverages.get());
        expect(rows).toBe(await reader.chunkCount());
        // The total of an OR of a few words is counted from each word's ANDs with the later ones (one
        // question fewer than words, never the OR itself), the same number; so it is of any other OR.
        for (const words of [['"delta"', '"omega"'], ['"delta"', '"omega"', '"beta"'], ['"delta"', '"omega"', '"beta"', '"sigma"', '"alpha"', '"absent"']]) {
          const groups = words.map((word) => [word]);
          const asked = vi.spyOn(changed.sqlite.statements.wordsCountAll, 'get');
          const union = await reader.wordsCount(none, anyOf(groups), groups);
          const matches = asked.mock.calls.map(([params]) => params.match);
          asked.mockRestore();
          expect(matches).toHaveLength(words.length - 1);
          for (const match of matches) expect(match).toMatch(/^"\w+" AND \(("\w+"( OR )?)+\)$/);
          expect(union).toBe(await reader.wordsCount(none, anyOf(groups)));
        }
        // The page through the bound is still the page of every row scored.
        const groups = [['"delta"'], ['"omega"'], ['"sigma"', '"beta"']];
        expect(await reader.wordsCount(none, anyOf(groups), groups)).toBe(await reader.wordsCount(none, anyOf(groups)));
        const whole = await wholeExpression(reader, groups, rows);
        for (const window of [{ offset: 0, limit: 10 }, { offset: 0, limit: 100 }, { offset: 40, limit: 20 }]) {
          expect(await reader.wordsPage(none, anyOf(groups), window, groups)).toEqual(await reader.wordsPage(none, whole, window));
        }
      });
    } finally {
      await changed.close();
    }
  });
});
