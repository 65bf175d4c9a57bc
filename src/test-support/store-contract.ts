/**
 * @module test-support/store-contract
 * The behaviour every `Store` (store/store) must have, SQLite and PostgreSQL
 * alike: one shared suite, run by each implementation's test file with a
 * factory of empty places for an index. It drives the real indexer and the
 * real engine over a real tree, and every expected answer is worked out
 * from the tree's text, not written down.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import RE2 from 're2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryError } from '../contracts/errors.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { searchRequest } from '../contracts/rest-api.js';
import { parseRequestBody } from '../contracts/tool-input.js';
import { collectGraph } from '../graph/export.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode, type SearchCodeResponse } from '../search/engine.js';
import { searchProject } from '../search/project-search.js';
import type { ReferenceKind } from '../search/graph.js';
import { findReferences } from '../search/references-service.js';
import { ResultCache } from '../search/result-cache.js';
import { runSearchCode } from '../search/search-code-service.js';
import { openStore } from '../store/open-store.js';
import type { Store, StoreLocation } from '../store/store.js';
import { parseToolInput } from '../tools/call-tool.js';
import { findReferencesTool } from '../tools/find-references.js';
import type { ServiceCheck } from './redis.js';
import { makeTree, writeTree } from './temp-tree.js';

/** A fresh place for an index (a temp SQLite file, an empty PostgreSQL schema) and how to remove it. */
export interface ScratchStore {
  location: StoreLocation;
  drop: () => Promise<void>;
}

/** A SQLite index file in a folder of its own, removed by `drop`. */
export function scratchSqlite(): Promise<ScratchStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-store-'));
  return Promise.resolve({
    location: { kind: 'sqlite', file: path.join(dir, 'index.db') },
    drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
  });
}

/**
 * A test file's index of `root` in a fresh place from `scratch`, indexed for real before its tests and
 * opened read-only, dropped after them; the returned function gives the open store. Nothing happens
 * when the store's service is not `present` (its tests skip, saying why).
 */
export function indexedScratchStore(root: string, scratch: () => Promise<ScratchStore>, present = true): () => Store {
  let place: ScratchStore | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    if (!present) return;
    place = await scratch();
    await indexFolder({ root, store: place.location, workers: 0 });
    store = await openStore(place.location, { readonly: true, root });
  });
  afterAll(async () => {
    await store?.close();
    await place?.drop();
  });
  return () => store!;
}

export const CONTRACT_TREE: Record<string, string> = {
  'src/auth/token.ts': [
    'export class TokenValidator extends BaseValidator {',
    '  validateToken(token: string): boolean {',
    '    return checkSignature(token);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/auth/login.ts': [
    "import { TokenValidator } from './token';",
    '',
    'export function login(user: string, token: string) {',
    '  const validator = new TokenValidator();',
    '  return validator.validateToken(token);',
    '}',
    '',
  ].join('\n'),
  'src/auth/signature.ts': 'export function checkSignature(token: string): boolean {\n  return token.length > 0; // exponential backoff is for retries\n}\n',
  'lib/retry.py': [
    'def retry_with_backoff(fn, attempts=3):',
    '    """Retry fn with exponential backoff."""',
    '    for attempt in range(attempts):',
    '        try:',
    '            return fn()',
    '        except TimeoutError:',
    '            sleep(2 ** attempt)',
    '',
  ].join('\n'),
  'docs/guide.md': '# Guide\nThe retry policy uses exponential backoff between attempts.\nTokens are checked by the TokenValidator.\n',
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [
    `many/note${String(i).padStart(2, '0')}.txt`, `marker line ${i} alpha\nother text ${i}\nMarker again ${i}\n`,
  ])),
};

/** The tree's calls of names it defines (`new TokenValidator()` is one; `range`, `sleep` and `fn` it only calls), by files calling them, then name. */
const CALLED_DEFINITIONS = [{ name: 'TokenValidator', files: 1 }, { name: 'checkSignature', files: 1 }, { name: 'validateToken', files: 1 }];

/** Lines of `tree` that `matches` accepts, as `path:line`, in (path, line) order. */
export function linesWhere(tree: Record<string, string>, matches: (line: string) => boolean): string[] {
  const hits: string[] = [];
  for (const file of Object.keys(tree).sort()) {
    tree[file]!.split('\n').forEach((line, i) => { if (matches(line)) hits.push(`${file}:${i + 1}`); });
  }
  return hits;
}

const where = (r: SearchCodeResponse) => r.items.map((i) => `${i.file}:${i.start_line}`);

/** Runs the suite; with `service` (a server the store needs), skipped, saying why, when it does not answer. */
export function storeContract(name: string, scratch: () => Promise<ScratchStore>, service?: ServiceCheck): void {
  describe.skipIf(service?.present === false)(`Store contract: ${name}${service ? ` (${service.reason})` : ''}`, () => {
    let place: ScratchStore;
    let root: string;
    let store: Store;
    const others: ScratchStore[] = [];
    const fresh = async () => { const p = await scratch(); others.push(p); return p; };
    const search = (args: Record<string, unknown>) => store.read((reader) => searchCode(reader, normalizeSearchCodeParams(args)));

    beforeAll(async () => {
      place = await scratch();
      root = makeTree(CONTRACT_TREE);
      await indexFolder({ root, store: place.location, workers: 0 });
      store = await openStore(place.location, { root });
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      for (const p of [place, ...others]) await p?.drop();
    });

    it('says INDEX_MISSING, naming the index, before anything was indexed there', async () => {
      const empty = await fresh();
      const refusal = await openStore(empty.location, { root: '/some/folder' }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(QuarryError);
      expect(refusal).toMatchObject({ code: 'INDEX_MISSING' });
      expect((refusal as Error).message).toContain('quarry index /some/folder');
    });

    it('answers exact search with one item per matching line and the total of such lines (case-insensitive)', async () => {
      const expected = linesWhere(CONTRACT_TREE, (line) => line.toLowerCase().includes('marker'));
      const seen: string[] = [];
      let total = -1;
      for (let skip = 0; skip < expected.length; skip += 20) {
        const page = await search({ query: 'marker', mode: 'exact', max_results: 20, skip });
        total = page.total;
        seen.push(...where(page));
      }
      expect(total).toBe(expected.length);
      expect(seen).toEqual(expected);
      expect((await search({ query: 'Marker again', mode: 'exact', case_sensitive: true })).total)
        .toBe(linesWhere(CONTRACT_TREE, (line) => line.includes('Marker again')).length);
    });

    it('answers regex search with the lines RE2 accepts, in file order', async () => {
      const pattern = 'marker (line|again) 1[0-9]';
      const re = new RE2(pattern, 'i');
      const expected = linesWhere(CONTRACT_TREE, (line) => re.test(line));
      const page = await search({ query: pattern, mode: 'regex', case_sensitive: false, max_results: 20 });
      expect(page.total).toBe(expected.length);
      expect(where(page)).toEqual(expected.slice(0, 20));
      // A pattern no trigram narrows (every chunk is a candidate) still answers exactly.
      const any = await search({ query: '\\d+ \\w+$', mode: 'regex', max_results: 1 });
      expect(any.total).toBe(linesWhere(CONTRACT_TREE, (line) => new RE2('\\d+ \\w+$').test(line)).length);
    });

    it('ranks words by BM25: identifier parts, required phrases, any term when every term finds nothing', async () => {
      expect((await search({ query: 'validate token', mode: 'text' })).items[0]!.file).toBe('src/auth/token.ts');
      const phrase = await search({ query: '"exponential backoff"', mode: 'text', max_results: 20 });
      const holding = Object.keys(CONTRACT_TREE).filter((f) => CONTRACT_TREE[f]!.toLowerCase().includes('exponential backoff'));
      expect(phrase.exact_terms).toEqual(['exponential backoff']);
      expect(phrase.items.map((i) => i.file).sort()).toEqual(holding.sort());
      expect(phrase.total).toBe(holding.length);
      const broad = await search({ query: 'exponential zebra', mode: 'text' });
      expect(broad.matched).toBe('any_term');
      expect(broad.total).toBe(holding.length);
      const scores = phrase.items.map((i) => i.relevance);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it('tells exactly which chunks match a word expression (how extra hits are counted into a total)', async () => {
      const { chunks, matching } = await store.read(async (reader) => {
        const all = [];
        for await (const batch of reader.candidates({ language: null, repository: null }, null)) all.push(...batch);
        return { chunks: all, matching: await reader.wordsMatching('"marker"', all.map((c) => c.chunk_id)) };
      });
      const holding = chunks.filter((c) => c.content.toString('utf8').toLowerCase().split(/[^a-z]+/).includes('marker')).map((c) => c.chunk_id);
      expect(holding.length).toBeGreaterThan(0);
      expect(holding.length).toBeLessThan(chunks.length);
      expect([...matching].sort((a, b) => a - b)).toEqual(holding.sort((a, b) => a - b));
    });

    it('answers a symbol question with the definition first', async () => {
      const reply = await search({ query: 'TokenValidator class' });
      expect(reply.query_type).toBe('symbol');
      expect(reply.items[0]).toMatchObject({ file: 'src/auth/token.ts', start_line: 1 });
    });

    it('pages with next_cursor without repeats or gaps, every page with the same total', async () => {
      const params = { query: 'marker', mode: 'exact', max_results: 7 };
      const ids: string[] = [];
      let page = await runSearchCode(store, normalizeSearchCodeParams(params));
      const total = page.total;
      for (;;) {
        expect(page.total).toBe(total);
        ids.push(...page.items.map((i) => i.id));
        if (!page.next_cursor) break;
        page = await runSearchCode(store, normalizeSearchCodeParams({ ...params, cursor: page.next_cursor }));
      }
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
    });

    it('finds definitions and call sites with their source lines', async () => {
      const refs = await store.read((reader) => findReferences(reader, {
        symbol: 'TokenValidator.validateToken', kinds: ['CALLS'], filters: { language: null, repository: null }, limit: 20, offset: 0,
      }));
      const callers = linesWhere(CONTRACT_TREE, (line) => line.includes('.validateToken('));
      expect(refs.references.map((r) => `${r.file}:${r.line}`)).toEqual(callers);
      expect(refs.references[0]!.text).toBe('return validator.validateToken(token);');
      expect(refs.definitions).toEqual([expect.objectContaining({ file: 'src/auth/token.ts', line: 2, name: 'TokenValidator.validateToken' })]);
      expect(refs.total).toBe(callers.length);
    });

    it('names the definitions called from the most files, most first, and no name it does not define', async () => {
      const called = await store.read((reader) => reader.calledNames(50));
      expect(called).toEqual(CALLED_DEFINITIONS);
    });

    it('suggests near words of its own vocabulary when nothing is found', async () => {
      const reply = await store.read(async (reader) => {
        const params = normalizeSearchCodeParams({ query: 'exponentail', mode: 'text' });
        const { searchCodePage } = await import('../search/search-code-service.js');
        return searchCodePage(reader, params, 0);
      });
      expect(reply.total).toBe(0);
      expect((reply.suggestions as { did_you_mean: string[] }).did_you_mean).toContain('exponential');
    });

    it('filters the project search by extension and path glob', async () => {
      const run = (body: Record<string, unknown>) => store.read((reader) => searchProject(reader, searchRequest.parse(body)));
      expect((await run({ query: 'retry', filters: { file_types: ['py'] } })).results.map((r) => r.path)).toEqual(['lib/retry.py']);
      expect((await run({ query: 'retry', filters: { paths: ['docs/*'] } })).results.map((r) => r.path)).toEqual(['docs/guide.md']);
      expect((await run({ query: 'retry', filters: { paths: ['[a-l]*/*.p?'] } })).results.map((r) => r.path)).toEqual(['lib/retry.py']);
    });

    it('refuses, before anything is bound, a NUL byte or a backwards glob range with the catalogue error, as a door parses them', async () => {
      // What a door does: parse with the contract, then ask the store, inside one read.
      const project = (body: unknown) => store.read((reader) => searchProject(reader, parseRequestBody(searchRequest, body)));
      const references = (args: unknown) => store.read((reader) => {
        const input = parseToolInput(findReferencesTool, args, 'en') as { symbol: string };
        return findReferences(reader, { symbol: input.symbol, kinds: ['CALLS'], filters: { language: null, repository: null }, limit: 20, offset: 0 });
      });
      const cases: [() => Promise<unknown>, string, string[]][] = [
        [() => project({ query: 'retry', filters: { paths: ['[z-a]*'] } }), 'input.glob_range_reversed', ['"[z-a]*"', 'filters.paths', 'z-a', 'a-z']],
        [() => project({ query: 'retry', filters: { paths: ['docs/*', 'src/[a-z][9-0]*'] } }), 'input.glob_range_reversed', ['9-0', '0-9']],
        [() => project({ query: 'retry', filters: { paths: ['src/\u0000*'] } }), 'input.nul_byte', ['filters.paths', 'NUL']],
        [() => project({ query: 'retry', filters: { file_types: ['p\u0000y'] } }), 'input.nul_byte', ['filters.file_types', 'NUL']],
        [() => references({ symbol: 'log\u0000in' }), 'input.nul_byte', ['symbol', 'NUL']],
        [() => references({ symbol: 'login', repository: 'a\u0000b' }), 'input.nul_byte', ['repository', 'NUL']],
      ];
      for (const [run, key, words] of cases) {
        const refusal = await run().catch((e: unknown) => e);
        expect(refusal, key).toBeInstanceOf(QuarryError);
        expect(refusal).toMatchObject({ code: 'INVALID_ARGUMENT', details: { key } });
        for (const word of words) expect((refusal as Error).message).toContain(word);
        expect((refusal as Error).message).not.toMatch(/byte sequence|0x00|character range/i);
      }
    });

    it('reads the odd but valid globs as SQLite\'s GLOB does', async () => {
      const paths = async (glob: string) => (await store.read((reader) =>
        searchProject(reader, parseRequestBody(searchRequest, { query: 'retry', filters: { paths: [glob] } })))).results.map((r) => r.path).sort();
      // "retry" finds lib/retry.py, docs/guide.md and src/auth/signature.ts ("retries").
      expect(await paths('[a-]*')).toEqual([]); // a or "-" first
      expect(await paths('[^a-k]*')).toEqual(['lib/retry.py', 'src/auth/signature.ts']);
      expect(await paths('[]d]*')).toEqual(['docs/guide.md']); // "]" first in a class is a member
      expect(await paths('[\\d]*')).toEqual(['docs/guide.md']); // a backslash is a member, not an escape
      expect(await paths('*.[mp][dy]')).toEqual(['docs/guide.md', 'lib/retry.py']);
      expect(await paths('[a-a]*')).toEqual([]);
    });

    it('gives the graph, outlines and languages of the files it holds', async () => {
      const graph = await collectGraph(store);
      expect(graph.nodes).toContainEqual(expect.objectContaining({ label: 'Symbol', name: 'TokenValidator.validateToken', path: 'src/auth/token.ts' }));
      expect(graph.rels).toContainEqual(expect.objectContaining({ type: 'CALLS', path: 'src/auth/login.ts', line: 5 }));
      const outline = await store.read((reader) => reader.fileOutline('src/auth/token.ts'));
      expect(outline.map((s) => s.name)).toEqual(['TokenValidator', 'validateToken']);
      expect(await store.read((reader) => reader.fileLanguage('lib/retry.py'))).toBe('python');
    });

    it('indexes incrementally: changed, added and vanished files, one new index version per batch, the old answer never cached across', async () => {
      const own = await fresh();
      const tree = makeTree({ 'a.txt': 'alpha kestrel\n', 'b.txt': 'beta kestrel\n', 'c.txt': 'gamma\n' });
      const first = await indexFolder({ root: tree, store: own.location, workers: 0 });
      const mine = await openStore(own.location, { root: tree });
      try {
        const cache = new ResultCache<SearchCodeResponse>(8);
        const before = await runSearchCode(mine, normalizeSearchCodeParams({ query: 'kestrel', max_results: 1 }), cache);
        expect(before.total).toBe(2);
        writeTree(tree, { 'a.txt': 'alpha osprey\n', 'd.txt': 'delta kestrel kestrel\n' });
        fs.rmSync(path.join(tree, 'b.txt'));
        const second = await indexFolder({ root: tree, store: own.location, workers: 0 });
        expect(second).toMatchObject({ added: 1, updated: 1, deleted: 1, unchanged: 1 });
        // One batch of writes and one of deletions.
        expect(second.index_version).toBe(first.index_version + 2);
        expect(await mine.indexVersion()).toBe(second.index_version);
        const after = await runSearchCode(mine, normalizeSearchCodeParams({ query: 'kestrel', max_results: 1 }), cache);
        expect(after.total).toBe(1);
        expect(after.items[0]!.file).toBe('d.txt');
        const stale = await runSearchCode(mine, normalizeSearchCodeParams({ query: 'kestrel', max_results: 1, cursor: before.next_cursor }))
          .catch((e: unknown) => e);
        expect(stale).toMatchObject({ code: 'CURSOR_STALE' });
        const third = await indexFolder({ root: tree, store: own.location, workers: 0 });
        expect(third).toMatchObject({ added: 0, updated: 0, deleted: 0, index_version: second.index_version });
      } finally {
        await mine.close();
      }
    }, 60_000);

    it('answers graph questions while a first build defers the graph\'s lookup indexes, without the graph expansion', async () => {
      const own = await fresh();
      const tree = makeTree(CONTRACT_TREE);
      await indexFolder({ root: tree, store: own.location, workers: 0 });
      const loading = await openStore(own.location, { root: tree });
      const ask = (query: string) => loading.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query })));
      const expandedFromLogin = async () => (await ask('how does login work')).items.filter((i) => i.expanded_from === 'login').map((i) => [i.file, i.relation]);
      const references = (symbol: string, kinds: ReferenceKind[], offset: number) => loading.read(async (reader) => {
        const { index_version: _version, ...answer } = await findReferences(reader, { symbol, kinds, filters: { language: null, repository: null }, limit: 1, offset });
        return answer;
      });
      const pages = async () => [
        await references('validateToken', ['CALLS'], 0), await references('validateToken', ['CALLS'], 1),
        await references('./token', ['IMPORTS'], 0), await references('BaseValidator', ['EXTENDS'], 0), await references('nothingCallsThis', ['CALLS'], 0),
      ];
      const writer = await loading.openWriter();
      try {
        expect(await expandedFromLogin()).toEqual([['src/auth/token.ts', 'callee']]);
        const indexed = await pages();
        expect(indexed.map((page) => page.total)).toEqual([1, 1, 1, 1, 0]);
        // What a bulk load does first; its end makes the indexes again.
        await writer.beginBulkLoad();
        // Sites are then read in one scan each, and give the same pages and totals.
        expect(await pages()).toEqual(indexed);
        expect(await loading.read((reader) => reader.graphLookupsReady())).toBe(false);
        expect(await expandedFromLogin()).toEqual([]);
        const flow = await ask('how does login work');
        expect(flow.items[0]).toMatchObject({ file: 'src/auth/login.ts', symbol: 'login' });
        // The references come from the graph all the same (a scan of it, once).
        const callers = await ask('what calls validateToken');
        expect(callers.references).toEqual([{ file: 'src/auth/login.ts', line: 5, kind: 'CALLS', from: 'login' }]);
        await writer.ensureIndexes();
        expect(await loading.read((reader) => reader.graphLookupsReady())).toBe(true);
        expect(await expandedFromLogin()).toEqual([['src/auth/token.ts', 'callee']]);
      } finally {
        await writer.close();
        await loading.close();
      }
    }, 60_000);

    it('lets a search read one index version while a writer publishes the next', async () => {
      const own = await fresh();
      const tree = makeTree({ 'a.txt': 'heron\n' });
      await indexFolder({ root: tree, store: own.location, workers: 0 });
      const reading = await openStore(own.location, { readonly: true, root: tree });
      try {
        const seen = await reading.read(async (reader) => {
          const version = await reader.indexVersion();
          const hits = (await searchCode(reader, normalizeSearchCodeParams({ query: 'heron', mode: 'exact' }))).total;
          writeTree(tree, { 'b.txt': 'heron again\n' });
          await indexFolder({ root: tree, store: own.location, workers: 0 });
          const later = await searchCode(reader, normalizeSearchCodeParams({ query: 'heron', mode: 'exact' }));
          return { version, hits, laterVersion: later.index_version, laterHits: later.total };
        });
        expect(seen.laterVersion).toBe(seen.version);
        expect(seen.laterHits).toBe(seen.hits);
        expect(await reading.indexVersion()).toBe(seen.version + 1);
        expect((await reading.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query: 'heron', mode: 'exact' })))).total).toBe(2);
      } finally {
        await reading.close();
      }
    }, 60_000);
  });
}
