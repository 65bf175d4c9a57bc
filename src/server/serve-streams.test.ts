import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAMS, FILE_VIEW } from '../contracts/access-limits.js';
import { HTTP } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import { startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const tree = () => makeTree({ 'src/a.ts': 'export function alpha() { return 1; }\n' });

interface OpenStream { status: number; json: any; close: () => void }

/** Opens the project event stream; when it is one, waits for its first event. */
async function openStream(base: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events/projects`, { signal: controller.signal });
  if (response.status !== 200) return { status: response.status, json: await response.json(), close: () => controller.abort() };
  const reader = response.body!.getReader();
  let text = '';
  while (!text.includes('event: projects')) text += new TextDecoder().decode((await reader.read()).value);
  return { status: 200, json: null, close: () => controller.abort() };
}

const errorsLogged = (server: ServerProcess) => server.lines().filter((l) => typeof l.level === 'number' && l.level >= 50);

describe('quarry serve: project event streams', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(tree()); });
  afterAll(async () => { await server?.stop(); });

  it('opens and closes streams without logging an error', async () => {
    for (let i = 0; i < 3; i++) (await openStream(server.url)).close();
    await new Promise((r) => setTimeout(r, 200));
    expect(errorsLogged(server)).toEqual([]);
  });

  it(`holds at most ${EVENT_STREAMS.openPerClient} streams of one client open: the next gets 429 with the catalogue message, until one closes`, async () => {
    const open: OpenStream[] = [];
    for (let i = 0; i < EVENT_STREAMS.openPerClient; i++) open.push(await openStream(server.url));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    const refused = await openStream(server.url);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: 'rate_limited', code: 'RATE_LIMITED',
      message: message('access.streams_open', { open: EVENT_STREAMS.openPerClient, max: EVENT_STREAMS.openPerClient }),
    });
    open.pop()!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await openStream(server.url);
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
  });
});

describe('quarry serve: the windows of event streams and file views', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(tree()); });
  afterAll(async () => { await server?.stop(); });

  it(`opens at most ${EVENT_STREAMS.perWindow} streams a minute per client, then 429 with Retry-After`, async () => {
    for (let i = 0; i < EVENT_STREAMS.perWindow; i++) {
      const stream = await openStream(server.url);
      expect(stream.status, `stream ${i + 1}`).toBe(200);
      stream.close();
    }
    const response = await fetch(`${server.url}/api/events/projects`);
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: 'rate_limited', code: 'RATE_LIMITED', message: message('access.streams_rate_limited', { seconds }) });
  });

  it(`answers ${FILE_VIEW.perWindow} file views a minute per client, then 429 with Retry-After`, async () => {
    for (let i = 0; i < FILE_VIEW.perWindow; i++) {
      expect((await fetch(`${server.url}/api/files/content?path=src/a.ts`)).status, `view ${i + 1}`).toBe(200);
    }
    const response = await fetch(`${server.url}/api/files/content?path=src/a.ts`);
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get('retry-after'));
    expect(await response.json()).toEqual({ error: 'rate_limited', code: 'RATE_LIMITED', message: message('access.file_view_rate_limited', { seconds }) });
  });
});

describe('quarry serve shutdown with event streams open', () => {
  it('ends the open streams and exits 0 on SIGTERM well within the grace period', async () => {
    const server = await startServe(tree());
    const streams = [await openStream(server.url), await openStream(server.url)];
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(HTTP.shutdownGraceMs / 4);
    for (const stream of streams) stream.close();
    expect(errorsLogged(server)).toEqual([]);
  });
});
