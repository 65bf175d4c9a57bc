import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TOOL_INPUT } from '../contracts/limits.js';
import { message, type Locale, type MessageKey, type MessageParams } from '../contracts/messages/index.js';
import { STRUCTURE } from '../contracts/structure-limits.js';
import { runCli, runCliJson } from '../test-support/cli.js';
import { connectHttp, startServe, type ServerProcess } from '../test-support/http-server.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { copyFixture } from '../test-support/temp-tree.js';

const failed = (key: MessageKey, params: MessageParams = {}, locale: Locale = 'en') =>
  message('search_code.validation_failed', { reason: message(key, params, locale) }, locale);

/** Nested `not` rules, `depth` deep. */
function deepRule(depth: number): Record<string, unknown> {
  let rule: Record<string, unknown> = { kind: 'identifier' };
  for (let i = 0; i < depth; i++) rule = { not: rule };
  return rule;
}

const VALID = 'c, python, go, rust, typescript, tsx, javascript, html, css';

/** Hostile inputs and the catalogue text each must get. */
const HOSTILE: { name: string; args: Record<string, unknown>; error: string }[] = [
  { name: 'an unparsable pattern', args: { pattern: 'g(', language: 'c' }, error: failed('structure.pattern_syntax_error', { param: 'pattern', language: 'c', near: 'g(' }) },
  { name: 'an unknown language', args: { pattern: 'foo($A)', language: 'cobol' }, error: failed('structure.language_unknown', { value: 'cobol', valid: VALID }) },
  { name: 'no language and paths that do not name one', args: { pattern: 'foo($A)', paths: ['src/'] }, error: failed('structure.language_required', { valid: VALID }) },
  {
    name: 'a rule with an unknown key', args: { language: 'c', rule: { kind: 'call_expression', hass: { kind: 'identifier' } } },
    error: failed('structure.rule_unknown_key', { key: 'hass', at: 'rule', known: 'pattern, kind, regex, nthChild, range, inside, has, precedes, follows, all, any, not' }),
  },
  { name: 'a node kind the language lacks', args: { language: 'c', rule: { kind: 'no_such_kind' } }, error: failed('structure.rule_rejected', { reason: '`rule` is not configured correctly. Rule contains invalid kind matcher. Invalid Kind Kind `no_such_kind` is invalid.' }) },
  { name: 'a 100 KB pattern', args: { pattern: 'x'.repeat(100_000), language: 'c' }, error: failed('search_code.too_long', { param: 'pattern', max: STRUCTURE.patternMaxChars, length: 100_000 }) },
  { name: 'a pattern nested 10,000 deep', args: { pattern: `${'f('.repeat(10_000)}${')'.repeat(10_000)}`, language: 'c' }, error: failed('search_code.too_long', { param: 'pattern', max: STRUCTURE.patternMaxChars, length: 30_000 }) },
  { name: 'a short pattern nested past the bound', args: { pattern: `${'f('.repeat(100)}x${')'.repeat(100)}`, language: 'c' }, error: failed('structure.pattern_too_deep', { param: 'pattern', depth: 100, max: STRUCTURE.patternMaxDepth }) },
  { name: 'a rule nested 1,000 deep', args: { language: 'c', rule: deepRule(1_000) }, error: message('tool.args_too_deep', { max: TOOL_INPUT.maxDepth }) },
  { name: 'a rule nested past its own bound', args: { language: 'c', rule: deepRule(STRUCTURE.ruleMaxDepth + 2) }, error: failed('structure.rule_too_deep', { max: STRUCTURE.ruleMaxDepth }) },
];

describe('search_structure through MCP over stdio (official SDK client)', () => {
  let session: StdioSession;
  beforeAll(async () => {
    // Searches wait for the door's index pass, so the answers here are about the whole fixture.
    session = await connectStdio(['--root', copyFixture('structure'), '--tools', 'code'], { QUARRY_INDEX_WAIT_MS: '120000' });
  });
  afterAll(async () => { await session?.close(); });

  it('is listed with its contract', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'search_structure')!;
    expect(tool.inputSchema).toMatchObject({
      properties: {
        pattern: { type: 'string', maxLength: STRUCTURE.patternMaxChars }, rule: { type: 'object' },
        max_results: { maximum: STRUCTURE.maxResults.max, default: STRUCTURE.maxResults.default },
      },
    });
  });

  it('answers each match with its place, code and captures, and a one-line-per-match text', async () => {
    const { isError, body, text } = await callJson(session.client, 'search_structure', { pattern: 'kmalloc_array($N, $S, $F)', language: 'c' });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ language: 'c', count: 3, total: 3, has_more: false, prefilter: { mode: 'literal', word: 'kmalloc_array' } });
    expect(body.matches[0]).toEqual({
      file: 'c/pool.c', repository: expect.any(String), start: { line: 10, column: 13 }, end: { line: 10, column: 51 },
      text: 'kmalloc_array(count, size, GFP_KERNEL)', captures: { N: 'count', S: 'size', F: 'GFP_KERNEL' },
    });
    expect(text.split('\n')).toEqual([
      '3 of 3 matches (c; candidates by "kmalloc_array", 2 files parsed)',
      'c/pool.c',
      '  10:13 kmalloc_array(count, size, GFP_KERNEL)  | N=count S=size F=GFP_KERNEL',
      '  11:13 kmalloc_array(count, sizeof(void *), GFP_ATOMIC | __GFP_NOWARN)  | N=count S=sizeof(void *) F=GFP_ATOMIC | __GFP_NOWARN',
      '  32:16 kmalloc_array(count, p->size, GFP_KERNEL)  | N=count S=p->size F=GFP_KERNEL',
    ]);
  });

  it('infers the language from paths, pages with skip, and takes a rule', async () => {
    const page = await callJson(session.client, 'search_structure', { pattern: '$X.unwrap()', paths: ['rust/*.rs'], max_results: 2, skip: 1 });
    expect(page.body).toMatchObject({ language: 'rust', count: 2, total: 3, has_more: false, next_skip: null });
    const rule = await callJson(session.client, 'search_structure', { language: 'python', rule: { pattern: 'open($$$A)', inside: { kind: 'try_statement', stopBy: 'end' } } });
    expect(rule.body.matches.map((m: any) => `${m.file}:${m.start.line}`)).toEqual(['python/cache.py:13', 'python/cache.py:22', 'python/settings.py:10']);
  });

  it.each(HOSTILE)('refuses $name with the catalogue\'s words, fast, and keeps answering', async ({ args, error }) => {
    const started = performance.now();
    const result = await callJson(session.client, 'search_structure', args);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result.isError).toBe(true);
    expect(result.body).toMatchObject({ ok: false, code: 'INVALID_ARGUMENT', error });
    const after = await callJson(session.client, 'search_structure', { pattern: 'JSON.parse($X)', language: 'ts' });
    expect(after.body.total).toBe(2);
  });
});

describe('search_structure through REST and MCP over HTTP (quarry serve)', () => {
  let server: ServerProcess;
  let client: Client;
  beforeAll(async () => {
    server = await startServe(copyFixture('structure'), ['--locale', 'cs'], 30_000, { QUARRY_INDEX_WAIT_MS: '120000' });
    client = await connectHttp(`${server.url}/mcp`);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  const post = (body: unknown) => fetch(`${server.url}/api/tools/search_structure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers POST /api/tools/search_structure with the whole JSON', async () => {
    const response = await post({ pattern: 'try:\n    $$$B\nexcept Exception:\n    pass', language: 'python' });
    expect(response.status).toBe(200);
    const body = await response.json();
    // Of the literal words (try, except, Exception, pass) the word index holds "pass" in the fewest chunks.
    expect(body).toMatchObject({ total: 2, prefilter: { mode: 'literal', word: 'pass' } });
    expect(body.matches.map((m: any) => `${m.file}:${m.start.line}`)).toEqual(['python/cache.py:12', 'python/cache.py:29']);
  });

  it('refuses a rule nested 10,000 deep (sent as raw JSON) in milliseconds, and answers the next search', async () => {
    const deep = `{"language":"c","rule":${'{"not":'.repeat(10_000)}{"kind":"identifier"}${'}'.repeat(10_000)}}`;
    const started = performance.now();
    const refused = await fetch(`${server.url}/api/tools/search_structure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ARGUMENT', message: message('tool.args_too_deep', { max: TOOL_INPUT.maxDepth }, 'cs') });
    expect((await (await post({ pattern: '$X.unwrap()', language: 'rust' })).json()).total).toBe(3);
  });

  it('refuses a hostile rule in the server\'s locale (Czech) while a search at the same time still answers', async () => {
    const [refused, answered] = await Promise.all([
      post({ language: 'go', rule: { kind: 'if_statement', hass: { kind: 'nil' } } }),
      post({ pattern: 'fmt.Errorf($F, $$$A)', language: 'go' }),
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: failed('structure.rule_unknown_key', { key: 'hass', at: 'rule', known: 'pattern, kind, regex, nthChild, range, inside, has, precedes, follows, all, any, not' }, 'cs'),
    });
    expect((await answered.json()).matches[0].captures).toEqual({ F: '"listen on %s: %w"', A: 's.addr, err' });
  });

  it('answers over MCP Streamable HTTP, saying so when a pattern without literal words scans the language\'s files', async () => {
    const { isError, body, text } = await callJson(client, 'search_structure', { pattern: 'if $C { $$$B }', language: 'go', detail_level: 'ultra' });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ total: 3, prefilter: { mode: 'scan', files_parsed: 1 }, warnings: [message('structure.scan', { language: 'go', parsed: 1 }, 'cs')] });
    expect(text.split('\n').slice(1, 3)).toEqual(['go/server.go', '  21:2 if s.closed { …']);
  });
});

describe('quarry structure (the built CLI)', () => {
  const root = copyFixture('structure');
  beforeAll(async () => {
    expect((await runCli(['index', root])).code).toBe(0);
  });

  it('prints one line per match with its captures, inferring the language from --path', async () => {
    const result = await runCli(['structure', 'fs::read_to_string($P)', '--path', 'rust/*.rs', '--root', root]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      '2 of 2 matches (rust; candidates by "read_to_string", 1 file parsed)',
      'rust/lib.rs',
      '  10:20 fs::read_to_string(path)  | P=path',
      '  30:16 fs::read_to_string(path)  | P=path',
    ]);
  });

  it('takes a rule as JSON, prints JSON with --json, and exits 1 when nothing matches', async () => {
    const rule = JSON.stringify({ kind: 'call_expression', has: { kind: 'identifier', regex: '^kfree$' } });
    const found = await runCliJson(['structure', '--rule', rule, '-l', 'c', '--json', '--root', root]);
    expect(found.code).toBe(0);
    expect(found.json).toMatchObject({ total: 3, matches: [{ file: 'c/pool.c', text: 'kfree(p->items)' }, {}, {}] });
    const none = await runCliJson(['structure', 'no_such_function($A)', '-l', 'c', '--json', '--root', root]);
    expect(none).toMatchObject({ code: 1, json: { total: 0, matches: [] } });
  });

  it('says what is wrong in Czech and exits 2', async () => {
    const bad = await runCli(['structure', 'g(', '-l', 'c', '--root', root, '--locale', 'cs']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(`quarry: ${failed('structure.pattern_syntax_error', { param: 'pattern', language: 'c', near: 'g(' }, 'cs')}`);
    const json = await runCli(['structure', '--rule', '{not json', '-l', 'c', '--root', root]);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--rule');
  });
});
