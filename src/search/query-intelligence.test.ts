/**
 * Query intelligence on a small multi-language project written by the test:
 * routing by query type, the symbol index, callers across files, graph
 * expansion, cursors (expiry, forgery, stale index), cache and suggestions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { CURSOR } from '../contracts/limits.js';
import type { QuarryError } from '../contracts/errors.js';
import { runSearchCode } from './search-code-service.js';
import { encodeCursor } from './cursor.js';
import { ResultCache } from './result-cache.js';
import type { SearchCodeResponse } from './engine.js';

const PROJECT = {
  'src/auth/token.ts': [
    'export class BaseValidator {', '  check(): boolean { return true; }', '}', '',
    'export class TokenValidator extends BaseValidator {',
    '  validateToken(token: string): boolean {', '    return decodeJwt(token) !== null;', '  }', '}', '',
    'export function decodeJwt(token: string) {', '  return token.split(".");', '}', '',
  ].join('\n'),
  'src/auth/login.ts': [
    "import { TokenValidator } from './token';", '',
    'export function login(user: string, token: string) {', '  const validator = new TokenValidator();',
    '  if (!validator.validateToken(token)) throw new Error("denied");', '  return startSession(user);', '}', '',
    'function startSession(user: string) {', '  return { user };', '}', '',
  ].join('\n'),
  'src/api/refresh.ts': ['export function refresh(token: string) {', '  return new TokenValidator().validateToken(token);', '}', ''].join('\n'),
  'importers/csv_importer.py': ['class CsvImporter:', '    def load(self, path):', '        return open(path).read()', ''].join('\n'),
  'importers/json_importer.py': ['class JsonImporter:', '    def load(self, path):', '        return parse_json(path)', ''].join('\n'),
  'lib/server.go': ['package lib', '', 'func StartServer(port int) {', '\tlisten(port)', '}', '', 'func listen(port int) {}', ''].join('\n'),
  'docs/auth.md': '# Authentication\nUsers sign in with a password; a session token is issued.\n',
};

let root: string;
let store: SqliteIndex;

beforeAll(async () => {
  root = makeTree(PROJECT);
  const summary = await indexFolder({ root });
  store = SqliteIndex.open(summary.index);
  return () => store.close();
});

function search(args: Record<string, unknown>, cache?: ResultCache<SearchCodeResponse>): Promise<SearchCodeResponse> {
  return runSearchCode(store, normalizeSearchCodeParams(args), cache);
}

describe('routing by query type', () => {
  it.each([
    ['UserService class', 'symbol', 'symbol_index_then_bm25'],
    ['TokenValidator', 'symbol', 'symbol_index_then_bm25'],
    ['what calls validateToken', 'relationship', 'references_and_graph_expansion'],
    ['how does login work', 'flow', 'broad_bm25_and_graph_expansion'],
    ['importer pattern', 'pattern', 'pattern_filter_then_bm25'],
    ['session token password', 'concept', 'bm25'],
  ])('%j runs as %s with %s', async (query, type, strategy) => {
    const result = (await search({ query }));
    expect(result.query_type).toBe(type);
    expect(result.strategy).toBe(strategy);
  });

  it('finds a symbol by name first, naming it', async () => {
    const first = (await search({ query: 'TokenValidator' })).items[0]!;
    expect(first).toMatchObject({ file: 'src/auth/token.ts', symbol: 'TokenValidator' });
  });

  it('answers "what calls X" with the call sites in other files, file:line', async () => {
    const result = (await search({ query: 'what calls validateToken' }));
    expect(result.references).toEqual(expect.arrayContaining([
      { file: 'src/auth/login.ts', line: 5, kind: 'CALLS', from: 'login' },
      { file: 'src/api/refresh.ts', line: 2, kind: 'CALLS', from: 'refresh' },
    ]));
    expect(result.references_total).toBe(2);
    const callers = result.items.filter((i) => i.relation === 'caller').map((i) => i.file);
    expect(callers).toEqual(expect.arrayContaining(['src/auth/login.ts', 'src/api/refresh.ts']));
    // In one line per item, each caller shows its call site.
    const ultra = (await search({ query: 'what calls validateToken', detail_level: 'ultra' })).items.filter((i) => i.relation === 'caller').map((i) => i.line);
    expect(ultra).toEqual(expect.arrayContaining([
      'src/auth/login.ts:5: if (!validator.validateToken(token)) throw new Error("denied");',
      'src/api/refresh.ts:2: return new TokenValidator().validateToken(token);',
    ]));
  });

  it('finds subclasses for "who extends X"', async () => {
    const result = (await search({ query: 'who extends BaseValidator' }));
    expect(result.references).toEqual([{ file: 'src/auth/token.ts', line: 5, kind: 'EXTENDS', from: 'TokenValidator' }]);
  });

  it('matches pattern queries against definition names', async () => {
    const files = (await search({ query: 'importer pattern' })).items.map((i) => i.file);
    expect(files.slice(0, 2).sort()).toEqual(['importers/csv_importer.py', 'importers/json_importer.py']);
    const glob = (await search({ query: '*Importer' })).items.map((i) => i.symbol);
    expect(glob).toEqual(expect.arrayContaining(['CsvImporter', 'JsonImporter']));
  });

  it('expands flow questions along the call graph at half the parent score', async () => {
    const result = (await search({ query: 'how does login work', max_results: 20 }));
    const login = result.items.find((i) => i.symbol === 'login')!;
    const expanded = result.items.filter((i) => i.expanded_from === 'login');
    expect(expanded.length).toBeGreaterThan(0);
    for (const item of expanded) expect(item.relevance).toBeCloseTo(login.relevance * 0.5, 3);
    // login calls into TokenValidator (another file): that chunk joins as a callee.
    expect(expanded.map((i) => [i.file, i.relation])).toEqual(expect.arrayContaining([['src/auth/token.ts', 'callee']]));
  });

  it('keeps pages disjoint and totals exact with extra hits merged in', async () => {
    const all = (await search({ query: 'how does login work', max_results: 20 }));
    const ids: string[] = [];
    for (let skip = 0; skip < all.total; skip += 2) ids.push(...(await search({ query: 'how does login work', max_results: 2, skip })).items.map((i) => i.id));
    expect(ids).toEqual(all.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(all.total);
  });
});

describe('cursors', () => {
  it('pages with next_cursor exactly as with next_skip', async () => {
    const first = (await search({ query: 'token', max_results: 2 }));
    expect(first.next_cursor).toBeTypeOf('string');
    const viaCursor = (await search({ query: 'token', max_results: 2, cursor: first.next_cursor }));
    const viaSkip = (await search({ query: 'token', max_results: 2, skip: 2 }));
    expect(viaCursor.items.map((i) => i.id)).toEqual(viaSkip.items.map((i) => i.id));
  });

  async function failure(args: Record<string, unknown>): Promise<QuarryError> {
    try { await search(args); } catch (error) { return error as QuarryError; }
    throw new Error('expected an error');
  }

  it('refuses a forged cursor, and one from another query', async () => {
    const first = (await search({ query: 'token', max_results: 2 }));
    const [payload, signature] = first.next_cursor!.split('.');
    const body = Buffer.from(payload!, 'base64url');
    body.writeUInt32BE(500, 8); // the offset, after the 8-byte query hash
    const forged = `${body.toString('base64url')}.${signature}`;
    expect((await failure({ query: 'token', cursor: forged })).code).toBe('CURSOR_INVALID');
    expect((await failure({ query: 'token', cursor: 'garbage' })).code).toBe('CURSOR_INVALID');
    const other = await failure({ query: 'session', cursor: first.next_cursor });
    expect(other.code).toBe('CURSOR_INVALID');
    expect(other.message).toContain('different query');
  });

  it('refuses an expired cursor with its own error', async () => {
    const params = normalizeSearchCodeParams({ query: 'token' });
    const old = encodeCursor(params, 2, await store.indexVersion(), await store.secret(), Date.now() - CURSOR.ttlMs - 1000);
    const error = (await failure({ query: 'token', cursor: old }));
    expect(error.code).toBe('CURSOR_EXPIRED');
    expect(error.message).toContain('expired after 10 minutes');
  });

  it('refuses a cursor once the index changed', async () => {
    const tree = makeTree({ 'a.ts': 'export const tokenA = 1;\nexport const tokenB = 2;\n', 'b.ts': 'export const tokenC = 3;\n' });
    const summary = await indexFolder({ root: tree });
    const own = SqliteIndex.open(summary.index);
    try {
      const first = (await runSearchCode(own, normalizeSearchCodeParams({ query: 'export', max_results: 1 })));
      writeTree(tree, { 'c.ts': 'export const tokenD = 4;\n' });
      await indexFolder({ root: tree });
      let error: QuarryError | null = null;
      try { await runSearchCode(own, normalizeSearchCodeParams({ query: 'export', cursor: first.next_cursor })); } catch (e) { error = e as QuarryError; }
      expect(error?.code).toBe('CURSOR_STALE');
    } finally {
      await own.close();
    }
  });
});

describe('cache and suggestions', () => {
  it('answers a repeated request from the cache, and never across index versions', async () => {
    const cache = new ResultCache<SearchCodeResponse>(8);
    const first = (await search({ query: 'decodeJwt' }, cache));
    expect(cache.size).toBe(1);
    const again = (await search({ query: 'decodeJwt' }, cache));
    expect(again.items).toEqual(first.items);
    expect(cache.size).toBe(1);
    (await search({ query: 'decodeJwt', detail_level: 'ultra' }, cache));
    expect(cache.size).toBe(2);
  });

  it('suggests near spellings from the index, synonyms, and filter hints when nothing matches', async () => {
    const typo = (await search({ query: 'validatr' }));
    expect(typo.total).toBe(0);
    const suggestions = typo.suggestions as { did_you_mean: string[]; synonyms: string[]; hints: string[] };
    expect(suggestions.did_you_mean.join(' ').toLowerCase()).toContain('validator');
    // Two misspelled words: the first suggestion corrects both, then each alone.
    const two = (await search({ query: 'sesion tokn', mode: 'text' }));
    expect(two.total).toBe(0);
    const both = (two.suggestions as { did_you_mean: string[] }).did_you_mean;
    expect(both[0]).toBe('session token');
    expect(both).toEqual(expect.arrayContaining(['session tokn', 'sesion token']));
    const auth = (await search({ query: 'auth', language: 'python' }));
    const s = auth.suggestions as { synonyms: string[]; hints: string[] };
    expect(s.synonyms).toEqual(expect.arrayContaining(['authentication', 'login', 'session']));
    expect(s.hints.join(' ')).toMatch(/results match without language=python/);
  });
});

describe('graph export', () => {
  it('writes nodes and edges Neo4j can load', async () => {
    const { runCli } = await import('../test-support/cli.js');
    const out = path.join(makeTree(), 'graph');
    const csv = await runCli(['graph', 'export', '--format', 'csv', '--out', out, '--root', root]);
    expect(csv.code).toBe(0);
    const nodes = fs.readFileSync(path.join(out, 'nodes.csv'), 'utf8').split('\n');
    const edges = fs.readFileSync(path.join(out, 'edges.csv'), 'utf8').split('\n');
    expect(nodes[0]).toBe('id,label,name,kind,path,start_line,end_line');
    expect(nodes.some((l) => l.includes(',Symbol,TokenValidator.validateToken,method,src/auth/token.ts,6,8'))).toBe(true);
    expect(edges.some((l) => /,CALLS,src\/auth\/login\.ts,5$/.test(l))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'load.cypher'), 'utf8')).toContain("LOAD CSV WITH HEADERS FROM 'file:///edges.csv'");
    const cypher = await runCli(['graph', 'export', '--format', 'cypher', '--root', root]);
    expect(cypher.stdout).toMatch(/MERGE \(n:QuarryNode \{id: 'sym:\d+'\}\) SET n:Symbol, n \+= \{name: 'TokenValidator.validateToken'/);
    expect(cypher.stdout).toMatch(/MERGE \(a\)-\[:EXTENDS \{path: 'src\/auth\/token.ts', line: 5\}\]->\(b\);/);
  });
});
