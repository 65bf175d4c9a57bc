import { beforeAll, describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { makeTree } from '../test-support/temp-tree.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { SEARCH_CODE } from '../contracts/limits.js';
import { searchCode, type SearchCodeResponse } from './engine.js';

let store: SqliteIndex;

beforeAll(async () => {
  const files: Record<string, string> = {
    'db/migrate.sql': '-- cleanup\nDROP TABLE users; --\nCREATE TABLE users (id int);\n',
    'web/page.html': '<html><body><script>alert("hi")</script></body></html>\n',
    'src/config.ts': 'export function parseConfigFile(path: string) {\n  return readConfig(path);\n}\n',
    'src/retry.py': 'def retry_with_backoff(fn):\n    """Retry fn with exponential backoff."""\n    return fn()\n',
    'docs/guide.md': '# Guide\nThe retry policy uses exponential backoff between attempts.\n',
    'src/steps.ts': ['const zetaOne = 1;', 'const two = 2;', 'const three = 3;', 'const four = 4;', 'const zetaFive = 5;', 'const six = 6;', 'const seven = 7;',
      `const zetaLong = '${'x'.repeat(700)}';`, 'const nine = 9;', ''].join('\n'),
  };
  // Many files with a common word, to page through.
  for (let i = 0; i < 45; i++) files[`many/file${String(i).padStart(2, '0')}.txt`] = `common marker line ${i}\nother text\ncommon marker again ${i}\n`;
  const root = makeTree(files);
  const summary = await indexFolder({ root });
  store = SqliteIndex.open(summary.index);
  return () => store.close();
});

function search(args: Record<string, unknown>): Promise<SearchCodeResponse> {
  return store.read((reader) => searchCode(reader, normalizeSearchCodeParams(args)));
}

describe('search_code over a real index', () => {
  it('finds identifiers by their words (camelCase and snake_case split)', async () => {
    expect((await search({ query: 'parse config' })).items[0]!.file).toBe('src/config.ts');
    expect((await search({ query: 'retry backoff', language: 'python' })).items.map((i) => i.file)).toEqual(['src/retry.py']);
  });

  it('searches SQL and markup in queries literally and finds the files that contain them', async () => {
    const sql = (await search({ query: 'DROP TABLE users; --', mode: 'exact' }));
    expect(sql.items.map((i) => `${i.file}:${i.start_line}`)).toEqual(['db/migrate.sql:2']);
    expect(sql.warnings?.join(' ')).toContain('SQL injection');
    const script = (await search({ query: '<script>', mode: 'exact' }));
    expect(script.items.map((i) => i.file)).toEqual(['web/page.html']);
    expect((await search({ query: 'DROP TABLE users' })).items[0]!.file).toBe('db/migrate.sql');
    // The table survived the query.
    expect(store.sqlite.counts().files).toBeGreaterThan(40);
  });

  it.each(['OR 1=1', '"; DROP TABLE users; --', '* OR *', 'NEAR(a b)', 'body:secret', '"unbalanced', "it's", '-- comment', '^start'])(
    'never lets FTS5 syntax in %j cause an error', async (query) => {
      const result = (await search({ query }));
      expect(result.ok).toBe(true);
      expect(result.total).toBeGreaterThanOrEqual(result.count);
    },
  );

  it('requires quoted phrases in every hit and reports them as exact_terms', async () => {
    const result = (await search({ query: '"exponential backoff" retry' }));
    expect(result.exact_terms).toEqual(['exponential backoff']);
    expect(result.items.length).toBe(2);
    for (const item of result.items) expect(item.snippet!.toLowerCase()).toContain('exponential backoff');
    expect((await search({ query: 'retry' })).exact_terms).toBeNull();
  });

  it('pages without overlap or gaps, with exact totals (text mode)', async () => {
    const seen: string[] = [];
    let skip = 0;
    let total = -1;
    for (;;) {
      const page = (await search({ query: 'common marker', max_results: 7, skip }));
      total = page.total;
      expect(page.count).toBe(page.items.length);
      seen.push(...page.items.map((i) => i.id));
      if (!page.has_more) { expect(page.next_skip).toBeNull(); break; }
      expect(page.next_skip).toBe(skip + page.count);
      skip = page.next_skip!;
    }
    expect(total).toBe(45);
    expect(new Set(seen).size).toBe(45);
  });

  it('counts matching lines in exact mode and pages through them in file order', async () => {
    const first = (await search({ query: 'common marker', mode: 'exact', max_results: SEARCH_CODE.maxResults.max }));
    expect(first.total).toBe(90);
    expect(first.items[0]).toMatchObject({ file: 'many/file00.txt', start_line: 1, end_line: 1 });
    expect(first.items[1]).toMatchObject({ file: 'many/file00.txt', start_line: 3 });
    const lines: string[] = [];
    for (let skip = 0; skip < first.total; skip += 20) lines.push(...(await search({ query: 'common marker', mode: 'exact', max_results: 20, skip })).items.map((i) => `${i.file}:${i.start_line}`));
    expect(new Set(lines).size).toBe(90);
  });

  it('is case-insensitive in exact mode and case-sensitive in regex mode unless told otherwise', async () => {
    expect((await search({ query: 'COMMON MARKER LINE 7', mode: 'exact' })).total).toBe(1);
    expect((await search({ query: 'COMMON MARKER LINE 7', mode: 'exact', case_sensitive: true })).total).toBe(0);
    expect((await search({ query: 'COMMON marker', mode: 'regex' })).total).toBe(0);
    expect((await search({ query: 'COMMON marker', mode: 'regex', case_sensitive: false })).total).toBe(90);
  });

  it('returns highlights at match positions, never null', async () => {
    const hit = (await search({ query: 'readConfig', mode: 'exact' })).items[0]!;
    expect(hit.highlights).toEqual({ '2': [[9, 19]] });
    const none = (await search({ query: 'guide', detail_level: 'ultra' })).items[0]!;
    expect(none.highlights).toBeTypeOf('object');
  });

  it('shapes items by detail level', async () => {
    const full = (await search({ query: 'retry backoff', language: 'python' })).items[0]!;
    expect(full.snippet).toContain('def retry_with_backoff');
    expect(full.token_count).toBeGreaterThan(0);
    const compact = (await search({ query: 'retry backoff', language: 'python', detail_level: 'compact' })).items[0]!;
    expect(compact.snippet!.split('\n').length).toBeLessThanOrEqual(3);
    expect(compact.token_count).toBeUndefined();
    const ultra = (await search({ query: 'retry backoff', language: 'python', detail_level: 'ultra' })).items[0]!;
    expect(ultra.line).toBe('src/retry.py:1: def retry_with_backoff(fn):');
    expect(ultra.snippet).toBeUndefined();
    for (const item of [full, compact, ultra]) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'file', 'repository', 'language', 'relevance', 'highlights', 'start_line', 'end_line']));
      expect(item.relevance).toBeGreaterThanOrEqual(0);
    }
  });

  it('cuts snippets to snippet_lines around the first match', async () => {
    const item = (await search({ query: '"CREATE TABLE"', snippet_lines: 1 })).items[0]!;
    expect(item.snippet).toBe('CREATE TABLE users (id int);');
    expect(item.snippet_start_line).toBe(3);
  });

  it('gives an exact or regex hit two lines of context each side in its snippet, the item staying the matched line', async () => {
    const hits = (await search({ query: 'zeta[A-Z]', mode: 'regex' })).items;
    expect(hits.map((i) => [i.start_line, i.end_line])).toEqual([[1, 1], [5, 5], [8, 8]]);
    const [first, middle, long] = hits;
    // The chunk's first line has nothing before it: the snippet starts at the line itself.
    expect(first!.snippet).toBe('const zetaOne = 1;\nconst two = 2;\nconst three = 3;');
    expect(first!.snippet_start_line).toBeUndefined();
    expect(middle!.snippet).toBe('const three = 3;\nconst four = 4;\nconst zetaFive = 5;\nconst six = 6;\nconst seven = 7;');
    expect(middle!.snippet_start_line).toBe(3);
    expect(middle!.highlights).toEqual({ 5: [[6, 11]] });
    // A long matched line is still cut around its match, its context kept whole.
    const longLines = long!.snippet!.split('\n');
    expect(longLines.map((l) => l.length < 100 ? l : 'cut')).toEqual(['const six = 6;', 'const seven = 7;', 'cut', 'const nine = 9;']);
    expect(long!.line_truncated).toBe(true);
    expect(longLines[2]!.slice(long!.highlights['8']![0]![0], long!.highlights['8']![0]![1])).toBe('zetaL');
    const compact = (await search({ query: 'zetaFive', mode: 'exact', detail_level: 'compact' })).items[0]!;
    expect([compact.snippet, compact.snippet_start_line]).toEqual(['const four = 4;\nconst zetaFive = 5;\nconst six = 6;', 4]);
    const ultra = (await search({ query: 'zetaFive', mode: 'exact', detail_level: 'ultra' })).items[0]!;
    expect(ultra.line).toBe('src/steps.ts:5: const zetaFive = 5;');
    expect((await search({ query: 'zetaFive', mode: 'exact', snippet_lines: 1 })).items[0]!.snippet).toBe('const zetaFive = 5;');
  });

  it('ranks by bm25 with positive relevance, higher first', async () => {
    const result = (await search({ query: 'backoff', mode: 'text' }));
    expect(result.items.length).toBe(2);
    expect(result.items[0]!.relevance).toBeGreaterThan(0);
    expect(result.items[0]!.relevance).toBeGreaterThanOrEqual(result.items[1]!.relevance);
    // The Python file names "backoff" in its identifier and docstring: it outranks the guide's single mention.
    expect(result.items[0]!.file).toBe('src/retry.py');
  });

  it('falls back to any term when all terms together match nothing', async () => {
    const result = (await search({ query: 'exponential zebra' }));
    expect(result.matched).toBe('any_term');
    expect(result.total).toBe(2);
  });

  it('refuses an invalid regex with a clear error', async () => {
    await expect(search({ query: '(unclosed', mode: 'regex' })).rejects.toThrow(/Validation failed: Invalid regular expression/);
    await expect(search({ query: '(?<=x)y', mode: 'regex' })).rejects.toThrow(/Invalid regular expression/);
    // The reason quotes the pattern as it was typed, without the line-mode flag the engine adds.
    const error = await search({ query: 'retry(', mode: 'regex' }).catch((e: Error) => e);
    expect((error as Error).message).toBe('Validation failed: Invalid regular expression: missing ): retry(');
  });

  it('filters by repository and language', async () => {
    expect((await search({ query: 'common', repository: 'no-such-repo' })).total).toBe(0);
    expect((await search({ query: 'retry', language: 'markdown' })).items.map((i) => i.file)).toEqual(['docs/guide.md']);
  });
});
