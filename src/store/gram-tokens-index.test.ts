/**
 * Schema step 10: the trigram table holds tokens of its own (text/gram-tokens).
 * Real indexes on disk: exact and regex searches give the same hits and totals
 * as on the FTS5 trigram table of step 9, with whitespace anywhere in the
 * query; the table holds fewer entries; an index of step 9 is migrated on its first
 * writable open and answers the same before (read-only) and after, also to a
 * reader that opened it before the migration; and a changed file leaves no
 * stale candidates behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchLines } from '../search/line-search.js';
import { planSearch, type LinesPlan } from '../search/plan.js';
import { GRAMS_BEFORE_STEP_10 } from '../test-support/older-schema.js';
import { makeTree } from '../test-support/temp-tree.js';
import { readingStore, withStore } from '../test-support/with-store.js';
import { SqliteReader } from './sqlite-reader.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteStore } from './sqlite-store.js';

const body = (i: number) => [
  `/* driver ${i} */`,
  `static int\tdev${i}_resume(struct device *dev)`,
  '{',
  `\tint x = PM_RESUME + ${i};`,
  `\tif (x  ==  ${i % 3})`,
  '\t\treturn  -EINVAL;',
  `\tpr_err("resume of dev${i} failed: %d\\n", x);`,
  '\treturn 0;',
  '}',
  '',
].join('\n');
const TREE: Record<string, string> = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`drivers/dev${i}.c`, body(i)]));
TREE['docs/notes.md'] = '# Notes\n\nThe  resume   path\tis  documented  here.\nx = 1 and y = 2\n';
TREE['include/types.h'] = 'struct regs {\n\tu8\tflags;\n\tu16 count[4];\n};\n';

/** Queries with whitespace at every place: inside, at an end, in runs, as tabs; literal and regex, each case. */
const QUERIES: { query: string; mode: 'exact' | 'regex'; case_sensitive?: boolean }[] = [
  { query: 'PM_RESUME', mode: 'exact', case_sensitive: true },
  { query: 'int x = PM_RESUME', mode: 'exact' },
  { query: 'x = 1', mode: 'exact' },
  { query: 'x  ==  1', mode: 'exact' },
  { query: '\treturn  -EINVAL;', mode: 'exact' },
  { query: 'return  -E', mode: 'exact', case_sensitive: true },
  { query: 'resume   path\tis', mode: 'exact', case_sensitive: true },
  { query: ' failed: ', mode: 'exact' },
  { query: 'dev1[0-9]?_resume\\(struct', mode: 'regex' },
  { query: 'static int\\s+dev[0-9]+', mode: 'regex' },
  { query: '(?i)PR_ERR\\("RESUME OF', mode: 'regex' },
  { query: 'u(8|16)\\s+[a-z]+', mode: 'regex' },
];

async function answers(reader: SqliteReader) {
  const out = [];
  for (const q of QUERIES) {
    const plan = planSearch(normalizeSearchCodeParams(q)) as LinesPlan;
    const result = await searchLines(reader, plan, { offset: 0, limit: 200 });
    out.push({ query: q.query, total: result.total, hits: result.hits.map((h) => `${h.path}:${h.line}`), candidates: result.candidateChunks });
  }
  return out;
}

/** (trigram, chunk) entries of the trigram table, as FTS5 counts them. */
function gramPostings(store: SqliteStore): number {
  store.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.gram_vocab USING fts5vocab(main, 'chunk_grams', 'row')");
  return Number(store.db.prepare('SELECT sum(doc) FROM temp.gram_vocab').pluck().get());
}
const withoutCandidates = (list: { candidates: number }[]) => list.map(({ candidates: _, ...rest }) => rest);

describe('the trigram index of tokens', () => {
  it('answers as the trigram table of step 9 did, from a smaller table, and migrates it on the first writable open', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    const now = await readingStore(index, async (store) => ({ answers: await answers(new SqliteReader(store)), postings: gramPostings(store) }));
    expect(now.answers.filter((a) => a.total === 0)).toEqual([]);

    withStore(index, (store) => store.db.exec(`${GRAMS_BEFORE_STEP_10}\nPRAGMA user_version = 9;`));
    // Read-only: not migrated, and the old table answers the same.
    const before = await readingStore(index, async (store) => {
      expect(store.db.pragma('user_version', { simple: true })).toBe(9);
      return { answers: await answers(new SqliteReader(store)), postings: gramPostings(store) };
    });
    expect(withoutCandidates(before.answers)).toEqual(withoutCandidates(now.answers));
    expect(now.postings).toBeLessThan(before.postings * 0.85);

    // A reader that opened the old index keeps answering right after another connection migrates it.
    const early = SqliteStore.open(index, { readonly: true });
    try {
      SqliteStore.open(index).close();
      expect(withoutCandidates(await answers(new SqliteReader(early)))).toEqual(withoutCandidates(now.answers));
    } finally {
      early.close();
    }
    await readingStore(index, async (store) => {
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(await answers(new SqliteReader(store))).toEqual(now.answers);
    });
  });

  it('narrows by a trigram that ends in whitespace, when a short literal has no other', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    const result = await readingStore(index, (store) => {
      const plan = planSearch(normalizeSearchCodeParams({ query: 'u(8|16) [a-z]+', mode: 'regex' })) as LinesPlan;
      return searchLines(new SqliteReader(store), plan, { offset: 0, limit: 50 });
    });
    // `u8 ` and `u16 ` hold the only trigrams of their branches: only include/types.h holds both.
    expect({ total: result.total, candidates: result.candidateChunks }).toEqual({ total: 1, candidates: 1 });
  });

  it('indexes, finds, changes and removes a UTF-16 file with an unpaired surrogate', async () => {
    const root = makeTree(TREE);
    // "xa\uD83Dby\n" as UTF-16LE with its BOM: the surrogate has no partner.
    const broken = Buffer.from([0xff, 0xfe, 0x78, 0x00, 0x61, 0x00, 0x3d, 0xd8, 0x62, 0x00, 0x79, 0x00, 0x0a, 0x00]);
    fs.writeFileSync(path.join(root, 'broken.txt'), broken);
    const { index } = await indexFolder({ root });
    const search = (query: string) => readingStore(index, async (store) => {
      const plan = planSearch(normalizeSearchCodeParams({ query, mode: 'exact', case_sensitive: true })) as LinesPlan;
      return (await searchLines(new SqliteReader(store), plan, { offset: 0, limit: 10 })).hits.map((h) => h.path);
    });
    expect(await search('xa\uFFFDby')).toEqual(['broken.txt']);

    fs.writeFileSync(path.join(root, 'broken.txt'), Buffer.concat([broken, Buffer.from('z\u0000\n\u0000', 'latin1')]));
    await indexFolder({ root }); // replaces the file: its tokens are replayed to delete the old row
    expect(await search('xa\uFFFDby')).toEqual(['broken.txt']);
    fs.rmSync(path.join(root, 'broken.txt'));
    await indexFolder({ root });
    expect(await search('xa\uFFFDby')).toEqual([]);
  });

  it('drops a changed chunk\'s tokens, so its old text is no longer a candidate', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    const search = (query: string) => readingStore(index, async (store) => {
      const plan = planSearch(normalizeSearchCodeParams({ query, mode: 'exact', case_sensitive: true })) as LinesPlan;
      const result = await searchLines(new SqliteReader(store), plan, { offset: 0, limit: 50 });
      return { total: result.total, candidates: result.candidateChunks };
    });
    expect(await search('dev3_resume')).toEqual({ total: 1, candidates: 1 });

    fs.writeFileSync(path.join(root, 'drivers/dev3.c'), body(3).replaceAll('dev3', 'gpu7'));
    await indexFolder({ root });
    expect(await search('dev3_resume')).toEqual({ total: 0, candidates: 0 });
    expect(await search('gpu7_resume')).toEqual({ total: 1, candidates: 1 });
  });
});
