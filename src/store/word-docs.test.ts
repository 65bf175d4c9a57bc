/**
 * The common words' chunk counts kept with the index (store/word-docs) stay
 * equal to what FTS5's vocabulary counts, on real SQLite files, through index
 * passes that change, add and delete files, uploads that replace one, a bulk
 * load, a transaction that fails, and rows of an older content format; and a
 * reader takes them only while they are exact.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { putFile } from '../ingest/put-content.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { wordIndexText } from '../text/identifiers.js';
import { CONTENT_FORMAT } from './schema.js';
import { SqliteIndex } from './sqlite-index.js';
import { SqliteStore } from './sqlite-store.js';
import { WORD_DOCS_VERSION_KEY } from './word-docs.js';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'theta'];

/** 120 files of 1 to 3 functions, each a different mix of the words. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 120; i++) {
    const functions = Array.from({ length: 1 + (i % 3) }, (_, f) => {
      const words = Array.from({ length: 2 + ((i * 7 + f * 3) % 13) }, (_, w) => WORDS[(i * 5 + f + w * w) % WORDS.length]);
      return `function f${i}_${f}() {\n  // ${words.join(' ')}\n  return ${i};\n}\n`;
    });
    files[`src/m${String(i).padStart(3, '0')}.js`] = functions.join('\n');
  }
  return files;
}

/** Deletes a twentieth of the files, rewrites another, adds 4 in a new folder: a change small enough to keep the counts up row by row. */
function change(root: string): void {
  for (let i = 0; i < 120; i += 20) fs.rmSync(path.join(root, `src/m${String(i).padStart(3, '0')}.js`));
  for (let i = 1; i < 120; i += 20) writeTree(root, { [`src/m${String(i).padStart(3, '0')}.js`]: `function g${i}() {\n  // theta theta ${WORDS[i % 8]} kappa\n}\n` });
  writeTree(root, Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`lib/n${i}.js`, `function n${i}() {\n  // ${'omega '.repeat(1 + (i % 5))}alpha\n}\n`])));
}

/** The kept counts, and the vocabulary's count of each kept word. */
function keptAndCounted(store: SqliteStore): { kept: Record<string, number>; counted: Record<string, number> } {
  const kept = Object.fromEntries(store.db.prepare<[], [string, number]>('SELECT term, docs FROM word_docs ORDER BY term').raw().all());
  const vocab = store.db.prepare<[string], number>('SELECT doc FROM chunk_words_vocab WHERE term = ?').pluck();
  return { kept, counted: Object.fromEntries(Object.keys(kept).map((term) => [term, vocab.get(term) ?? 0])) };
}

function keptVersion(store: SqliteStore): string | undefined {
  return store.statements.metaGet.get(WORD_DOCS_VERSION_KEY)?.value;
}

/** Opens the index, keeps every word's count (not only those in STORE.wordDocsMin chunks), and closes it. */
function keepEveryWord(file: string): void {
  const store = SqliteStore.open(file);
  try { store.recountWordDocs(1); } finally { store.close(); }
}

/** The kept counts, once checked equal to the vocabulary's and marked exact at the index's version. */
function expectExactIn(store: SqliteStore): Record<string, number> {
  const { kept, counted } = keptAndCounted(store);
  expect(kept).toEqual(counted);
  expect(keptVersion(store)).toBe(String(store.indexVersion()));
  return kept;
}

function expectExact(file: string): Record<string, number> {
  const store = SqliteStore.open(file, { readonly: true });
  try { return expectExactIn(store); } finally { store.close(); }
}

/** A new index in today's content format with one source, for `test`; closed after it. */
function withNewIndex(test: (store: SqliteStore, source: number) => void): void {
  const store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
  try {
    store.transaction(() => store.setContentFormat(CONTENT_FORMAT));
    test(store, store.transaction(() => store.ensureSource('t', '/t')));
  } finally {
    store.close();
  }
}

/** `writes` in one transaction that bumps the index version, as every writer's does. */
function write<T>(store: SqliteStore, writes: () => T): T {
  return store.transaction(() => {
    const result = writes();
    store.bumpIndexVersion();
    return result;
  });
}

describe('kept word counts', () => {
  it('stay equal to the vocabulary through an index pass that changes, deletes and adds files, and through uploads', async () => {
    const root = makeTree(tree());
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    keepEveryWord(file);
    const before = expectExact(file);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['alpha', 'theta', 'function', 'return']));

    change(root);
    await indexFolder({ root, indexPath: file });
    const after = expectExact(file);
    // Kept up row by row: a word that was in no chunk when they were counted is not kept (a reader counts
    // it), and one whose only chunks went is kept at 0.
    expect(after.theta).not.toBe(before.theta);
    expect(after.function).toBeLessThan(before.function!);
    expect(after.lib).toBeUndefined();
    expect(after.f0_0).toBe(0);

    const store = SqliteStore.open(file);
    try {
      await putFile(store, 'notes/a.md', 'sigma kappa upload words');
      await putFile(store, 'notes/a.md', 'replaced by theta alone');
    } finally {
      store.close();
    }
    expect(expectExact(file).sigma).toBe(after.sigma);
  });

  it('are counted again at the end of a pass that prepares or removes more than keeping them up row by row would cost', async () => {
    const root = makeTree({ 'a.js': 'function alpha() { return beta; }\n' });
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    keepEveryWord(file);
    expect(expectExact(file)).not.toHaveProperty('theta');
    writeTree(root, tree());
    await indexFolder({ root, indexPath: file });
    // Counted at the end: the words the pass brought are kept too.
    expect(expectExact(file)).toMatchObject({ alpha: expect.any(Number), theta: expect.any(Number), f7_1: 1 });
    // A pass that only removes most files: counted again, so the words of the removed rows are gone, not kept at 0.
    for (let i = 0; i < 100; i++) fs.rmSync(path.join(root, `src/m${String(i).padStart(3, '0')}.js`));
    await indexFolder({ root, indexPath: file });
    const left = expectExact(file);
    expect(left).not.toHaveProperty('f7_1');
    expect(left).toMatchObject({ f107_1: 1, alpha: expect.any(Number) });
  });

  it('are counted once at the end of a bulk load, and kept up by the writes after it', () => withNewIndex((store, source) => {
    store.recountWordDocs();
    expect(keptVersion(store)).toBe(String(store.indexVersion()));
    store.dropSecondaryIndexes();
    expect(keptVersion(store)).toBeUndefined();
    for (let i = 0; i < 3; i++) write(store, () => insertText(store, source, `f${i}.txt`, `beta gamma ${'delta '.repeat(i)}`));
    // Rows changed while nothing kept the counts: not exact.
    expect(keptVersion(store)).toBeUndefined();
    store.ensureIndexes();
    expect(keptVersion(store)).toBe(String(store.indexVersion()));
    store.recountWordDocs(1);
    write(store, () => { store.deleteFile(1); insertText(store, source, 'g.txt', 'gamma epsilon'); });
    expect(expectExactIn(store)).toMatchObject({ beta: 2, gamma: 3, delta: 2 });
  }));

  it('stay exact when a write transaction fails, and the next one keeps them up', () => withNewIndex((store, source) => {
    write(store, () => insertText(store, source, 'a.txt', 'beta gamma'));
    store.recountWordDocs(1);
    expect(() => store.transaction(() => { insertText(store, source, 'b.txt', 'beta beta'); throw new Error('disk full'); })).toThrow('disk full');
    expect(keptAndCounted(store).kept).toMatchObject({ beta: 1, gamma: 1 });
    write(store, () => insertText(store, source, 'c.txt', 'gamma'));
    expect(expectExactIn(store)).toMatchObject({ beta: 1, gamma: 2 });
  }));

  it('are no longer exact after a nested transaction rolled back, whatever it did, and the next one works', () => withNewIndex((store, source) => {
    write(store, () => insertText(store, source, 'a.txt', 'beta gamma'));
    store.recountWordDocs(1);
    const nestedFails = (inner: () => void) => write(store, () => {
      insertText(store, source, `x${store.indexVersion()}.txt`, 'beta');
      try { store.transaction(() => { inner(); throw new Error('inner'); }); } catch { /* the outer goes on */ }
      insertText(store, source, `y${store.indexVersion()}.txt`, 'gamma');
    });
    nestedFails(() => insertText(store, source, 'z.txt', 'beta'));
    expect(keptVersion(store)).toBeUndefined();
    // Not exact, a nested recount that rolls back leaves them so.
    nestedFails(() => store.recountWordDocs(1));
    expect(keptVersion(store)).toBeUndefined();
    store.ensureIndexes();
    write(store, () => insertText(store, source, 'c.txt', 'gamma'));
    expect(expectExactIn(store)).toMatchObject({ beta: 3, gamma: 4 });
  }));

  it('are no longer exact when a removed row\'s words are not what it was written with (a row of an older format)', () => withNewIndex((store, source) => {
    // Written with words its text no longer gives: `__iter__` without its part `iter`, as an older format did.
    const old = write(store, () => insertText(store, source, 'old.py', '__iter__', '__iter__'));
    expect(wordIndexText('__iter__')).not.toBe('__iter__');
    store.recountWordDocs(1);
    write(store, () => { store.deleteFile(old); insertText(store, source, 'b.txt', 'iter'); });
    expect(keptVersion(store)).toBeUndefined();
    store.ensureIndexes();
    expect(expectExactIn(store)).toMatchObject({ iter: 1 });
  }));

  it('are not kept while the rows are in an older content format, and are counted again when a pass has prepared them all', async () => {
    const root = makeTree(tree());
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    keepEveryWord(file);
    const store = SqliteStore.open(file);
    try {
      store.transaction(() => store.setContentFormat(CONTENT_FORMAT - 1));
      // A removed row's words cannot be derived again for certain: the upload leaves the counts not exact.
      await putFile(store, 'notes/a.md', 'omega');
      expect(keptVersion(store)).toBeUndefined();
    } finally {
      store.close();
    }
    await indexFolder({ root, indexPath: file });
    expectExact(file);
  });

  it('are what a reader takes for a common word while they are exact, and the vocabulary\'s count otherwise', async () => {
    const root = makeTree(tree());
    const file = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: file });
    keepEveryWord(file);
    const counted = expectExact(file).theta!;
    // A count no vocabulary would give, to see which one a reader takes.
    const writer = SqliteStore.open(file);
    try { writer.transaction(() => writer.db.prepare("UPDATE word_docs SET docs = 9999 WHERE term = 'theta'").run()); } finally { writer.close(); }
    const docsOfTheta = async () => {
      const index = SqliteIndex.open(file, { readonly: true });
      try { return await index.read(async (reader) => (await reader.vocabDocs(['theta'])).get('theta')); } finally { await index.close(); }
    };
    expect(await docsOfTheta()).toBe(9999);

    // A write that does not keep them (here, SQL of its own) moves the index version on.
    const store = SqliteStore.open(file);
    try { store.db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'index_version'").run(); } finally { store.close(); }
    expect(await docsOfTheta()).toBe(counted);
  });
});

/** A text file of one chunk, written as the indexer writes one (unless given other `words`); its id. */
function insertText(store: SqliteStore, sourceId: number, relPath: string, text: string, words = wordIndexText(text)): number {
  return store.insertFile(sourceId, {
    path: relPath, language: 'text', size: text.length, mtimeMs: 0, hash: relPath, encoding: 'utf-8', lineCount: 1,
  }, [{ startLine: 1, endLine: 1, kind: 'block', symbol: null, tokenCount: 3, content: text, words }]);
}
