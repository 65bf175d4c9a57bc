import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TOKEN_FAILURES } from '../contracts/access-limits.js';
import { HTTP } from '../contracts/limits.js';
import * as api from '../contracts/rest-api.js';
import { message } from '../contracts/messages/index.js';
import { runCli } from '../test-support/cli.js';
import { callJson } from '../test-support/mcp-client.js';
import { connectHttp, rawRequest, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const TOKEN = 'test-token-0123456789abcdef';
/** A call that asks for what the server must not hand out: hidden files and ignored files of the served folder (a .env secret). */
const readSecrets = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_content', arguments: { query: 'SECRET', roots: ['.'], hidden: true, no_ignore: true } } };
const tree = () => makeTree({ '.env': 'SECRET=hunter2\n', 'a.txt': 'alpha\n' });

describe('quarry serve on loopback: Host and Origin (DNS rebinding)', () => {
  let server: ServerProcess;
  let port: string;
  beforeAll(async () => {
    server = await startServe(tree());
    port = new URL(server.url).port;
  });
  afterAll(async () => { await server?.stop(); });

  it('refuses a rebinding Host on MCP with 403 and a JSON-RPC body, and runs nothing', async () => {
    const refused = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers: { host: `evil.test:${port}` } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining(`Host evil.test:${port} is not allowed`) } });
    expect(refused.text).not.toContain('hunter2');
    expect(server.lines().some((l) => l.event === 'mcp_tool_call')).toBe(false);
  });

  it('refuses a rebinding Host on REST, /healthz and unknown routes with 403 and the catalogue message', async () => {
    const host = `evil.test:${port}`;
    const allowed = 'localhost, 127.0.0.1, [::1]';
    const expected = { error: 'forbidden', code: 'FORBIDDEN', message: message('http.host_not_allowed', { host, allowed }) };
    for (const [method, path, body] of [
      ['POST', '/api/projects', { name: 'x' }], ['GET', '/api/projects', undefined], ['POST', '/api/tools/search_content', readSecrets.params.arguments],
      ['POST', '/api/projects/proj_default/search', { query: 'SECRET' }], ['GET', '/healthz', undefined], ['GET', '/nowhere', undefined],
    ] as const) {
      const refused = await rawRequest(`${server.url}${path}`, { method, body, headers: { host } });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json, `${method} ${path}`).toEqual(expected);
    }
    expect(api.projectList.parse(await (await fetch(`${server.url}/api/projects`)).json()).projects).toHaveLength(1);
  });

  it('answers the names the server is really addressed by', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const ok = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers: { host } });
      expect(ok.status, host).toBe(200);
    }
  });

  it('refuses a foreign Origin, allows its own', async () => {
    const foreign = await rawRequest(`${server.url}/api/projects`, { body: { name: 'x' }, headers: { origin: 'http://evil.test' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error: 'forbidden', message: 'Origin http://evil.test is not allowed. Allow a web page\'s origin with --cors.' });
    const mcp = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers: { origin: `http://localhost:${port}` } });
    expect(mcp.status).toBe(200);
  });

  it('refuses an Origin with the right name but another scheme or port (another site on this machine)', async () => {
    for (const origin of ['http://localhost', 'https://127.0.0.1', `https://127.0.0.1:${port}`, 'http://[::1]:3000']) {
      for (const [path, body] of [['/mcp', readSecrets], ['/api/projects', { name: 'x' }]] as const) {
        const refused = await rawRequest(`${server.url}${path}`, { body, headers: { origin } });
        expect(refused.status, `${origin} ${path}`).toBe(403);
        expect(refused.text).not.toContain('hunter2');
      }
    }
    const own = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers: { origin: `http://127.0.0.1:${port}` } });
    expect(own.status).toBe(200);
  });

  it('still serves the official MCP client', async () => {
    const client = await connectHttp(`${server.url}/mcp`);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});

describe('quarry serve with a bearer token', () => {
  let server: ServerProcess;
  let client: Client | undefined;
  beforeAll(async () => { server = await startServe(tree(), [], 30_000, { QUARRY_TOKEN: TOKEN }); });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('refuses REST and MCP without the right token with 401, the catalogue message and WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abc', `Basic ${TOKEN}`]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const rest = await rawRequest(`${server.url}/api/projects`, { headers });
      expect(rest.status).toBe(401);
      expect(rest.json).toEqual({ error: 'unauthorized', code: 'UNAUTHORIZED', message: message('http.unauthorized') });
      expect(rest.headers['www-authenticate']).toBe('Bearer realm="quarry"');
      const mcp = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers });
      expect(mcp.status).toBe(401);
      expect(mcp.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: message('http.unauthorized') } });
    }
    expect(server.lines().some((l) => l.event === 'mcp_tool_call')).toBe(false);
  });

  it('answers with the token, over REST and through the official MCP client', async () => {
    const rest = await rawRequest(`${server.url}/api/projects`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(rest.status).toBe(200);
    client = await connectHttp(`${server.url}/mcp`, { authorization: `Bearer ${TOKEN}` });
    const { isError, body } = await callJson(client, 'search_content', { query: 'alpha', roots: ['.'] });
    expect(isError).toBe(false);
    expect(JSON.stringify(body)).toContain('a.txt');
  });

  it('leaves /healthz open for liveness probes, but still checks its Host', async () => {
    expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
    expect((await rawRequest(`${server.url}/healthz`, { headers: { host: 'evil.test' } })).status).toBe(403);
  });
});

describe('quarry serve with a bearer token: guessing it', () => {
  let server: ServerProcess;
  // Behind a trusted proxy on loopback, so one test can speak for two clients.
  beforeAll(async () => { server = await startServe(tree(), ['--trust-proxy', '127.0.0.1'], 30_000, { QUARRY_TOKEN: TOKEN }); });
  afterAll(async () => { await server?.stop(); });

  it('answers 429 once a client has failed the token check too often, even for the right token, and leaves other clients alone', async () => {
    const guesser = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof rawRequest>> | null = null;
    for (let i = 0; i < 200; i++) {
      last = await rawRequest(`${server.url}/api/projects`, { headers: { ...guesser, authorization: `Bearer guess-${String(i).padStart(20, '0')}` } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, TOKEN_FAILURES.perWindow).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(TOKEN_FAILURES.perWindow).every((s) => s === 429)).toBe(true);
    const seconds = Number(last!.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(last!.json).toEqual({ error: 'rate_limited', code: 'RATE_LIMITED', message: message('access.token_failures', { seconds }) });
    // The right guess answers like a wrong one: nothing tells the guesser it was right.
    expect((await rawRequest(`${server.url}/api/projects`, { headers: { ...guesser, authorization: `Bearer ${TOKEN}` } })).status).toBe(429);
    const mcp = await rawRequest(`${server.url}/mcp`, { body: readSecrets, headers: { ...guesser, authorization: 'Bearer wrong-token-0123456789abc' } });
    expect(mcp.status).toBe(429);
    expect(mcp.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    const honest = await rawRequest(`${server.url}/api/projects`, { headers: { 'x-forwarded-for': '203.0.113.8', authorization: `Bearer ${TOKEN}` } });
    expect(honest.status).toBe(200);
  });
});

describe('quarry serve beyond loopback', () => {
  it('refuses to start on 0.0.0.0 (or any non-loopback address) without a token: exit 2 and a clear message', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const result = await runCli(['serve', tree(), '--host', host, '--port', '0'], { timeoutMs: 20_000, env: { QUARRY_TOKEN: '' } });
      expect(result.code, host).toBe(2);
      expect(result.stderr).toBe(`quarry: ${message('http.token_required', { host, min: HTTP.tokenMinChars })}\n`);
    }
  });

  it('refuses a token too short to resist guessing', async () => {
    const result = await runCli(['serve', tree(), '--port', '0', '--token', 'short'], { timeoutMs: 20_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`use at least ${HTTP.tokenMinChars}`);
  });
});
