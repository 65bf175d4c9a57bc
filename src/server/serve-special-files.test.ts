import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedFifo, makeFifo } from '../test-support/child-processes.js';
import { runCliJson } from '../test-support/cli.js';
import { startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

/** A Unix socket bound at `file` (listening, so it stays a socket while the test runs). */
async function makeSocket(file: string): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(file, resolve));
  return server;
}

/** How long /healthz takes to answer (a frozen event loop never answers: the fetch is cut after `limitMs`). */
async function healthLatency(base: string, limitMs: number): Promise<number> {
  const started = performance.now();
  const reply = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(limitMs) });
  expect(reply.status).toBe(200);
  return performance.now() - started;
}

describe('quarry serve: named pipes, sockets and symlink loops in the served tree', () => {
  const served = makeTree({ 'src/app.ts': 'export const app = 1;\n', 'docs/guide.md': '# Guide\n' });
  const pipe = makeFifo(path.join(served, 'docs', 'pipe'));
  // An ignore file that is a pipe: the rules are read for the file view and the walk, and must not wait on it.
  const ignorePipe = makeFifo(path.join(served, 'docs', '.ignore'));
  fs.symlinkSync('loop', path.join(served, 'docs', 'loop'));
  let socket: net.Server;
  let server: ServerProcess;

  beforeAll(async () => {
    socket = await makeSocket(path.join(served, 'docs', 'sock'));
    server = await startServe(served);
  });
  afterAll(async () => {
    // A server that did open the pipe for reading waits for a writer: let it go before stopping it.
    for (const fifo of [pipe, ignorePipe]) while (feedFifo(fifo, '')) { /* one reader per feed */ }
    await server?.stop();
    socket?.close();
  });

  it('refuses a named pipe at once with a catalogue error, and every door keeps answering', async () => {
    const asked = fetch(`${server.url}/api/files/content?path=docs/pipe`, { signal: AbortSignal.timeout(10_000) });
    asked.catch(() => {}); // awaited below; a frozen server fails the latency check first
    const latency = await healthLatency(server.url, 3_000);
    expect(latency).toBeLessThan(1_000);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), signal: AbortSignal.timeout(3_000),
    });
    expect(mcp.status).toBe(200);
    const reply = await asked;
    expect(reply.status).toBe(400);
    const body = await reply.json();
    expect(body.message).toBe('"docs/pipe" is not a regular file (a named pipe, socket or device); only regular files are shown.');
    expect(body.code).toBe('INVALID_ARGUMENT');
  });

  it('refuses a socket the same way', async () => {
    const reply = await fetch(`${server.url}/api/files/content?path=docs/sock`, { signal: AbortSignal.timeout(10_000) });
    expect(reply.status).toBe(400);
    expect((await reply.json()).message).toMatch(/not a regular file/);
    await healthLatency(server.url, 3_000);
  });

  it('still serves the regular files beside them, reading the folder\'s ignore rules without waiting on a piped .ignore', async () => {
    const reply = await fetch(`${server.url}/api/files/content?path=docs/guide.md`, { signal: AbortSignal.timeout(5_000) });
    expect(reply.status).toBe(200);
    expect((await reply.json()).text).toBe('# Guide\n');
  });

  it('the index pass skips the pipe, the socket and the symlink loop, and its summary counts them by reason', async () => {
    const { code, json } = await runCliJson(['index', served, '--index', path.join(makeTree(), 'index.db'), '--json'], { timeoutMs: 30_000 });
    expect(code).toBe(0);
    expect(json.skipped_by_reason).toEqual({ not_regular: 3, symlink_loop: 1 });
    expect(json.skipped_files.map((s: { path: string }) => s.path).sort()).toEqual(['docs/.ignore', 'docs/loop', 'docs/pipe', 'docs/sock']);
    expect(json.files).toBe(2);
  });
});
