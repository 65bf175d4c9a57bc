import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../contracts/limits.js';
import * as api from '../contracts/rest-api.js';
import { runCli } from '../test-support/cli.js';
import { mcpPost, postJson, SEED_429_BODY, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('quarry serve with default limits', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(makeTree({ 'a.txt': 'alpha\n' })); });
  afterAll(async () => { await server?.stop(); });

  it('answers 100 MCP requests a minute and gives the 101st HTTP 429 with the MCP contract\'s body byte for byte', async () => {
    for (let i = 0; i < RATE_LIMIT.mcpPerWindow; i++) {
      const response = await mcpPost(`${server.url}/mcp`, listTools);
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await mcpPost(`${server.url}/mcp`, listTools);
    expect(refused.status).toBe(429);
    expect(refused.text).toBe(SEED_429_BODY);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT.windowMs / 1000);
  });

  it('does not let an untrusted client pick its own IP with x-forwarded-for or x-real-ip', async () => {
    for (const headers of [{ 'x-forwarded-for': '198.51.100.7' }, { 'x-real-ip': '198.51.100.8' }] as Record<string, string>[]) {
      expect((await mcpPost(`${server.url}/mcp`, listTools, headers)).status).toBe(429);
    }
  });

  it('sends no CORS headers unless configured', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { origin: 'http://example.test' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('quarry serve behind a trusted proxy, with small limits and CORS', () => {
  let server: ServerProcess;
  const args = ['--trust-proxy', '127.0.0.1', '--mcp-rate-limit', '2', '--search-rate-limit', '2', '--body-limit', '2K', '--cors', 'http://example.test'];
  beforeAll(async () => { server = await startServe(makeTree({ 'a.txt': 'alpha\n' }), args); });
  afterAll(async () => { await server?.stop(); });

  it('counts each forwarded client separately (first x-forwarded-for entry, then x-real-ip)', async () => {
    const as = (ip: string) => ({ 'x-forwarded-for': `${ip}, 127.0.0.1` });
    expect((await mcpPost(`${server.url}/mcp`, listTools, as('203.0.113.1'))).status).toBe(200);
    expect((await mcpPost(`${server.url}/mcp`, listTools, as('203.0.113.1'))).status).toBe(200);
    expect((await mcpPost(`${server.url}/mcp`, listTools, as('203.0.113.1'))).status).toBe(429);
    expect((await mcpPost(`${server.url}/mcp`, listTools, as('203.0.113.2'))).status).toBe(200);
    expect((await mcpPost(`${server.url}/mcp`, listTools, { 'x-real-ip': '203.0.113.3' })).status).toBe(200);
  });

  it('limits REST search per client with its own window, 429 + Retry-After', async () => {
    const search = () => postJson(`${server.url}/api/projects/proj_default/search`, { query: 'alpha' }, { 'x-forwarded-for': '203.0.113.9' });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: 'rate_limited', code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other REST routes are not limited by the search window.
    expect((await fetch(`${server.url}/api/projects`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
  });

  it('refuses bodies over the limit with a clear 413 (REST and JSON-RPC), but accepts larger file uploads', async () => {
    const big = 'x'.repeat(4096);
    const rest = await postJson(`${server.url}/api/projects/proj_default/search`, { query: big }, { 'x-forwarded-for': '203.0.113.10' });
    expect(rest.status).toBe(413);
    expect(rest.json).toMatchObject({ error: 'payload_too_large', message: 'Request body is larger than 2048 bytes.' });
    const mcp = await mcpPost(`${server.url}/mcp`, { ...listTools, params: { pad: big } }, { 'x-forwarded-for': '203.0.113.11' });
    expect(mcp.status).toBe(413);
    expect(mcp.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Request body is larger than 2048 bytes.' } });
    const upload = await postJson(`${server.url}/api/projects/proj_default/files`, { path: 'big.txt', content: big });
    expect(upload.status).toBe(201);
  });

  it('sends CORS headers to the configured origin only', async () => {
    const allowed = await fetch(`${server.url}/healthz`, { headers: { origin: 'http://example.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://example.test');
    const mcp = await mcpPost(`${server.url}/mcp`, listTools, { origin: 'http://example.test', 'x-forwarded-for': '203.0.113.12' });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('access-control-allow-origin')).toBe('http://example.test');
    const other = await fetch(`${server.url}/healthz`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('quarry serve: every JSON-RPC message of a batch counts against the MCP window', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(makeTree({ 'a.txt': 'alpha\n' })); });
  afterAll(async () => { await server?.stop(); });

  const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({
    jsonrpc: '2.0', id: from + i, method: 'tools/call', params: { name: 'search_code', arguments: { query: 'alpha' } },
  }));
  const toolCalls = () => server.lines().filter((l) => l.event === 'mcp_tool_call').length;

  it('answers batches up to the window, refuses a batch that does not fit whole, and gives the 101st message the contract\'s 429 body', async () => {
    const first = await mcpPost(`${server.url}/mcp`, batch(1, 60));
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(60);
    // 40 left: a batch of 41 is refused whole, with the contract's 429 body, and none of it runs.
    const tooBig = await mcpPost(`${server.url}/mcp`, batch(61, 41));
    expect(tooBig.status).toBe(429);
    expect(tooBig.text).toBe(SEED_429_BODY);
    expect(toolCalls()).toBe(60);
    const rest = await mcpPost(`${server.url}/mcp`, batch(61, 40));
    expect(rest.status).toBe(200);
    expect(rest.json).toHaveLength(40);
    expect(toolCalls()).toBe(RATE_LIMIT.mcpPerWindow);
    // The 101st message, alone or in a batch.
    for (const body of [batch(101, 1)[0], batch(101, 1)]) {
      const refused = await mcpPost(`${server.url}/mcp`, body);
      expect(refused.status).toBe(429);
      expect(refused.text).toBe(SEED_429_BODY);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT.windowMs / 1000);
    }
    expect(toolCalls()).toBe(RATE_LIMIT.mcpPerWindow);
  });
});

describe('quarry serve: project, upload and conversation routes are rate limited', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(makeTree({ 'a.txt': 'alpha\n' }), ['--project-rate-limit', '3']); });
  afterAll(async () => { await server?.stop(); });

  it('answers 429 with a REST body and Retry-After past the limit, on every project route, and leaves search alone', async () => {
    expect((await fetch(`${server.url}/api/projects`)).status).toBe(200);
    expect((await postJson(`${server.url}/api/projects/proj_default/files`, { path: 'n.md', content: 'notes' })).status).toBe(201);
    expect((await fetch(`${server.url}/api/conversations`)).status).toBe(200);
    for (const [path, body] of [
      ['/api/projects', { name: 'more' }], ['/api/projects/proj_default/files', { path: 'm.md', content: 'more' }],
      ['/api/projects/proj_default/conversations', { title: 't' }],
    ] as const) {
      const refused = await postJson(`${server.url}${path}`, body);
      expect(refused.status, path).toBe(429);
      expect(refused.json).toEqual({ error: 'rate_limited', code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many project requests\. Try again in \d+ s\.$/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await fetch(`${server.url}/api/projects`)).status).toBe(429);
    expect((await postJson(`${server.url}/api/projects/proj_default/search`, { query: 'notes' })).status).toBe(200);
  });
});

describe('quarry serve shutdown', () => {
  it('finishes an in-flight request on SIGTERM, then exits 0 with the index closed cleanly', async () => {
    const root = makeTree({ 'a.txt': 'alpha beta\n' });
    const server = await startServe(root);
    const { port } = new URL(server.url);
    const body = JSON.stringify({ query: 'alpha' });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let reply = '';
    socket.setEncoding('utf8').on('data', (d: string) => { reply += d; });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // Headers and half of the body: the request is in flight when the signal arrives.
    socket.write(`POST /api/projects/proj_default/search HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((r) => setTimeout(r, 200));
    const exited = server.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(server.child.exitCode).toBeNull(); // still waiting for the request
    socket.write(body.slice(5));
    expect(await exited).toBe(0);
    await ended;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('"total_results":1');
    expect(server.lines().some((l) => l.event === 'server_stopped')).toBe(true);
    // Closed cleanly: the WAL was checkpointed into the database.
    const indexFile = path.join(root, '.quarry', 'index.db');
    expect(fs.existsSync(`${indexFile}-wal`) ? fs.statSync(`${indexFile}-wal`).size : 0).toBe(0);
    const db = new Database(indexFile, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});

describe('quarry serve start-up errors', () => {
  it('exits 2 with a clear message when the port is taken, instead of hanging on its index worker', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const result = await runCli(['serve', makeTree({ 'a.txt': 'x\n' }), '--port', String(port)], { timeoutMs: 20_000 });
    holder.close();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
  });
});

describe('quarry serve restart', () => {
  it('keeps created projects, uploads and conversations across a restart', async () => {
    const root = makeTree({ 'a.txt': 'alpha\n' });
    const first = await startServe(root);
    const created = await postJson(`${first.url}/api/projects`, { name: 'kept' });
    const id = created.json.id;
    await postJson(`${first.url}/api/projects/${id}/files`, { path: 'n.md', content: 'capybara notes' });
    await postJson(`${first.url}/api/projects/proj_default/files`, { path: 'up.md', content: 'axolotl notes' });
    const before = await (await fetch(`${first.url}/api/conversations`)).json();
    expect(await first.stop()).toBe(0);

    const second = await startServe(root);
    try {
      const list = api.projectList.parse(await (await fetch(`${second.url}/api/projects`)).json());
      expect(list.projects.map((p) => [p.id, p.name])).toEqual(expect.arrayContaining([['proj_default', expect.any(String)], [id, 'kept']]));
      expect((await postJson(`${second.url}/api/projects/${id}/search`, { query: 'capybara' })).json.total_results).toBe(1);
      expect((await postJson(`${second.url}/api/projects/proj_default/search`, { query: 'axolotl' })).json.total_results).toBe(1);
      expect(await (await fetch(`${second.url}/api/conversations`)).json()).toEqual(before);
    } finally {
      await second.stop();
    }
  });
});
