import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RATE_LIMIT } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import * as api from '../contracts/rest-api.js';
import { toolsInGroups } from '../tools/registry.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { connectHttp, mcpPost, SEED_429_BODY, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('quarry serve: MCP over Streamable HTTP', () => {
  let root: string;
  let server: ServerProcess;
  let client: Client;
  let stdio: StdioSession;

  beforeAll(async () => {
    root = makeTree({ 'src/retry.ts': 'export function retryWithBackoff(attempts: number) {\n  return attempts * 2;\n}\n' });
    server = await startServe(root);
    client = await connectHttp(`${server.url}/mcp`);
    stdio = await connectStdio(['--root', root, '--no-refresh']);
  });
  afterAll(async () => {
    await client?.close();
    await stdio?.close();
    await server?.stop();
  });

  it('serves the code and live tools (no medicines registry here), the same list as over stdio', async () => {
    const overHttp = (await client.listTools()).tools;
    const overStdio = (await stdio.client.listTools()).tools;
    expect(overHttp.map((t) => t.name).sort()).toEqual(toolsInGroups(['code', 'live']).map((t) => t.name).sort());
    expect(overHttp).toEqual(overStdio);
  });

  it('answers search_code with the same result shape as stdio', async () => {
    const { isError, body } = await callJson(client, 'search_code', { query: 'retry backoff', max_results: 5 });
    expect(isError).toBe(false);
    expect(body.items[0].file).toBe('src/retry.ts');
    const fromStdio = await callJson(stdio.client, 'search_code', { query: 'retry backoff', max_results: 5 });
    expect(Object.keys(body).sort()).toEqual(Object.keys(fromStdio.body).sort());
    expect(body.items).toEqual(fromStdio.body.items);
  });

  it('reports contract violations as an error result with the contract\'s message', async () => {
    const { isError, body } = await callJson(client, 'search_code', { query: '   ' });
    expect(isError).toBe(true);
    expect(body).toEqual({ ok: false, error: 'Validation failed: Query cannot be empty or whitespace-only', code: 'INVALID_ARGUMENT' });
  });

  it('answers an unknown tool with JSON-RPC method-not-found (-32601)', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    const raw = await mcpPost(`${server.url}/api/mcp`, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    expect(raw.json.error.code).toBe(-32601);
  });

  it('answers a tools/call whose arguments or params are not objects with InvalidParams in the catalogue\'s words, not zod\'s', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'search_code', arguments: ['query'] }, message('tool.args_not_object')],
      [{ name: 'search_code', arguments: 42 }, message('tool.args_not_object')],
      [{ arguments: {} }, message('tool.call_malformed')],
    ];
    for (const [params, text] of cases) {
      const raw = await mcpPost(`${server.url}/mcp`, { jsonrpc: '2.0', id: 8, method: 'tools/call', params });
      expect(raw.json).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -32602, message: text } });
    }
  });

  it('is also at /api/mcp', async () => {
    const alt = await connectHttp(`${server.url}/api/mcp`);
    expect((await alt.listTools()).tools.length).toBe(toolsInGroups(['code', 'live']).length);
    await alt.close();
  });

  it('answers malformed JSON with a JSON-RPC parse error (-32700)', async () => {
    const response = await mcpPost(`${server.url}/mcp`, '{"jsonrpc": "2.0", ');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('refuses GET and DELETE: the endpoint is stateless', async () => {
    expect((await fetch(`${server.url}/mcp`)).status).toBe(405);
    expect((await fetch(`${server.url}/mcp`, { method: 'DELETE' })).status).toBe(405);
  });

  it('writes one mcp_tool_call line per call to stdout, with secrets redacted and long params cut', async () => {
    await callJson(client, 'search_code', { query: 'attempts', api_key: 'sk-12345' });
    await callJson(client, 'search_code', { query: 'q'.repeat(1000) });
    const calls = server.lines().filter((l) => l.event === 'mcp_tool_call');
    const withKey = calls.find((l) => l.params.query === 'attempts')!;
    expect(withKey).toMatchObject({ tool: 'search_code', params: { api_key: '[redacted]' } });
    expect(typeof withKey.duration_ms).toBe('number');
    expect(['ok', 'error']).toContain(withKey.status);
    const long = calls.find((l) => String(l.params.query).startsWith('qqq'))!;
    expect(long.params.query.length).toBeLessThan(300);
    const failed = calls.find((l) => l.tool === 'no_such_tool')!;
    expect(failed).toMatchObject({ status: 'error', error: expect.stringContaining('Unknown tool') });
    expect(JSON.stringify(server.lines())).not.toContain('sk-12345');
  });

  it('refuses over the limit with the MCP contract\'s 429 body on both MCP paths, leaving REST alone', async () => {
    const calls = server.lines().filter((l) => l.event === 'mcp_tool_call').length;
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof mcpPost>> | null = null;
    // Requests above were counted too; send until refused, then check the count of the whole window.
    for (let i = 0; i < RATE_LIMIT.mcpPerWindow + 1 && !refused; i++) {
      const response = await mcpPost(`${server.url}/mcp`, listTools);
      if (response.status === 429) refused = response;
      else { expect(response.status).toBe(200); allowed++; }
    }
    expect(refused).not.toBeNull();
    expect(refused!.text).toBe(SEED_429_BODY);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(RATE_LIMIT.windowMs / 1000);
    // Both MCP paths share the window; REST is not limited by it.
    expect((await mcpPost(`${server.url}/api/mcp`, listTools)).status).toBe(429);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // REST tool calls spend the same budget, so the REST door is no way around the limit.
    const viaRest = await fetch(`${server.url}/api/tools/search_code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"x"}' });
    expect(viaRest.status).toBe(429);
    expect(api.errorResponse.parse(await viaRest.json()).code).toBe('RATE_LIMITED');
    expect(allowed).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(0);
  });
});
