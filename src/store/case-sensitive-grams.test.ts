/**
 * Schema step 5: the trigram index keeps case. Case-sensitive searches get
 * fewer candidates, case-insensitive ones the same hits as before, and an
 * index written by an older Quarry (case-folded trigrams) is rebuilt when it
 * is next opened for writing, answering the same meanwhile. Since step 10 the
 * table holds tokens of its own (text/gram-tokens), which keep case too.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchLines } from '../search/line-search.js';
import { planSearch, type LinesPlan } from '../search/plan.js';
import { EDGES_BEFORE_STEP_7 } from '../test-support/older-schema.js';
import { makeTree } from '../test-support/temp-tree.js';
import { openStore } from './open-store.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteStore } from './sqlite-store.js';

// Each chunk file holds one spelling, so the candidates show what the trigram index can tell apart.
const TREE = {
  'upper.c': 'int x = PM_RESUME;\n',
  'lower.c': 'static int pm_resume(void) { return 0; }\n',
  'mixed.c': 'void Pm_Resume_handler(void);\n',
  'kelvin.txt': 'temperature: 300 \u212A is not ok\n',
};

async function lines(indexPath: string, query: string, caseSensitive?: boolean) {
  const store = await openStore({ kind: 'sqlite', file: indexPath }, { readonly: true });
  try {
    const params = normalizeSearchCodeParams({ query, mode: 'exact', ...(caseSensitive === undefined ? {} : { case_sensitive: caseSensitive }) });
    const result = await store.read((reader) => searchLines(reader, planSearch(params) as LinesPlan, { offset: 0, limit: 100 }));
    return { paths: result.hits.map((h) => h.path).sort(), candidates: result.candidateChunks };
  } finally {
    await store.close();
  }
}

/** Puts the index back as schema step 4 left it: one case-folded trigram table. */
function downgradeToFoldedGrams(indexPath: string): void {
  const store = SqliteStore.open(indexPath);
  try {
    store.db.exec(`
      ${EDGES_BEFORE_STEP_7}
      DROP TABLE chunk_grams;
      CREATE VIRTUAL TABLE chunk_grams USING fts5(body, content = '', detail = none, columnsize = 0, tokenize = 'trigram');
      INSERT INTO chunk_grams(rowid, body) SELECT id, chunk_text(content) FROM chunks;
      PRAGMA user_version = 4;
    `);
  } finally {
    store.close();
  }
}

const gramsTableSql = (indexPath: string) => {
  const store = SqliteStore.open(indexPath, { readonly: true });
  try {
    return String(store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunk_grams'").pluck().get());
  } finally {
    store.close();
  }
};

describe('the case-sensitive trigram index', () => {
  it('gives a case-sensitive search only the chunks spelled its way, and a case-insensitive one every spelling', async () => {
    const root = makeTree(TREE);
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath, workers: 0 });
    expect(gramsTableSql(indexPath)).toContain("tokenize = 'ascii'");

    expect(await lines(indexPath, 'PM_RESUME', true)).toEqual({ paths: ['upper.c'], candidates: 1 });
    expect(await lines(indexPath, 'pm_resume')).toEqual({ paths: ['lower.c', 'mixed.c', 'upper.c'], candidates: 3 });
    // RE2 folds k with the Kelvin sign, so the candidates must hold that spelling too.
    expect((await lines(indexPath, '300 k is')).paths).toEqual(['kelvin.txt']);
  });

  it('is rebuilt from the stored text when an index with case-folded trigrams is opened for writing', async () => {
    const root = makeTree(TREE);
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath, workers: 0 });
    downgradeToFoldedGrams(indexPath);

    // Read-only readers do not migrate; the folded table still answers right, only with more candidates.
    expect(await lines(indexPath, 'PM_RESUME', true)).toEqual({ paths: ['upper.c'], candidates: 3 });
    expect((await lines(indexPath, 'pm_resume')).paths).toEqual(['lower.c', 'mixed.c', 'upper.c']);

    SqliteStore.open(indexPath).close();
    expect(gramsTableSql(indexPath)).toContain("tokenize = 'ascii'");
    const store = SqliteStore.open(indexPath, { readonly: true });
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    store.close();
    expect(await lines(indexPath, 'PM_RESUME', true)).toEqual({ paths: ['upper.c'], candidates: 1 });
    expect((await lines(indexPath, 'pm_resume')).paths).toEqual(['lower.c', 'mixed.c', 'upper.c']);
  });
});
