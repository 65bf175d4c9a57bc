import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryError } from '../contracts/errors.js';
import { ENGINE, SEARCH_DISPLAY } from '../contracts/limits.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchLines } from './line-search.js';
import { planSearch, type LinesPlan } from './plan.js';
import { runSearchCode } from './search-code-service.js';

let store: SqliteIndex;
let minified = '';

beforeAll(async () => {
  // A real 300 KB minified line (as a bundler writes it), and 300 small files to scan past a budget check.
  for (let i = 0; minified.length < 300_000; i++) minified += `var a${i}=function(b){return b+${i}};`;
  const files: Record<string, string> = { 'dist/app.min.txt': `${minified}\n` };
  for (let i = 0; i < 300; i++) files[`notes/n${String(i).padStart(3, '0')}.txt`] = `note ${i} alpha\n`;
  const summary = await indexFolder({ root: makeTree(files) });
  store = SqliteIndex.open(summary.index);
});
afterAll(() => store?.close());

const plan = (pattern: string) => planSearch(normalizeSearchCodeParams({ query: pattern, mode: 'regex' })) as LinesPlan;
const lines = (pattern: string, window: { offset: number; limit: number }, budgetMs?: number) =>
  store.read((reader) => searchLines(reader, plan(pattern), window, budgetMs));

const search = (args: Record<string, unknown>) => runSearchCode(store, normalizeSearchCodeParams(args));

describe('a 300 KB minified line answers small', () => {
  it('`.` in regex mode at ultra: capped highlights, a cut line, a reply of a few KB', async () => {
    const reply = (await search({ query: '.', mode: 'regex', detail_level: 'ultra', max_results: 1 }));
    const item = reply.items[0]!;
    expect(item).toMatchObject({ file: 'dist/app.min.txt', line_truncated: true });
    expect(JSON.stringify(reply).length).toBeLessThan(4096);
    expect(item.highlights_truncated).toBe(true);
    expect(Object.values(item.highlights)[0]!.length).toBeLessThanOrEqual(SEARCH_DISPLAY.highlightRangesPerLine);
  });

  it('an exact match deep in the line is shown around the match at every level', async () => {
    for (const detail_level of ['full', 'compact', 'ultra']) {
      const reply = (await search({ query: 'a7000=function', mode: 'exact', detail_level }));
      expect(reply.total).toBe(1);
      const item = reply.items[0]!;
      expect(item).toMatchObject({ file: 'dist/app.min.txt', line_truncated: true });
      expect(item.line_offset).toBeGreaterThan(minified.indexOf('a7000=') - ENGINE.snippetLineMaxChars);
      const shown = item.snippet ?? item.line!;
      expect(shown).toContain('a7000=function');
      expect(JSON.stringify(reply).length).toBeLessThan(4096);
      if (item.snippet) {
        const [[a, b]] = item.highlights['1'] as [[number, number]];
        expect(item.snippet.slice(a, b)).toBe('a7000=function');
      }
    }
  });
});

describe('the verification budget never reads as "found nothing"', () => {

  it('spent with hits on the page: the page comes back, marked partial', async () => {
    const result = await lines('alpha', { offset: 0, limit: 5 }, -1);
    expect(result.partial).toBe(true);
    expect(result.hits).toHaveLength(5);
    const full = await lines('alpha', { offset: 0, limit: 5 });
    expect(full.partial).toBeUndefined();
    expect(full.total).toBe(300);
    expect(result.total).toBeLessThan(full.total);
  });

  it('spent before the page has a hit: TIMEOUT, not an empty answer', async () => {
    let error: unknown;
    try { await lines('alpha', { offset: 299, limit: 5 }, -1); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(QuarryError);
    expect((error as QuarryError).code).toBe('TIMEOUT');
  });
});
