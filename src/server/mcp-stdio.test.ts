import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTree } from '../test-support/temp-tree.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { SEARCH_CODE } from '../contracts/limits.js';

describe('quarry mcp over stdio, through the official SDK client', () => {
  let root: string;
  let session: StdioSession;

  beforeAll(async () => {
    root = makeTree({
      'src/retry.ts': 'export function retryWithBackoff(attempts: number) {\n  return attempts * 2;\n}\n',
      'src/other.py': 'def unrelated():\n    pass\n',
    });
    // No index yet: the server builds it at start and searches wait for that (up to QUARRY_INDEX_WAIT_MS).
    session = await connectStdio(['--root', root]);
  });
  afterAll(async () => { await session?.close(); });

  it('lists search_code with a JSON schema', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'search_code');
    expect(tool?.inputSchema.properties).toHaveProperty('query');
    expect(tool?.inputSchema.properties).toHaveProperty('max_results');
  });

  it('answers search_code from the index it built at start', async () => {
    const { isError, body } = await callJson(session.client, 'search_code', { query: 'retry backoff', max_results: 5 });
    expect(isError).toBe(false);
    expect(body.ok).toBe(true);
    expect(body.items[0].file).toBe('src/retry.ts');
    expect(body.total).toBeGreaterThanOrEqual(body.count);
    // The pass ended within the search's wait for it: a whole answer, nothing to warn of.
    expect(body.warnings).toBeUndefined();
  });

  it('reports contract violations as an error result with the contract\'s message', async () => {
    const { isError, body } = await callJson(session.client, 'search_code', { query: '   ' });
    expect(isError).toBe(true);
    expect(body).toEqual({ ok: false, error: 'Validation failed: Query cannot be empty or whitespace-only', code: 'INVALID_ARGUMENT' });
  });

  it('clamps max_results with a warning and goes on', async () => {
    const { body } = await callJson(session.client, 'search_code', { query: 'attempts', max_results: 50 });
    expect(body.ok).toBe(true);
    expect(body.warnings.join(' ')).toContain(String(SEARCH_CODE.maxResults.max));
  });

  it('refuses an unknown tool with a JSON-RPC method-not-found error', async () => {
    await expect(session.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('logs one structured line per tool call on stderr', async () => {
    await callJson(session.client, 'search_code', { query: 'unrelated' });
    const logged = () => session.stderr().split('\n').filter((l) => l.includes('"mcp_tool_call"') && l.includes('unrelated'));
    // stderr is a separate pipe: the line may land just after the reply.
    for (let waited = 0; logged().length === 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    const lines = logged().map((l) => JSON.parse(l));
    const last = lines.at(-1);
    expect(last).toMatchObject({ event: 'mcp_tool_call', tool: 'search_code', params: { query: 'unrelated' }, status: 'ok' });
    expect(typeof last.duration_ms).toBe('number');
  });
});
