/**
 * search_code's ranking as a user sees it, on real indexes of committed
 * projects (test-fixtures/ranking): a 12-file TypeScript service where every
 * file says "token", and a small Python shop with docs, tests and a minified
 * vendored bundle beside its code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTIONS } from '../contracts/limits.js';
import { RANKING } from '../store/ranking-weights.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import type { Store } from '../store/store.js';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { indexFixture } from '../test-support/fixture-index.js';
import { makeTree } from '../test-support/temp-tree.js';
import type { SearchCodeResponse } from './engine.js';
import { runSearchCode } from './search-code-service.js';

let tokens: Store;
let shop: Store;

beforeAll(async () => {
  tokens = await indexFixture('ranking/token-service');
  shop = await indexFixture('ranking/shop');
});

const search = (store: Store, args: Record<string, unknown>): Promise<SearchCodeResponse> =>
  runSearchCode(store, normalizeSearchCodeParams({ max_results: 20, ...args }));
const files = (response: SearchCodeResponse) => response.items.map((i) => i.file);
const chunksOf = (response: SearchCodeResponse, file: string) => files(response).filter((f) => f === file).length;

describe('a small repository, where the query words are in nearly every chunk', () => {
  it.each(['auto', 'text'])('ranks the definition named by "validate token" first, above the one-line helpers that call it (%s mode)', async (mode) => {
    const result = (await search(tokens, { query: 'validate token', mode }));
    expect(result.total).toBe(10);
    expect(result.items[0]).toMatchObject({ file: 'src/auth/validate-token.ts', symbol: 'validateToken' });
  });

  it('gives every hit a relevance above 0, in non-increasing order', async () => {
    const relevance = (await search(tokens, { query: 'validate token' })).items.map((i) => i.relevance);
    expect(relevance.length).toBeGreaterThan(1);
    for (const r of relevance) expect(r).toBeGreaterThan(0);
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
  });
});

describe('definitions before callers', () => {
  it('puts the definition of apply_discount above every chunk that calls it', async () => {
    const result = (await search(shop, { query: 'apply discount' }));
    expect(result.items[0]).toMatchObject({ file: 'shop/pricing.py' });
    expect(result.items[0]!.start_line).toBeLessThanOrEqual(15);
    expect(result.items[0]!.end_line).toBeGreaterThanOrEqual(29);
    expect(files(result).slice(1)).toEqual(expect.arrayContaining(['shop/cart.py', 'shop/checkout.py', 'tests/test_pricing.py']));
  });
});

describe('code before tests, documents and minified vendored files', () => {
  const roleOf = (file: string) => (file.startsWith('shop/') ? 'code' : 'other');

  it.each(['discount code', 'apply discount'])('%j lists every hit in the code before any test, document or bundle', async (query) => {
    const order = files((await search(shop, { query }))).map(roleOf);
    expect(order).toContain('other');
    expect(order.lastIndexOf('code')).toBeLessThan(order.indexOf('other'));
  });

  it('ranks the tests near the top when the query asks for tests', async () => {
    const list = files((await search(shop, { query: 'test apply discount' })));
    expect(list.indexOf('tests/test_pricing.py')).toBeLessThan(list.indexOf('shop/cart.py'));
    expect(list.indexOf('tests/test_pricing.py')).toBeLessThanOrEqual(1);
  });

  it('puts the documents first when the query asks for documentation', async () => {
    expect(files((await search(shop, { query: 'discount documentation' })))[0]).toBe('docs/ref/discounts.txt');
  });

  it('ranks the minified bundle among the first, above tests and documents, when the query asks for it', async () => {
    const bundle = 'extern/checkout-widget/widget.min.js';
    const list = files((await search(shop, { query: 'minified widget discount' })));
    expect(list.indexOf(bundle)).toBeLessThanOrEqual(2);
    expect(list.indexOf(bundle)).toBeLessThan(list.indexOf('docs/ref/discounts.txt'));
    expect(list.indexOf(bundle)).toBeLessThan(list.indexOf('tests/test_pricing.py'));
  });
});

describe('file diversity in the first page', () => {
  const ordersChunks = (response: SearchCodeResponse) => files(response).filter((f) => f === 'shop/orders.py').length;

  it(`shows at most ${RANKING.perFileInFirstPage} chunks of one file in the first page; the others follow it`, async () => {
    const all = (await search(shop, { query: 'order' }));
    expect(ordersChunks(all)).toBe(3);
    const first = (await search(shop, { query: 'order', max_results: 10 }));
    expect(ordersChunks(first)).toBe(RANKING.perFileInFirstPage);
    expect(new Set(files(first)).size).toBeGreaterThanOrEqual(8);
  });

  it('keeps cursor pages disjoint and complete, with the same exact total on every page', async () => {
    const whole = (await search(shop, { query: 'order' }));
    const paged: string[] = [];
    let page = (await search(shop, { query: 'order', max_results: 3 }));
    for (;;) {
      expect(page.total).toBe(whole.total);
      paged.push(...page.items.map((i) => i.id));
      if (!page.next_cursor) break;
      page = (await search(shop, { query: 'order', max_results: 3, cursor: page.next_cursor }));
    }
    expect(paged).toEqual(whole.items.map((i) => i.id));
    expect(paged).toHaveLength(whole.total);
  });

  it('does not spread the page when the query names the file', async () => {
    const named = (await search(shop, { query: 'orders.py order status', max_results: 5 }));
    expect(files(named).slice(0, 3)).toEqual(['shop/orders.py', 'shop/orders.py', 'shop/orders.py']);
  });
});

describe('a query whose best hits crowd one file past the re-scored pool', () => {
  // 130 chunks of one file say "gauge" on every line; 30 other files say it once. The pool (the first
  // 100 hits) is all the crowded file, so the first page's spread has to look past it.
  const crowded = 130;
  const others = 30;
  let store: SqliteIndex;

  beforeAll(async () => {
    const block = (i: number) => [`export function reading${i}() {`, ...Array.from({ length: 38 }, () => '  gauge(gauge, gauge);'), '}', ''];
    const files: Record<string, string> = { 'src/crowded.ts': Array.from({ length: crowded }, (_, i) => block(i)).flat().join('\n') };
    for (let i = 0; i < others; i++) {
      files[`src/meters/meter${i}.ts`] = [`export function meter${i}(scale: number) {`, ...Array.from({ length: 20 }, (_, j) => `  const step${j} = scale * ${j};`), '  return gauge(scale);', '}', ''].join('\n');
    }
    store = SqliteIndex.open((await indexFolder({ root: makeTree(files) })).index);
    return () => store.close();
  });

  // The word, and the same as a phrase (its candidates are checked in the text).
  const QUERIES = ['gauge', '"gauge"'];
  const pageOf = (query: string) => (args: Record<string, unknown>) => search(store, { query, mode: 'text', ...args });

  it.each(QUERIES)(`%s: still shows at most ${RANKING.perFileInFirstPage} of its chunks in the first page`, async (query) => {
    const page = pageOf(query);
    const first = await page({});
    expect(first.total).toBe(crowded + others);
    expect(chunksOf(first, 'src/crowded.ts')).toBe(RANKING.perFileInFirstPage);
    expect(new Set(files(first)).size).toBe(first.items.length - 1);
  });

  it.each(QUERIES)('%s: cuts every page, before and past the pool, from the same list', async (query) => {
    const page = pageOf(query);
    const ids: string[] = [];
    let next: SearchCodeResponse = await page({});
    for (;;) {
      expect(next.total).toBe(crowded + others);
      ids.push(...next.items.map((i) => i.id));
      if (!next.next_cursor) break;
      next = await page({ cursor: next.next_cursor });
    }
    expect(ids).toHaveLength(crowded + others);
    expect(new Set(ids).size).toBe(crowded + others);
    // The same first page whichever page was asked for first.
    expect((await page({ skip: 140 })).items.map((i) => i.id)).toEqual(ids.slice(140, 160));
  });
});

describe('a phrase query with more hits than the re-scored pool', () => {
  // 150 chunks hold the phrase; a definition the query names holds its words, not the phrase: an extra hit
  // (name_definitions) that the phrase does not count, so the total is 151 on every page.
  const holders = 150;
  let store: SqliteIndex;

  beforeAll(async () => {
    const files: Record<string, string> = {
      'src/total.ts': 'export function valueComputeTotal(n: number) {\n  // computeTotal of value then gauge\n  return n;\n}\n',
    };
    for (let i = 0; i < holders; i++) files[`src/m${i}.ts`] = `export function meter${i}(x: number) {\n  // gauge value of computeTotal step ${i}\n  return x * ${i};\n}\n`;
    store = SqliteIndex.open((await indexFolder({ root: makeTree(files) })).index);
    return () => store.close();
  });

  it('gives the same exact total on every page, and every page together holds that many hits', async () => {
    const ids: string[] = [];
    for (let skip = 0; ; skip += 20) {
      const page = await search(store, { query: '"gauge value" computeTotal', mode: 'text', skip });
      expect(page.total).toBe(holders + 1);
      ids.push(...page.items.map((i) => i.id));
      if (!page.has_more) break;
    }
    expect(new Set(ids).size).toBe(holders + 1);
  });
});

describe('long natural-language queries', () => {
  const issue = 'Totals report is wrong: "group by customer" uses the order status instead of the customer column';

  it('treat quoted strings in prose as evidence, not as phrases every hit must contain', async () => {
    const result = (await search(shop, { query: issue }));
    expect(result.total).toBeGreaterThan(0);
    expect(result.exact_terms).toBeNull();
    expect(result.query_type).toBe('concept');
    expect(result.items[0]).toMatchObject({ file: 'shop/reports.py', symbol: 'totals_by_customer' });
  });

  it('while a short query keeps its quoted phrase as a requirement', async () => {
    const result = (await search(shop, { query: '"group by customer" report' }));
    expect(result.exact_terms).toEqual(['group by customer']);
    expect(result.total).toBe(0);
  });

  it('suggest corrected words, not the whole query back, when nothing matches', async () => {
    const typos = 'Totalz repotr is wrnog when the custmer grupping klause drops the colunm entirly, zzqx';
    const result = (await search(shop, { query: typos }));
    expect(result.total).toBe(0);
    const { did_you_mean: didYouMean } = result.suggestions as { did_you_mean: string[] };
    expect(didYouMean).toEqual(expect.arrayContaining(['customer']));
    for (const suggestion of didYouMean) expect(suggestion.length).toBeLessThanOrEqual(SUGGESTIONS.rewriteMaxChars);
  });
});

describe('a search without filters asks the word index alone', () => {
  // The shop is one repository: filtering by it keeps every chunk, through the statements that join files and sources.
  it.each(['order', 'apply discount', 'customer order status report', '"apply discount" cart'])('%j: same hits, order, relevance and total as filtered by the one repository', async (query) => {
    const plain = (await search(shop, { query, mode: 'text' }));
    expect(plain.total).toBeGreaterThan(0);
    const filtered = (await search(shop, { query, mode: 'text', repository: plain.items[0]!.repository }));
    const view = (r: SearchCodeResponse) => ({ total: r.total, items: r.items.map((i) => [i.id, i.relevance]) });
    expect(view(plain)).toEqual(view(filtered));
  });
});
