import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TOOL_TEXT } from '../contracts/limits.js';
import { connectHttp, postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { copyFixture } from '../test-support/temp-tree.js';

/** A text reply read back: its header, the lines before the first file, and each file's rows. */
interface ReadText {
  header: string;
  preamble: string[];
  files: { file: string; rows: { line: number; matched: boolean; text: string }[] }[];
}

const ROW = /^(\d+)([:-])(?: (.*))?$/;

function readText(text: string): ReadText {
  const [header = '', ...rest] = text.split('\n');
  const out: ReadText = { header, preamble: [], files: [] };
  for (const line of rest) {
    const row = ROW.exec(line);
    const current = out.files.at(-1);
    if (row && current) current.rows.push({ line: Number(row[1]), matched: row[2] === ':', text: row[3] ?? '' });
    else if (out.files.length === 0 && /^(warning|did you mean|synonyms|hints): /.test(line)) out.preamble.push(line);
    else out.files.push({ file: line, rows: [] });
  }
  return out;
}

function expectGrouped(read: ReadText, files: readonly string[]): void {
  const headers = read.files.map((f) => f.file);
  expect(new Set(headers).size, 'each file is listed once').toBe(headers.length);
  expect(new Set(headers)).toEqual(new Set(files));
  for (const { rows } of read.files) {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.line)).toEqual([...rows.map((r) => r.line)].sort((a, b) => a - b));
  }
}

const rowsOf = (read: ReadText, file: string) => read.files.find((f) => f.file === file)!.rows;

describe('MCP text content: the compact rendering a model reads', () => {
  let root: string;
  let session: StdioSession;

  beforeAll(async () => {
    root = copyFixture('kernel-uapi');
    session = await connectStdio(['--root', root]);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('search_code ultra: a header with count, total and the cursor, hits grouped by file, one `line: text` row each', async () => {
    const { body, text } = await callJson(session.client, 'search_code', { query: 'socket buffer size', max_results: 20, detail_level: 'ultra' });
    expect(body.count).toBe(20);
    const read = readText(text);
    expect(read.header).toBe(`20 of ${body.total} chunks (text, ${body.query_type}${body.matched === 'any_term' ? ', any term' : ''}); more: cursor "${body.next_cursor}"`);
    expectGrouped(read, body.items.map((i: any) => i.file));
    for (const item of body.items) {
      const [, line, shown] = /^.*?:(\d+): (.*)$/.exec(item.line.slice(item.file.length))!;
      const row = rowsOf(read, item.file).find((r) => r.line === Number(line));
      expect(row?.matched).toBe(true);
      const squeezed = shown!.replace(/\s+/g, ' ');
      if (squeezed.length <= TOOL_TEXT.ultraRowMaxChars) expect(row!.text).toBe(squeezed);
      else expect(row!.text.length).toBeLessThanOrEqual(TOOL_TEXT.ultraRowMaxChars + 2);
    }
    expect(text).not.toContain('"relevance"');
    expect(text).not.toContain(body.items[0].id);
    expect(text.length).toBeLessThan(JSON.stringify(body).length / 3);
  });

  it('search_code compact and full: each hit\'s matched lines are `line:` rows, its context `line-` rows', async () => {
    for (const level of ['compact', 'full'] as const) {
      const { body, text } = await callJson(session.client, 'search_code', { query: 'sockaddr', mode: 'exact', max_results: 10, detail_level: level });
      const read = readText(text);
      expect(read.header.startsWith(`10 of ${body.total} lines (exact); more: cursor "`)).toBe(true);
      expectGrouped(read, body.items.map((i: any) => i.file));
      for (const item of body.items) {
        const rows = rowsOf(read, item.file);
        for (const line of Object.keys(item.highlights)) expect(rows.find((r) => r.line === Number(line))?.matched, `${item.file}:${line}`).toBe(true);
      }
    }
    const { body, text } = await callJson(session.client, 'search_code', { query: 'socket address', max_results: 5, detail_level: 'compact' });
    const read = readText(text);
    const context = read.files.flatMap((f) => f.rows).filter((r) => !r.matched);
    expect(context.length).toBeGreaterThan(0);
    for (const row of context) expect(row.text).toMatch(/[\p{L}\p{N}]/u);
    expect(body.items.every((i: any) => i.snippet !== undefined)).toBe(true);
  });

  it('the cursor in the header pages on, exactly as next_skip does', async () => {
    const first = await callJson(session.client, 'search_code', { query: 'sockaddr', mode: 'exact', max_results: 5, detail_level: 'ultra' });
    const cursor = /cursor "([^"]+)"/.exec(first.text)![1];
    const viaText = await callJson(session.client, 'search_code', { query: 'sockaddr', mode: 'exact', max_results: 5, detail_level: 'ultra', cursor });
    const viaSkip = await callJson(session.client, 'search_code', { query: 'sockaddr', mode: 'exact', max_results: 5, detail_level: 'ultra', skip: 5 });
    expect(viaText.body.items.map((i: any) => i.id)).toEqual(viaSkip.body.items.map((i: any) => i.id));
    expect(viaText.text.split('\n').slice(1)).toEqual(viaSkip.text.split('\n').slice(1));
  });

  it('live tools and find_references render as rows too; a bare count stays a number with no structuredContent', async () => {
    const grouped = await callJson(session.client, 'search_content', { roots: ['.'], query: 'SIOC[A-Z]+', group_by_file: true, max_results: 20 });
    const read = readText(grouped.text);
    expect(read.header).toBe(`20 of ${grouped.body.total_matches} matches in ${grouped.body.file_count} files`);
    expectGrouped(read, grouped.body.files.map((f: any) => f.file));
    expect(read.files.flatMap((f) => f.rows).every((r) => r.text.includes('«SIOC'))).toBe(true);

    const result = await session.client.callTool({ name: 'search_content', arguments: { roots: ['.'], query: 'SIOC[A-Z]+', total_only: true } });
    expect(result.content).toEqual([{ type: 'text', text: String(grouped.body.total_matches) }]);
    expect(result.structuredContent).toBeUndefined();

    const refs = await callJson(session.client, 'find_references', { symbol: 'linux/socket.h', kind: 'imports' });
    expect(refs.body.total).toBeGreaterThan(1);
    const readRefs = readText(refs.text);
    expect(readRefs.header).toBe(`${refs.body.count} of ${refs.body.total} references to linux/socket.h (imports)`);
    expect(readRefs.files[0]!.file).toBe('references:');

    const list = await callJson(session.client, 'list_files', { roots: ['linux'], extensions: ['h'], absolute: false });
    expect(list.text.split('\n')).toEqual([`${list.body.count} of ${list.body.total} entries`, 'linux:', ...list.body.files.map((f: any) => f.path.slice('linux/'.length))]);
  });

  it('errors keep their JSON body as text', async () => {
    const { isError, body, text } = await callJson(session.client, 'search_code', { query: '   ' });
    expect(isError).toBe(true);
    expect(JSON.parse(text)).toEqual(body);
  });

  it('--no-structured-content sends the same text and no JSON beside it', async () => {
    const plain = await connectStdio(['--root', root, '--no-refresh', '--no-structured-content']);
    try {
      const args = { query: 'sockaddr', mode: 'exact', max_results: 3, detail_level: 'ultra' };
      const bare = await plain.client.callTool({ name: 'search_code', arguments: args });
      expect(bare.structuredContent).toBeUndefined();
      const full = await callJson(session.client, 'search_code', args);
      const bareText = (bare.content as { text: string }[])[0]!.text;
      // The cursor carries its issue time, so compare past the header.
      expect(bareText.split('\n').slice(1)).toEqual(full.text.split('\n').slice(1));
    } finally {
      await plain.close();
    }
  });
});

describe('structuredContent is the REST JSON reply', () => {
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    server = await startServe(copyFixture('kernel-uapi'));
    client = await connectHttp(`${server.url}/mcp`);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  /** Fields that differ between two runs of the same call: timings, cache flags and what is estimated from them. */
  const VOLATILE = new Set(['took_ms', 'elapsed_ms', 'cached', 'estimated_tokens', 'fd_elapsed_ms', 'rg_elapsed_ms']);
  const stable = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, v: unknown) => (VOLATILE.has(key) ? undefined : v)));

  it.each([
    ['search_code', { query: 'socket buffer size', max_results: 20, detail_level: 'ultra' }],
    ['search_code', { query: 'SIOC[A-Z]+', mode: 'regex', max_results: 10, detail_level: 'compact' }],
    ['find_references', { symbol: 'linux/socket.h', kind: 'imports' }],
    ['search_content', { roots: ['.'], query: 'sockaddr', group_by_file: true, max_results: 10 }],
    ['list_files', { roots: ['linux'], limit: 5, absolute: false }],
  ] as const)('%s %j', async (tool, args) => {
    const mcp = await client.callTool({ name: tool, arguments: args });
    const rest = await postJson(`${server.url}/api/tools/${tool}`, args);
    expect(rest.status).toBe(200);
    expect(mcp.structuredContent).toBeDefined();
    expect(stable(mcp.structuredContent)).toEqual(stable(rest.json));
    expect((mcp.content as { text: string }[])[0]!.text).not.toBe(JSON.stringify(mcp.structuredContent));
  });
});
