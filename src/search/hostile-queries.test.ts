/**
 * Hostile input: no request text can freeze the engine or make SQLite's own error
 * text reach a caller. Every hostile class runs through search_code (each
 * mode) and REST project search on a real index; each answer is either a
 * normal result or a catalogue error with a stable code.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isQuarryError } from '../contracts/errors.js';
import { searchRequest } from '../contracts/rest-api.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { putFile } from '../ingest/put-content.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchCode } from './engine.js';
import { searchProject } from './project-search.js';

let store: SqliteIndex;
let projectStore: SqliteIndex;

const UNDERSCORES = '_'.repeat(60);

beforeAll(async () => {
  const files = {
    'lines.txt': `${UNDERSCORES}\nhello world zz\nabc def ghi\n_ marker\n`,
    'phrase.md': 'The retry policy uses exponential backoff between attempts.\n',
  };
  const root = makeTree(files);
  store = SqliteIndex.open((await indexFolder({ root })).index);
  projectStore = SqliteIndex.open(path.join(makeTree(), 'index.db'), { create: true });
  for (const [file, text] of Object.entries(files)) await putFile(projectStore.sqlite, file, text);
  return async () => { await store.close(); await projectStore.close(); };
});

/** `(abc(abc( ... |abd)|abd)`: each level an OR over an AND, so the trigram plan nests two groups per level. */
function nested(levels: number): string {
  let inner = 'xyz';
  for (let i = 0; i < levels; i++) inner = `(abc${inner}|abd)`;
  return inner;
}

const HOSTILE: [string, string][] = [
  ['deep nesting (20 levels)', nested(20)],
  ['deep nesting (38 levels, 380 chars)', nested(38)],
  ['deep plain groups', `${'('.repeat(60)}abcdef${')'.repeat(60)}`],
  ['NUL in a literal', 'ab\u0000cdef'],
  ['NUL alone', '\u0000\u0000\u0000'],
  ['control characters', 'ab\u0001\u0002cd\u001b[0m\u007f'],
  ['huge alternation', Array.from({ length: 50 }, (_, i) => `w${i}xyz`).join('|')],
  ['FTS operators as text', 'abc AND def OR NOT ghi NEAR(x y) body:z ^start *'],
  ['quotes', '"a"b""c"\'d\''],
  ['unbalanced quote', '"unterminated phrase'],
  ['only punctuation', '!!! ??? ...'],
  ['lone surrogate', 'ab\ud800cd'],
];

const MODES = ['auto', 'text', 'exact', 'regex'] as const;

/** A result, or a catalogue error: never SQLite's own words. */
async function expectHandled(run: () => Promise<{ total?: number; total_results?: number }>): Promise<void> {
  try {
    const result = await run();
    expect(result.total ?? result.total_results).toBeGreaterThanOrEqual(0);
  } catch (error) {
    expect(isQuarryError(error), String(error)).toBe(true);
    const quarry = error as { code: string; message: string };
    expect(['QUERY_SYNTAX', 'INVALID_ARGUMENT']).toContain(quarry.code);
    expect(quarry.message).not.toMatch(/fts5|sqlite|unterminated|parser stack/i);
  }
}

const search = (params: Record<string, unknown>) => store.read((reader) => searchCode(reader, normalizeSearchCodeParams(params)));

describe('hostile query text never reaches SQLite as syntax', () => {
  for (const [name, query] of HOSTILE) {
    it.each(MODES)(`${name} in %s mode`, async (mode) => {
      await expectHandled(() => search({ query, mode }));
    });
    it(`${name} over REST project search`, async () => {
      await expectHandled(() => projectStore.read((reader) => searchProject(reader, searchRequest.parse({ query }))));
    });
  }

  it('still finds the hits of a literal whose trigrams hold a NUL (fewer trigrams, same verification)', async () => {
    const result = await search({ query: 'def|ab\u0000c', mode: 'regex' });
    expect(result.items.map((i) => `${i.file}:${i.start_line}`)).toEqual(['lines.txt:3']);
  });

  it('still finds the hits of a regex nested too deep for FTS5', async () => {
    const result = await search({ query: `${nested(30)}|hello`, mode: 'regex' });
    expect(result.items.map((i) => `${i.file}:${i.start_line}`)).toEqual(['lines.txt:2']);
  });
});

describe('quoted phrases are checked by tokens, in linear time, so no phrase can freeze the engine', () => {
  it('answers "_ _ _ _ _ _ _ _ _ _ _ _ _ _ zz" over a line of 60 underscores at once, finding nothing', async () => {
    const started = performance.now();
    const result = await search({ query: '"_ _ _ _ _ _ _ _ _ _ _ _ _ _ zz"' });
    // The backtracking pattern took over 20 s here; token comparison takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.total).toBe(0);
    expect(result.total_partial).toBeUndefined();
  });

  it('finds a phrase with any non-word characters between its words, ignoring case', async () => {
    const result = await search({ query: '"Exponential  BACKOFF"' });
    expect(result.items.map((i) => i.file)).toEqual(['phrase.md']);
    expect(result.total).toBe(1);
  });

  it('does not take words out of order as the phrase', async () => {
    expect((await search({ query: '"backoff exponential"' })).total).toBe(0);
  });
});
