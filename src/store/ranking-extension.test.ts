/**
 * quarry_bm25() (native/quarry_ranking.c) against FTS5's own bm25(), on real
 * indexes on disk: the same rows with the same scores, bit for bit, for the
 * expressions Quarry asks (any term, every term, the bound's lacking sets,
 * phrases, filters), after files change, and for expressions whose counts it
 * must take itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { RANKING } from './ranking-weights.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode } from '../search/engine.js';
import { PROJECT_ROOT } from '../test-support/cli.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { phraseTokens } from './kept-hits.js';
import { expressionPhrases, phraseCountsBlob, RANKING_MODULE, rankingModuleRefusal } from './ranking-extension.js';
import { SqliteIndex } from './sqlite-index.js';
import type { SqliteReader } from './sqlite-reader.js';
import { SqliteStore } from './sqlite-store.js';
import type { ScoredChunkRow, SearchFilter } from './rows.js';

const ALL: SearchFilter = { language: null, repository: null };

/** Rows as ranked, without the word counts quarry_bm25() keeps for them (compared on their own below). */
const scored = (rows: readonly ScoredChunkRow[]) => rows.map(({ chunk_id, score }) => ({ chunk_id, score }));

/** Expressions as the planner and the bound build them: any term, every term, groups, lacking sets, a phrase. */
const EXPRESSIONS = [
  '"search"',
  '"index" AND "file"',
  '"search" OR "index" OR "chunk"',
  '("read" OR "load") AND "file"',
  '("search" AND "index") NOT ("chunk")',
  '("word" AND "count") NOT ("thread" OR "page")',
  '"the word index"',
  '"zzzznotaword" OR "token"',
];

/** The first stage's rows of each expression, through the reader, with either ranking function. */
async function firstStage(index: string, fts5Bm25: boolean, filter: SearchFilter = ALL, readonly = true) {
  const store = SqliteIndex.open(index, { readonly, fts5Bm25 });
  try {
    expect(store.sqlite.nativeRanking).toBe(!fts5Bm25);
    return await store.read(async (reader) => {
      const pages = [];
      for (const match of EXPRESSIONS) pages.push(scored(await reader.wordsPage(filter, match, { offset: 0, limit: 500 })));
      return pages;
    });
  } finally {
    await store.close();
  }
}

async function textPages(index: string, fts5Bm25: boolean) {
  const store = SqliteIndex.open(index, { readonly: true, fts5Bm25 });
  try {
    const pages = [];
    for (const query of ['search index chunk', 'read file', '"word index"', 'count the words of a page']) {
      for (const language of [undefined, 'typescript']) {
        const params = normalizeSearchCodeParams({ query, mode: 'text', max_results: 40, ...(language ? { language } : {}) });
        const reply = await store.read((reader) => searchCode(reader, params));
        pages.push({ query, total: reply.total, items: reply.items.map((item) => [item.file, item.start_line, item.relevance]) });
      }
    }
    return pages;
  } finally {
    await store.close();
  }
}

describe('quarry_bm25()', () => {
  it('is built by npm ci and loads into every index connection', () => {
    expect(fs.existsSync(RANKING_MODULE)).toBe(true);
    const store = SqliteIndex.open(path.join(makeTree(), 'index.db'), { create: true });
    try {
      expect(store.sqlite.nativeRanking).toBe(true);
      expect(rankingModuleRefusal()).toBeNull();
    } finally {
      void store.close();
    }
  });

  it('reads every row\'s length ahead of the first search when a search worker warms its connection, and again at each new index state', async () => {
    const root = makeTree({ 'a.ts': 'export function alpha() { return beta; }\n', 'b.ts': 'export const gamma = alpha;\n' });
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    const keyOf = async (index: SqliteIndex, warm: boolean) => index.read(async (reader) => {
      if (warm) await reader.warm();
      return (reader as SqliteReader).rankingLengthsKey();
    });
    const index = SqliteIndex.open(file, { readonly: true });
    try {
      const state = () => index.sqlite.wordRowsKey();
      expect(await keyOf(index, false)).toBeNull();
      expect(await keyOf(index, true)).toBe(state());
      const before = state();
      writeTree(root, { 'c.ts': 'export function delta() {}\n' });
      await indexFolder({ root, indexPath: file });
      expect(await keyOf(index, false)).toBe(before);
      expect(await keyOf(index, true)).toBe(state());
      expect(state()).not.toBe(before);
      // A write that adds no word rows (an embedding batch bumps only the index version) keeps the lengths held.
      const held = state();
      const version = await index.indexVersion();
      const writer = SqliteStore.open(file);
      try { writer.transaction(() => writer.bumpIndexVersion()); } finally { writer.close(); }
      expect(await index.indexVersion()).toBe(version + 1);
      expect(state()).toBe(held);
      expect(await keyOf(index, true)).toBe(held);
    } finally {
      await index.close();
    }
    // With bm25() there is nothing to read ahead.
    const plain = SqliteIndex.open(file, { readonly: true, fts5Bm25: true });
    try { expect(await keyOf(plain, true)).toBeNull(); } finally { await plain.close(); }
  });

  it("ranks this repository's sources with bm25()'s scores, bit for bit", async () => {
    const { index } = await indexFolder({ root: path.join(PROJECT_ROOT, 'src'), indexPath: path.join(makeTree(), 'index.db') });
    const expected = await firstStage(index, true);
    expect(expected.every((rows, i) => EXPRESSIONS[i]!.includes('zzzz') || rows.length > 0)).toBe(true);
    expect(Math.max(...expected.map((rows) => rows.length))).toBeGreaterThan(100);
    expect(await firstStage(index, false)).toEqual(expected);
    // A writable connection reads outside one snapshot: it is given nothing, and counts and looks up itself.
    expect(await firstStage(index, false, ALL, false)).toEqual(expected);
    expect(await firstStage(index, false, { language: 'typescript', repository: null })).toEqual(await firstStage(index, true, { language: 'typescript', repository: null }));
    expect(await textPages(index, false)).toEqual(await textPages(index, true));
  });

  it('keeps them after files change and rows are deleted', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 40; f++) {
      files[`src/part_${f}.ts`] = Array.from({ length: 12 }, (_, i) =>
        `export function searchIndex${f}_${i}(file: string) {\n  // read the ${i % 3 ? 'chunk' : 'word'} index of file ${f}\n  return countWords(file, ${i});\n}\n`).join('\n');
    }
    const root = makeTree(files);
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    // A reader that stays open while the index changes: the lengths it keeps are those of the index it reads.
    const open = SqliteIndex.open(indexPath, { readonly: true });
    const pages = () => open.read(async (reader) => Promise.all(EXPRESSIONS.map(async (match) => scored(await reader.wordsPage(ALL, match, { offset: 0, limit: 500 })))));
    try {
      expect(await pages()).toEqual(await firstStage(indexPath, true));
      for (let f = 0; f < 40; f += 3) fs.rmSync(path.join(root, `src/part_${f}.ts`));
      writeTree(root, {
        'src/part_1.ts': 'export const searchIndex = "file index search chunk";\n',
        'src/part_2.ts': `${'// read the word index, count the page\n'.repeat(30)}export function searchIndexAgain() { return 1; }\n`,
        'src/new.ts': 'read the word index, count the page\n',
      });
      await indexFolder({ root, indexPath });
      const expected = await firstStage(indexPath, true);
      expect(await firstStage(indexPath, false)).toEqual(expected);
      expect(await pages()).toEqual(expected);
    } finally {
      await open.close();
    }
  });

  it('takes no length it keeps for a row id that a later pass gave another row', async () => {
    // One file: a changed file's chunks are removed and written again, and new rows take the freed ids.
    const text = (padding: number) => Array.from({ length: 8 }, (_, i) =>
      `export function searchIndex${i}(file: string) {\n${'  // read the word index of the file\n'.repeat(30 + ((i * padding) % 9) * 10)}  return countWords(file);\n}\n`).join('\n');
    const root = makeTree({ 'src/only.ts': text(1) });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const open = SqliteIndex.open(indexPath, { readonly: true });
    const ids = () => open.read(async (reader) => (await reader.wordsPage(ALL, '"word"', { offset: 0, limit: 100 })).map((row) => row.chunk_id));
    try {
      const before = await ids();
      expect(before.length).toBeGreaterThan(3);
      writeTree(root, { 'src/only.ts': text(4) });
      await indexFolder({ root, indexPath });
      // Ids used again, now by other rows of other lengths: what the open reader ranks is what a new one ranks with bm25().
      const after = await ids();
      expect(after.filter((id) => before.includes(id)).length).toBeGreaterThan(3);
      const expected = await firstStage(indexPath, true);
      expect(await open.read(async (reader) => Promise.all(EXPRESSIONS.map(async (match) => scored(await reader.wordsPage(ALL, match, { offset: 0, limit: 500 })))))).toEqual(expected);
    } finally {
      await open.close();
    }
  });

  it('counts the phrases itself when it is not given one count per phrase', async () => {
    const { index } = await indexFolder({ root: path.join(PROJECT_ROOT, 'src', 'store') });
    const store = SqliteIndex.open(index, { readonly: true });
    try {
      const weights = ['body', 'path', 'symbol'].map((c) => RANKING.bm25Weights[c as keyof typeof RANKING.bm25Weights]).join(', ');
      const columns = store.sqlite.db.prepare("SELECT name FROM pragma_table_info('chunk_words')").pluck().all();
      expect(columns).toEqual(['body', 'path', 'symbol']);
      const both = store.sqlite.db.prepare<{ match: string; counts: Buffer | null }, { id: number; ours: number; theirs: number }>(`
        SELECT rowid AS id, quarry_bm25(chunk_words, @counts, NULL, ${weights}) AS ours, bm25(chunk_words, ${weights}) AS theirs
        FROM chunk_words WHERE chunk_words MATCH @match`);
      // Bare words (not Quarry's strings), no counts, and too few or too many counts: bm25()'s numbers all the same.
      for (const [match, counts] of [
        ['statement OR reader', null], ['"statement" OR "reader"', null], ['"statement" OR "reader"', [3]], ['"statement" OR "reader"', [3, 4, 5]],
      ] as const) {
        const rows = both.all({ match, counts: phraseCountsBlob(counts ? [...counts] : null) });
        expect(rows.length).toBeGreaterThan(5);
        for (const row of rows) expect(row.ours).toBe(row.theirs);
      }
    } finally {
      await store.close();
    }
  });
});

describe('quarry_bm25() on row ids too sparse to hold', () => {
  it("scores them as bm25() does, looking each row's length up", () => {
    const db = new Database(':memory:');
    try {
      db.loadExtension(RANKING_MODULE);
      db.exec('CREATE VIRTUAL TABLE chunk_words USING fts5(body, path, symbol, content = \'\', contentless_delete = 1, tokenize = "unicode61 tokenchars \'_\'")');
      const insert = db.prepare('INSERT INTO chunk_words(rowid, body, path, symbol) VALUES (?, ?, ?, ?)');
      for (let i = 0; i < 60; i++) insert.run(1 + i * 100_000, `word ${'index '.repeat(i % 7)}search ${'filler '.repeat(i * 3)}`, `src/f${i}.ts`, i % 4 ? 'searchIndex' : '');
      const both = db.prepare<{ key: string | null }, { ours: number; theirs: number }>(`
        SELECT quarry_bm25(chunk_words, NULL, @key, 1, 3, 4) AS ours, bm25(chunk_words, 1, 3, 4) AS theirs
        FROM chunk_words WHERE chunk_words MATCH '"index" OR "search"'`);
      for (const key of ['v1', 'v1', 'v2', null]) {
        const rows = both.all({ key });
        expect(rows).toHaveLength(60);
        for (const row of rows) expect(row.ours).toBe(row.theirs);
      }
    } finally {
      db.close();
    }
  });
});

describe('quarry_column_hits()', () => {
  it("gives locate each word's frequency in each chunk's body, as the word index's position list does", async () => {
    const root = makeTree({
      'lib/zebrapath/reader.ts': 'export function readAll(file: string) {\n  // read the file, read it again: café, naïve\n  return read(file) + read(file);\n}\n',
      'docs/guide.md': '# Guide\nRead the file. Read it twice; the reader reads read_all.\n',
      'src/other.py': 'def unrelated():\n    return 42\n',
    });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const vocabulary = new Database(indexPath, { readonly: true });
    let words: string[];
    try {
      vocabulary.exec("CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, chunk_words, 'row')");
      words = vocabulary.prepare<[], string>('SELECT term FROM temp.words ORDER BY term').pluck().all();
      // Without a column filter it still counts only the column it is given.
      vocabulary.loadExtension(RANKING_MODULE);
      const columns = vocabulary.prepare<[], string>("SELECT name FROM pragma_table_info('chunk_words')").pluck().all();
      const hits = (column: string) => vocabulary.prepare<[number], number>(
        "SELECT quarry_column_hits(chunk_words, ?) FROM chunk_words WHERE chunk_words MATCH '\"zebrapath\"'").pluck().all(columns.indexOf(column));
      expect(hits('path').length).toBeGreaterThan(0);
      expect(hits('path').every((n) => n === 1)).toBe(true);
      expect(hits('body').every((n) => n === 0)).toBe(true);
    } finally {
      vocabulary.close();
    }
    // Native: quarry_column_hits(); with bm25() the module is not used, and the instances are counted per position.
    const postings = async (fts5Bm25: boolean) => {
      const store = SqliteIndex.open(indexPath, { readonly: true, fts5Bm25 });
      try {
        return await store.read(async (reader) => Object.fromEntries(await Promise.all(words.map(async (w) => [w, await reader.termPostings(w)] as const))));
      } finally {
        await store.close();
      }
    };
    const counted = await postings(true);
    expect(await postings(false)).toEqual(counted);
    expect(words).toEqual(expect.arrayContaining(['zebrapath', 'read', 'cafe', 'read_all']));
    // A word only in a path is no body's; `read` is counted per occurrence.
    expect(counted['zebrapath']).toEqual({ chunkIds: [], frequencies: [] });
    expect(Math.max(...counted['read']!.frequencies)).toBeGreaterThan(2);
  });
});

describe('the word counts quarry_bm25() keeps for the second stage', () => {
  /** Instances of one word in one column of each row, as the word index's position lists hold them (a scan of the word's rows). */
  function columnHits(db: Database.Database) {
    const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('chunk_words')").pluck().all();
    const statement = db.prepare<[number, string], [number, number]>('SELECT rowid, quarry_column_hits(chunk_words, ?) FROM chunk_words WHERE chunk_words MATCH ?').raw();
    const read = new Map<string, Map<number, number>>();
    return (word: string, column: string, rowid: number) => {
      const key = `${word} ${column}`;
      if (!read.has(key)) read.set(key, new Map(statement.all(columns.indexOf(column), `"${word}"`)));
      return read.get(key)!.get(rowid) ?? 0;
    };
  }

  it("gives every row of a page each word's instances per column, as the position lists hold them", async () => {
    const { index } = await indexFolder({ root: path.join(PROJECT_ROOT, 'src', 'store'), indexPath: path.join(makeTree(), 'index.db') });
    const store = SqliteIndex.open(index, { readonly: true });
    const check = new Database(index, { readonly: true });
    check.loadExtension(RANKING_MODULE);
    const hitsOf = columnHits(check);
    try {
      let rowsChecked = 0;
      for (const match of EXPRESSIONS) {
        const tokens = phraseTokens(match);
        for (const window of [{ offset: 0, limit: 7 }, { offset: 3, limit: 4 }, { offset: 0, limit: 500 }]) {
          const rows = await store.read((reader) => reader.wordsPage(ALL, match, window));
          // A phrase of several words is not one token: its rows come without counts.
          if (!tokens) {
            expect(rows.length).toBeGreaterThan(0);
            expect(rows.every((row) => row.hits === undefined)).toBe(true);
            continue;
          }
          for (const row of rows) {
            expect(row.hits, `${match}: row ${row.chunk_id}`).toBeDefined();
            expect([...row.hits!.counted]).toEqual(tokens);
            for (const token of tokens) {
              for (const column of ['path', 'symbol', 'body'] as const) expect(row.hits![column].get(token) ?? 0, `${match} ${token} ${column} ${row.chunk_id}`).toBe(hitsOf(token, column, row.chunk_id));
            }
            rowsChecked++;
          }
        }
      }
      expect(rowsChecked).toBeGreaterThan(300);
      // With bm25() nothing is kept.
      const plain = SqliteIndex.open(index, { readonly: true, fts5Bm25: true });
      try {
        const rows = await plain.read((reader) => reader.wordsPage(ALL, '"search" OR "index"', { offset: 0, limit: 20 }));
        expect(rows.length).toBe(20);
        expect(rows.every((row) => row.hits === undefined)).toBe(true);
      } finally {
        await plain.close();
      }
    } finally {
      check.close();
      await store.close();
    }
  });

  it('keeps the rows the statement returns when scores tie, lowest row id first', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 30; f++) files[`same_${String(f).padStart(2, '0')}.txt`] = 'the walrus reads the walrus log\n';
    files['other.txt'] = 'a walrus\n';
    const { index } = await indexFolder({ root: makeTree(files), indexPath: path.join(makeTree(), 'index.db') });
    const store = SqliteIndex.open(index, { readonly: true });
    try {
      const all = await store.read((reader) => reader.wordsPage(ALL, '"walrus"', { offset: 0, limit: 100 }));
      expect(all.length).toBe(31);
      // The 30 equal scores: a window of ten of them must come from the kept rows, not from any ten of the tie.
      expect(new Set(all.slice(0, 30).map((row) => row.score)).size).toBe(1);
      for (const window of [{ offset: 0, limit: 10 }, { offset: 12, limit: 5 }]) {
        const rows = await store.read((reader) => reader.wordsPage(ALL, '"walrus"', window));
        expect(rows.map((row) => row.chunk_id)).toEqual(all.slice(window.offset, window.offset + window.limit).map((row) => row.chunk_id));
        expect(rows.every((row) => row.hits?.body.get('walrus') === 2)).toBe(true);
      }
    } finally {
      await store.close();
    }
  });

  it('ranks a text query the same as counting the words in each chunk\'s text', async () => {
    const { index } = await indexFolder({ root: path.join(PROJECT_ROOT, 'src'), indexPath: path.join(makeTree(), 'index.db') });
    const store = SqliteIndex.open(index, { readonly: true });
    // The same reader, but its pages come without counts: the second stage reads every chunk's text.
    const fromText = (reader: SqliteReader) => new Proxy(reader, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (name === 'wordsPage') {
          return async (...args: Parameters<SqliteReader['wordsPage']>) => scored(await target.wordsPage(...args));
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      let counted = 0;
      // Words that name definitions here too (search code, chunk text), so the names' mentions are read from the text.
      for (const query of ['search code', 'chunk text packed', 'read the word index', 'count words of a page', 'rank results by score', 'parse JSON config files']) {
        for (const detail_level of ['compact', 'full'] as const) {
          const params = normalizeSearchCodeParams({ query, mode: 'text', max_results: 30, detail_level });
          const pages = await store.read(async (reader) => {
            counted += (await reader.wordsPage(ALL, '"search" OR "code"', { offset: 0, limit: 5 })).filter((row) => row.hits).length;
            const kept = await searchCode(reader, params);
            const text = await searchCode(fromText(reader as SqliteReader), params);
            return [kept, text].map(({ took_ms: _took, ...rest }) => rest);
          });
          expect(pages[0]!.items.length).toBeGreaterThan(0);
          expect(pages[0]).toEqual(pages[1]);
        }
      }
      expect(counted).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});

describe('phraseTokens', () => {
  it('gives the token of each phrase when every phrase is one plain word, each once', () => {
    expect(phraseTokens('("Power" AND "off") NOT ("devic")')).toEqual(['power', 'off', 'devic']);
    expect(phraseTokens('"spin_lock" OR "irq2"')).toEqual(['spin_lock', 'irq2']);
    expect(phraseTokens('"the word index"')).toBeNull();
    expect(phraseTokens('"café"')).toBeNull();
    expect(phraseTokens('"a" OR "A"')).toBeNull();
    expect(phraseTokens('a OR "b"')).toBeNull();
  });
});

describe('expressionPhrases', () => {
  it("lists the strings of Quarry's expressions in order, and nothing for others", () => {
    expect(expressionPhrases('("a" AND "b ""c""") NOT ("d" OR "e")')).toEqual(['"a"', '"b ""c"""', '"d"', '"e"']);
    expect(expressionPhrases('"AND" OR "x"')).toEqual(['"AND"', '"x"']);
    expect(expressionPhrases('a OR "b"')).toBeNull();
    expect(expressionPhrases('body : "b"')).toBeNull();
    expect(expressionPhrases('"b" *')).toBeNull();
  });
});
