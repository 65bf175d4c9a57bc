import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectHttp, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

/** Far below the socket's 120 s idle timeout: an answer that waits for it fails here. */
const PROMPT_MS = 5_000;

const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_content', arguments: { query: 'retry', roots: ['.'] } } });
const cancel = (requestId: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'user stopped it' } });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('quarry serve: MCP bodies that carry only notifications, or cancel their own calls, answer at once', () => {
  let server: ServerProcess;
  let client: Client | undefined;
  beforeAll(async () => { server = await startServe(makeTree({ 'src/retry.ts': 'export function retry() { return 1; }\n' })); });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  /** A raw POST to /mcp that gives up after PROMPT_MS. */
  const post = async (body: unknown) => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(PROMPT_MS),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };

  it.each([
    ['a lone cancel', cancel(1)],
    ['a batch of notifications', [{ jsonrpc: '2.0', method: 'notifications/initialized' }, cancel(3)]],
    ['a cancel followed by the ping it names', [cancel(1), ping(1)]],
    ['a ping followed by its own cancel', [ping(1), cancel(1)]],
    ['a tools/call followed by its own cancel', [call(7), cancel(7)]],
  ])('%s: 202 with no body', async (_name, body) => {
    expect(await post(body)).toEqual({ status: 202, json: null });
  });

  it('answers the rest of a batch whose call was cancelled, and never runs the cancelled call', async () => {
    const reply = await post([call(7), cancel(7), ping(8)]);
    expect(reply.status).toBe(200);
    // The SDK writes a single answer bare, several as an array.
    expect([reply.json].flat()).toEqual([{ jsonrpc: '2.0', id: 8, result: {} }]);
    expect(server.lines().filter((l) => l.event === 'mcp_tool_call')).toHaveLength(0);
  });

  it('lets the official MCP client cancel a call and go on at once', async () => {
    client = await connectHttp(`${server.url}/mcp`);
    const stop = new AbortController();
    const cancelled = client.callTool({ name: 'search_content', arguments: { query: 'retry', roots: ['.'] } }, undefined, { signal: stop.signal });
    stop.abort('user stopped it');
    await expect(cancelled).rejects.toThrow();
    const started = Date.now();
    await client.ping();
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
  });
});
