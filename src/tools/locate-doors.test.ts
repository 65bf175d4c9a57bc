import fs from 'node:fs';
import path from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATE } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import { runCli, runCliJson } from '../test-support/cli.js';
import { startServe, type ServerProcess } from '../test-support/http-server.js';
import { TRACEBACK_ISSUE } from '../test-support/locate-fixture.js';
import { connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { copyFixture } from '../test-support/temp-tree.js';

/** o200k, the tokenizer of the models that read these answers. */
const o200k = getEncoding('o200k_base');

/**
 * The fixture plus twenty more real modules in long paths, so a top 10 is full
 * and its paths cost what deep project paths cost.
 */
function fixtureTree(): string {
  const root = copyFixture('locate');
  const cache = fs.readFileSync(path.join(root, 'minicache', 'cache.py'), 'utf8');
  for (let i = 0; i < 20; i++) {
    const dir = path.join(root, 'minicache', 'contrib', `storage_layer_${i}`, 'backends');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `sharded_file_cache_${i}.py`), cache.replaceAll('class FileCache', `class ShardedFileCache${i}`));
  }
  return root;
}

const validationFailed = (locale: 'en' | 'ja' | 'cs', key: 'locate.text_empty' | 'locate.no_words') =>
  message('search_code.validation_failed', { reason: message(key, {}, locale) }, locale);

describe('locate through MCP over stdio (official SDK client)', () => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdio(['--root', fixtureTree(), '--tools', 'code']);
  });
  afterAll(async () => { await session?.close(); });

  it('is listed with its contract: text of up to 20,000 characters, max_results, repository', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'locate')!;
    expect(tool.inputSchema).toMatchObject({
      required: ['text'],
      properties: { text: { maxLength: LOCATE.textMaxChars }, max_results: { maximum: LOCATE.maxResults.max, default: LOCATE.maxResults.default } },
    });
  });

  it('gives the model a compact text of the top 10 in at most 400 tokens, and the whole JSON as structuredContent', async () => {
    const result = await session.client.callTool({ name: 'locate', arguments: { text: TRACEBACK_ISSUE } });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    const json = result.structuredContent as any;
    expect(result.isError).not.toBe(true);
    expect(json.count).toBe(10);
    expect(json.files[0]).toMatchObject({ file: 'minicache/cache.py', kind: 'source' });
    expect(text.split('\n')[1]).toMatch(/^1\. minicache\/cache\.py FileCache\._cull:\d+.* - .*in the traceback \(line 78\)/);
    expect(text.split('\n')).toHaveLength(11);
    expect(o200k.encode(text).length).toBeLessThanOrEqual(400);
  });

  it('refuses empty text and text without words with the catalogue\'s words', async () => {
    for (const [text, key] of [['   ', 'locate.text_empty'], ['!!! ---', 'locate.no_words']] as const) {
      const result = await session.client.callTool({ name: 'locate', arguments: { text } });
      expect(result.isError).toBe(true);
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual({ ok: false, code: 'INVALID_ARGUMENT', error: validationFailed('en', key) });
    }
  });
});

describe('locate through REST and MCP over HTTP (quarry serve)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServe(fixtureTree(), ['--locale', 'cs', '--mcp-rate-limit', '4']);
  });
  afterAll(async () => { await server?.stop(); });

  const post = (body: unknown) => fetch(`${server.url}/api/tools/locate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers the full JSON, truncates text past 20,000 characters with a warning, and logs the call', async () => {
    const long = `${TRACEBACK_ISSUE}\n${'padding words '.repeat(2000)}`;
    expect(long.length).toBeGreaterThan(LOCATE.textMaxChars);
    const response = await post({ text: long, max_results: 3 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, count: 3, warnings: [message('locate.text_truncated', { max: LOCATE.textMaxChars }, 'cs')] });
    expect(body.files[0]).toMatchObject({ file: 'minicache/cache.py', kind: 'source' });
    expect(body.files[0].symbols[0]).toMatchObject({ name: 'FileCache._cull', kind: 'method' });
    expect(body.files[0].reasons.length).toBeGreaterThan(0);
    const line = server.lines().find((l) => l.event === 'mcp_tool_call' && l.tool === 'locate');
    expect(line).toMatchObject({ status: 'ok', params: { max_results: 3 } });
    expect(String(line!.params.text)).toContain(`(${long.length} chars)`);
  });

  it('refuses in the server\'s locale (Czech) and shares the MCP rate-limit window', async () => {
    const refused = await post({ text: '' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ARGUMENT', message: validationFailed('cs', 'locate.text_empty') });
    let status = 200;
    for (let i = 0; i < 4 && status !== 429; i++) status = (await post({ text: 'cull' })).status;
    expect(status).toBe(429);
  });
});

describe('quarry locate (the built CLI)', () => {
  const root = fixtureTree();
  beforeAll(async () => {
    expect((await runCli(['index', root])).code).toBe(0);
  });

  it('reads the text from a file and prints what a model reads', async () => {
    const file = path.join(root, 'issue.txt');
    fs.writeFileSync(file, TRACEBACK_ISSUE);
    const result = await runCli(['locate', '--file', file, '--root', root, '-n', '3']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // The hint names the CLI's own flag, not the tool parameter.
    expect(lines[0]).toMatch(/^3 of \d+ files, best first \(more: -n\)$/);
    expect(lines[1]).toMatch(/^1\. minicache\/cache\.py FileCache\._cull:/);
  });

  it('reads stdin, prints JSON with --json, and exits 1 when nothing matches', async () => {
    const found = await runCliJson(['locate', '--json', '--root', root], { input: 'validate_key accepts spaces' });
    expect(found.code).toBe(0);
    expect(found.json.files[0]).toMatchObject({ file: 'minicache/keys.py' });
    const none = await runCliJson(['locate', 'zzqx wvvy', '--json', '--root', root]);
    expect(none).toMatchObject({ code: 1, json: { ok: true, count: 0 } });
  });

  it('says what is wrong in Japanese, and refuses text given twice', async () => {
    const empty = await runCli(['locate', ' ', '--root', root, '--locale', 'ja']);
    expect(empty.code).toBe(2);
    expect(empty.stderr.trim()).toBe(`quarry: ${validationFailed('ja', 'locate.text_empty')}`);
    const twice = await runCli(['locate', 'x', '--file', 'y', '--root', root]);
    expect(twice.code).toBe(2);
    expect(twice.stderr.trim()).toBe(`quarry: ${message('locate.text_and_file')}`);
  });
});
