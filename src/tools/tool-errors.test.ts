/**
 * Every tool x every invalid-input class x en/ja/cs, through the real
 * callTool path: the answer is the catalogue's message in the caller's
 * language (compared with message(key, params, locale)), never zod's text.
 * One sample goes through the MCP SDK client over stdio; an unexpected
 * failure becomes a generic INTERNAL answer whose id the log line repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toQuarryError, type QuarryError } from '../contracts/errors.js';
import { LANGUAGES } from '../contracts/languages.js';
import { FIND_REFERENCES, LIVE, MEDICINES, SEARCH_CODE, TOOL_INPUT } from '../contracts/limits.js';
import { STRUCTURE } from '../contracts/structure-limits.js';
import { LOCALES, localesOf, message, messageKeys, type Locale, type MessageKey, type MessageParams } from '../contracts/messages/index.js';
import { toolSchema } from '../contracts/tool-input.js';
import { FD_TYPES } from '../live/fd.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';
import { toolJsonSchema } from '../server/mcp-server.js';
import { callTool } from './call-tool.js';
import { ToolContext } from './context.js';
import { ALL_TOOLS } from './registry.js';
import type { ToolCallLogLine } from './tool-log.js';
import { defineTool } from './types.js';

type Expect = (locale: Locale) => string;
type Case = [tool: string, kind: string, args: unknown, expected: Expect];

const root = makeTree({ 'a.txt': 'hello\n' });
const contexts = Object.fromEntries(LOCALES.map((locale) => [locale, new ToolContext({ root, locale, env: { PATH: process.env.PATH ?? '' } })])) as Record<Locale, ToolContext>;

/** The parameters a tool publishes, in order: the list an unknown-parameter message names. */
const known = (name: string) => Object.keys(toolJsonSchema(ALL_TOOLS.find((t) => t.name === name)!).properties as object).join(', ');
const type = (key: MessageKey) => (locale: Locale) => message(key, {}, locale);

/** search_code / find_references: the search_code contract's "Validation failed: ..." wrapper. */
const code = (key: MessageKey, params: MessageParams | ((l: Locale) => MessageParams) = {}): Expect => (locale) =>
  message('search_code.validation_failed', { reason: message(key, typeof params === 'function' ? params(locale) : params, locale) }, locale);
const plain = (key: MessageKey, params: MessageParams | ((l: Locale) => MessageParams) = {}): Expect => (locale) =>
  message(key, typeof params === 'function' ? params(locale) : params, locale);

const searchCode: Case[] = [
  ['search_code', 'missing required', {}, code('search_code.query_required')],
  ['search_code', 'wrong type', { query: 5 }, code('search_code.type_invalid', (l) => ({ param: 'query', expected: type('type.string')(l) }))],
  ['search_code', 'empty string', { query: '   ' }, code('search_code.query_empty')],
  ['search_code', 'below range', { query: 'x', max_results: 0 }, code('search_code.below_min', { param: 'max_results', min: 1, value: 0 })],
  ['search_code', 'above range', { query: 'x', skip: SEARCH_CODE.skip.max + 1 }, code('search_code.above_max', { param: 'skip', max: SEARCH_CODE.skip.max, value: SEARCH_CODE.skip.max + 1 })],
  ['search_code', 'not an integer', { query: 'x', snippet_lines: 2.5 }, code('search_code.not_integer', { param: 'snippet_lines', value: '2.5' })],
  ['search_code', 'wrong type (boolean)', { query: 'x', case_sensitive: 'yes' }, code('search_code.type_invalid', (l) => ({ param: 'case_sensitive', expected: type('type.boolean')(l) }))],
  ['search_code', 'unknown parameter', { query: 'x', limit: 3 }, code('search_code.unknown_param', { param: 'limit', known: known('search_code') })],
  ['search_code', 'bad enum', { query: 'x', mode: 'fuzzy' }, code('search_code.enum_invalid', { param: 'mode', value: 'fuzzy', valid: 'auto, text, exact, regex' })],
  ['search_code', 'bad language', { query: 'x', language: 'klingon' }, code('search_code.language_invalid', { value: 'klingon', valid: LANGUAGES.join(', ') })],
  ['search_code', 'too long', { query: 'x', repository: 'r'.repeat(SEARCH_CODE.repositoryMaxChars + 1) }, code('search_code.too_long', { param: 'repository', max: SEARCH_CODE.repositoryMaxChars, length: SEARCH_CODE.repositoryMaxChars + 1 })],
  ['search_code', 'traversal', { query: 'x', repository: '../etc' }, code('search_code.repository_traversal')],
  ['search_code', 'too many words', { query: Array.from({ length: SEARCH_CODE.queryMaxWords + 1 }, (_, i) => `w${i}`).join(' ') }, code('search_code.query_too_many_words', { count: SEARCH_CODE.queryMaxWords + 1, max: SEARCH_CODE.queryMaxWords })],
  ['search_code', 'not an object', ['x'], code('tool.args_not_object')],
];

const locate: Case[] = [
  ['locate', 'missing required', {}, code('search_code.param_required', { param: 'text' })],
  ['locate', 'wrong type', { text: 5 }, code('search_code.type_invalid', (l) => ({ param: 'text', expected: type('type.string')(l) }))],
  ['locate', 'empty string', { text: ' \n ' }, code('locate.text_empty')],
  ['locate', 'no words', { text: '--- !!! ---' }, code('locate.no_words')],
  ['locate', 'below range', { text: 'x', max_results: 0 }, code('search_code.below_min', { param: 'max_results', min: 1, value: 0 })],
  ['locate', 'not an integer', { text: 'x', max_results: 1.5 }, code('search_code.not_integer', { param: 'max_results', value: '1.5' })],
  ['locate', 'unknown parameter', { text: 'x', query: 'y' }, code('search_code.unknown_param', { param: 'query', known: known('locate') })],
  ['locate', 'traversal', { text: 'x', repository: '../etc' }, code('search_code.repository_traversal')],
];

const findReferences: Case[] = [
  ['find_references', 'missing required', {}, code('search_code.param_required', { param: 'symbol' })],
  ['find_references', 'wrong type', { symbol: 5 }, code('search_code.type_invalid', (l) => ({ param: 'symbol', expected: type('type.string')(l) }))],
  ['find_references', 'empty string', { symbol: ' ' }, code('search_code.param_empty', { param: 'symbol' })],
  ['find_references', 'too long', { symbol: 's'.repeat(FIND_REFERENCES.symbolMaxChars + 1) }, code('search_code.too_long', { param: 'symbol', max: FIND_REFERENCES.symbolMaxChars, length: FIND_REFERENCES.symbolMaxChars + 1 })],
  ['find_references', 'above range', { symbol: 'f', max_results: FIND_REFERENCES.maxResults.max + 1 }, code('search_code.above_max', { param: 'max_results', max: FIND_REFERENCES.maxResults.max, value: FIND_REFERENCES.maxResults.max + 1 })],
  ['find_references', 'bad enum', { symbol: 'f', kind: 'uses' }, code('search_code.enum_invalid', { param: 'kind', value: 'uses', valid: 'calls, extends, implements, imports, all' })],
  ['find_references', 'unknown parameter', { symbol: 'f', query: 'x' }, code('search_code.unknown_param', { param: 'query', known: known('find_references') })],
];

const structure: Case[] = [
  ['search_structure', 'neither pattern nor rule', { language: 'c' }, code('structure.pattern_or_rule')],
  ['search_structure', 'empty pattern', { pattern: '  ', language: 'c' }, code('structure.pattern_empty')],
  ['search_structure', 'unknown language', { pattern: 'f($A)', language: 'cobol' }, code('structure.language_unknown', { value: 'cobol', valid: 'c, python, go, rust, typescript, tsx, javascript, html, css' })],
  ['search_structure', 'rule with an unknown key', { language: 'c', rule: { kind: 'call_expression', hass: {} } }, code('structure.rule_unknown_key', { key: 'hass', at: 'rule', known: 'pattern, kind, regex, nthChild, range, inside, has, precedes, follows, all, any, not' })],
  ['search_structure', 'rule value of the wrong shape', { language: 'c', rule: { all: {} } }, code('structure.rule_value', { at: 'rule.all', expected: 'non-empty array of rules' })],
  ['search_structure', 'above range', { pattern: 'f($A)', language: 'c', skip: STRUCTURE.skip.max + 1 }, code('search_code.above_max', { param: 'skip', max: STRUCTURE.skip.max, value: STRUCTURE.skip.max + 1 })],
  ['search_structure', 'path outside the project', { pattern: 'f($A)', paths: ['../etc/*.c'] }, code('structure.path_outside', { value: '../etc/*.c' })],
  ['search_structure', 'unknown parameter', { pattern: 'f($A)', language: 'c', query: 'x' }, code('search_code.unknown_param', { param: 'query', known: known('search_structure') })],
];

const live: Case[] = [
  ['list_files', 'missing required', {}, plain('live.roots_required')],
  ['list_files', 'empty array', { roots: [] }, plain('live.roots_required')],
  ['list_files', 'wrong type', { roots: '.' }, plain('live.type_invalid', (l) => ({ param: 'roots', expected: type('type.array')(l) }))],
  ['list_files', 'below range', { roots: ['.'], depth: -1 }, plain('live.below_min', { param: 'depth', min: 0, value: -1 })],
  ['list_files', 'not an integer', { roots: ['.'], limit: '10' }, plain('live.not_integer', { param: 'limit', value: '"10"' })],
  ['list_files', 'bad enum', { roots: ['.'], types: ['q'] }, plain('live.enum_invalid', { param: 'types', value: 'q', valid: FD_TYPES.join(', ') })],
  ['list_files', 'bad size', { roots: ['.'], size: ['big'] }, plain('live.size_invalid', { param: 'size', value: 'big' })],
  ['list_files', 'unknown parameter', { roots: ['.'], query: 'x' }, plain('live.unknown_param', { param: 'query', known: known('list_files') })],
  ['search_content', 'missing required', { roots: ['.'] }, plain('live.param_required', { param: 'query' })],
  ['search_content', 'empty string', { roots: ['.'], query: '' }, plain('live.param_empty', { param: 'query' })],
  ['search_content', 'no paths', { query: 'x' }, plain('live.paths_required')],
  ['search_content', 'wrong type', { roots: ['.'], query: 'x', word: 'yes' }, plain('live.type_invalid', (l) => ({ param: 'word', expected: type('type.boolean')(l) }))],
  ['search_content', 'below range', { roots: ['.'], query: 'x', timeout_ms: 0 }, plain('live.below_min', { param: 'timeout_ms', min: LIVE.timeoutMs.min, value: 0 })],
  ['search_content', 'bad enum', { roots: ['.'], query: 'x', case: 'loud' }, plain('live.enum_invalid', { param: 'case', value: 'loud', valid: 'smart, insensitive, sensitive' })],
  ['search_content', 'bad size', { roots: ['.'], query: 'x', max_filesize: 'huge' }, plain('live.size_invalid', { param: 'max_filesize', value: 'huge' })],
  ['search_content', 'exclusive flags', { roots: ['.'], query: 'x', total_only: true, summary_only: true }, plain('live.exclusive', { a: 'total_only', b: 'summary_only', cheaper: 'total_only=true', tokens: '~10 tokens' })],
  ['search_content', 'unknown parameter', { roots: ['.'], query: 'x', limit: 3 }, plain('live.unknown_param', { param: 'limit', known: known('search_content') })],
  ['find_and_grep', 'missing required', { query: 'x' }, plain('live.roots_required')],
  ['find_and_grep', 'empty string', { roots: ['.'], query: '' }, plain('live.param_empty', { param: 'query' })],
  ['find_and_grep', 'below range', { roots: ['.'], query: 'x', file_limit: 0 }, plain('live.below_min', { param: 'file_limit', min: 1, value: 0 })],
  ['find_and_grep', 'bad enum', { roots: ['.'], query: 'x', sort: 'name' }, plain('live.enum_invalid', { param: 'sort', value: 'name', valid: 'path, mtime, size' })],
  ['find_and_grep', 'unknown parameter', { roots: ['.'], query: 'x', files: ['a.txt'] }, plain('live.unknown_param', { param: 'files', known: known('find_and_grep') })],
];

const stringRule = (name: string) => plain('medicines.param_string', { name });
const arrayRule = plain('medicines.param_string_array', { name: 'sukl_codes' });
const medicines: Case[] = [
  ['search-medicine', 'missing required', {}, stringRule('query')],
  ['search-medicine', 'wrong type', { query: 42 }, stringRule('query')],
  ['search-medicine', 'empty string', { query: '  ' }, stringRule('query')],
  ['search-medicine', 'too long', { query: 'x'.repeat(MEDICINES.queryMaxChars + 1) }, plain('medicines.query_too_long', { max: MEDICINES.queryMaxChars })],
  ['search-medicine', 'not a number', { query: 'x', limit: 'ten' }, plain('medicines.param_number', { name: 'limit' })],
  ['search-medicine', 'unknown parameter', { query: 'x', max_results: 5 }, plain('medicines.unknown_param', { name: 'max_results', known: known('search-medicine') })],
  ...['get-medicine-details', 'check-availability', 'get-reimbursement', 'get-pil-content', 'get-spc-content'].flatMap((tool): Case[] => [
    [tool, 'missing required', {}, stringRule('sukl_code')],
    [tool, 'wrong type', { sukl_code: 113 }, stringRule('sukl_code')],
    [tool, 'empty string', { sukl_code: '' }, stringRule('sukl_code')],
    [tool, 'unknown parameter', { sukl_code: '113', code: '113' }, plain('medicines.unknown_param', { name: 'code', known: known(tool) })],
  ]),
  ['get-pil-content', 'below range', { sukl_code: '113', section: -1 }, plain('medicines.param_min', { name: 'section', min: 0 })],
  ['get-spc-content', 'not an integer', { sukl_code: '113', section: 1.5 }, plain('medicines.param_number', { name: 'section' })],
  ['find-pharmacies', 'empty string', { city: ' ' }, stringRule('city')],
  ['find-pharmacies', 'wrong type', { postal_code: 11000 }, stringRule('postal_code')],
  ['find-pharmacies', 'unknown parameter', { town: 'Praha' }, plain('medicines.unknown_param', { name: 'town', known: known('find-pharmacies') })],
  ['get-atc-info', 'missing required', {}, stringRule('atc_code')],
  ['get-atc-info', 'not a number', { atc_code: 'N02', medicines_limit: '5' }, plain('medicines.param_number', { name: 'medicines_limit' })],
  ['batch-check-availability', 'missing required', {}, arrayRule],
  ['batch-check-availability', 'empty array', { sukl_codes: [] }, arrayRule],
  ['batch-check-availability', 'bad item', { sukl_codes: ['113', ''] }, arrayRule],
  ['batch-check-availability', 'too many', { sukl_codes: Array.from({ length: MEDICINES.batchMaxCodes + 1 }, (_, i) => String(i + 1)) }, plain('medicines.too_many_codes', { max: MEDICINES.batchMaxCodes })],
];

const CASES = [...searchCode, ...locate, ...findReferences, ...structure, ...live, ...medicines];

/** Words zod, SQLite and Node put in their own error texts. */
const RAW = /Invalid input|expected \w+, received|Too (small|big)|✖|SQLITE|ENOENT|ZodError/;

async function failure(tool: string, args: unknown, ctx: ToolContext): Promise<QuarryError> {
  try {
    await callTool(tool, args, ctx);
  } catch (error) {
    return toQuarryError(error);
  }
  throw new Error(`${tool} ${JSON.stringify(args)} did not fail`);
}

describe('every tool x every invalid-input class x every locale answers from the catalogue', () => {
  it('covers every tool', () => {
    expect(new Set(CASES.map(([tool]) => tool))).toEqual(new Set(ALL_TOOLS.map((t) => t.name)));
  });

  it.each(LOCALES.flatMap((locale) => CASES.map(([tool, kind, args, expected]) => [locale, tool, kind, args, expected] as const)))(
    '%s: %s, %s',
    async (locale, tool, _kind, args, expected) => {
      const error = await failure(tool, args, contexts[locale]);
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.message).toBe(expected(locale));
      expect(error.message).not.toMatch(RAW);
    },
  );

  it('the texts differ by locale, in each language\'s own script and words', async () => {
    const [en, ja, cs] = await Promise.all((['en', 'ja', 'cs'] as const).map((l) => failure('search_content', { query: '', roots: ['.'] }, contexts[l])));
    expect(en!.message).toBe('query must not be empty.');
    expect(ja!.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(cs!.message).toMatch(/nesmí|prázdný/);
  });

  it('the locale parameter wins over the door\'s locale for search_content too (not zod\'s English)', async () => {
    const error = await failure('search_content', { query: '', roots: ['.'], locale: 'ja' }, contexts.en);
    expect(error.message).toBe(message('live.param_empty', { param: 'query' }, 'ja'));
  });

  it('medicines answer in Czech unless a locale is asked for', async () => {
    const error = await failure('get-atc-info', {}, new ToolContext({ root, env: { LANG: 'en_US.UTF-8' } }));
    expect(error.message).toBe("Parametr 'atc_code' musí být neprázdný řetězec.");
  });

  it('errors raised after parsing (no index) come in the caller\'s locale too', async () => {
    const error = await failure('search_code', { query: 'x' }, contexts.ja);
    expect(error.code).toBe('INDEX_MISSING');
    expect(error.message).toMatch(/インデックスがありません/);
  });

  it('a valid call clamps with a warning in the caller\'s locale', async () => {
    const ctx = contexts.cs;
    const reply = await callTool('list_files', { roots: ['.'], limit: LIVE.listLimit.max + 1 }, ctx) as { warnings: string[] };
    expect(reply.warnings).toContain(message('live.clamped', { param: 'limit', value: LIVE.listLimit.max + 1, max: LIVE.listLimit.max }, 'cs'));
  });
});

describe('arguments nested thousands deep', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 5000; i++) deep = [deep];
  it.each(ALL_TOOLS.map((t) => t.name))('%s refuses them with the catalogue message, in every locale (no stack overflow)', async (tool) => {
    for (const locale of LOCALES) {
      const error = await failure(tool, { query: deep }, contexts[locale]);
      expect([error.code, error.message]).toEqual(['INVALID_ARGUMENT', message('tool.args_too_deep', { max: TOOL_INPUT.maxDepth }, locale)]);
    }
  });
});

describe('tool messages are complete', () => {
  it('every key a tool can answer with has en, ja and cs texts', () => {
    const areas = /^(tool|type|index|search|internal|search_code|live|medicines|http|project|conversation|file|files)\b/;
    // The MCP contract fixes the 429 text byte for byte in every locale.
    const missing = messageKeys().filter((key) => areas.test(key) && key !== 'http.mcp_rate_limited' && localesOf(key).length !== LOCALES.length);
    expect(missing).toEqual([]);
  });
});

describe('an unexpected error never shows its own text', () => {
  const broken = defineTool({
    name: 'broken', title: 'Broken', group: 'code', description: 'Fails like a library would.',
    inputSchema: toolSchema({ x: z.string().optional() }),
    run: async () => { throw new Error('SQLITE_CORRUPT: database disk image is malformed at /secret/path'); },
  });

  it.each(LOCALES)('becomes INTERNAL with an id the log line repeats beside the cause (%s)', async (locale) => {
    const lines: ToolCallLogLine[] = [];
    let error: QuarryError | undefined;
    try {
      await callTool('broken', {}, contexts[locale], { tools: [broken], log: (line) => lines.push(line) });
    } catch (e) {
      error = e as QuarryError;
    }
    expect(error?.code).toBe('INTERNAL');
    const id = error!.details.error_id as string;
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(error!.message).toBe(message('internal', { id }, locale));
    expect(error!.message).not.toContain('SQLITE');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 'error', code: 'INTERNAL', error_id: id, error: error!.message });
    expect(lines[0]!.cause).toContain('SQLITE_CORRUPT: database disk image is malformed');
  });
});

describe('through the MCP SDK client over stdio', () => {
  let session: StdioSession;
  beforeAll(async () => { session = await connectStdio(['--root', root, '--no-refresh', '--tools', 'code,live,medicines'], { QUARRY_LOCALE: 'cs' }); });
  afterAll(async () => { await session?.close(); });

  it('answers the issue\'s example in Japanese, and the door\'s Czech otherwise', async () => {
    const ja = await callJson(session.client, 'search_content', { query: '', roots: ['.'], locale: 'ja' });
    expect(ja).toMatchObject({ isError: true, body: { ok: false, code: 'INVALID_ARGUMENT', error: message('live.param_empty', { param: 'query' }, 'ja') } });
    const cs = await callJson(session.client, 'search_code', { query: 'x', max_results: 0 });
    expect(cs.body.error).toBe(code('search_code.below_min', { param: 'max_results', min: 1, value: 0 })('cs'));
  });

  it('publishes exact ranges, enums and defaults in tools/list', async () => {
    const { tools } = await session.client.listTools();
    const search = tools.find((t) => t.name === 'search_code')!.inputSchema as Record<string, any>;
    expect(search.properties.max_results).toEqual({ type: 'integer', minimum: SEARCH_CODE.maxResults.min, maximum: SEARCH_CODE.maxResults.max, default: SEARCH_CODE.maxResults.default });
    expect(search.properties.query).toMatchObject({ minLength: 1, maxLength: SEARCH_CODE.queryMaxChars });
    expect(search.properties.mode.enum).toEqual(['auto', 'text', 'exact', 'regex']);
    const content = tools.find((t) => t.name === 'search_content')!.inputSchema as Record<string, any>;
    expect(content.properties.timeout_ms).toMatchObject({ minimum: LIVE.timeoutMs.min, maximum: LIVE.timeoutMs.max });
    const batch = tools.find((t) => t.name === 'batch-check-availability')!.inputSchema as Record<string, any>;
    expect(batch.properties.sukl_codes).toMatchObject({ minItems: 1, maxItems: MEDICINES.batchMaxCodes });
  });
});
