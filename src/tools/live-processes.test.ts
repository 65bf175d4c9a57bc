import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { message } from '../contracts/messages/index.js';
import { childProcesses, feedFifo, makeFifo, waitUntil } from '../test-support/child-processes.js';
import { CLI } from '../test-support/cli.js';
import { connectHttp, postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { callJson } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';

/**
 * Real ripgrep searching named pipes: each search waits, holding its
 * process, until the test writes its pipe, so the queue can be watched
 * from /proc without burning CPU.
 */
const CAP = 2;
const QUEUE = 4;
const ENV = { QUARRY_LIVE_PROCESSES: String(CAP), QUARRY_LIVE_QUEUE: String(QUEUE) };

const root = makeTree({ 'plain.txt': 'a needle in a plain file\n' });
const fifos: string[] = [];
let fifoCount = 0;

/** A new pipe under the root, as the relative path a search names. */
function newFifo(): string {
  const rel = `pipes/p${fifoCount++}.txt`;
  fifos.push(makeFifo(path.join(root, rel)));
  return rel;
}

const slowSearch = (file: string, extra: Record<string, unknown> = {}) =>
  ({ files: [file], query: 'needle', fixed_strings: true, timeout_ms: 30_000, ...extra });

const rgOf = (pid: number) => childProcesses(pid, 'rg');

let probes = 0;
/** A quick search never asked before (so never answered from the cache). */
const probe = (extra: Record<string, unknown> = {}) => ({ files: ['plain.txt'], query: `probe${probes++}`, ...extra });

/** Lets every ripgrep still waiting on a pipe finish, so none outlives the tests. */
function drainPipes(): void {
  for (const fifo of fifos) while (feedFifo(fifo, '')) { /* one reader per feed */ }
}

/** After a test (passed or not): no search of it is left holding a slot for the next one. */
async function settle(pid: number): Promise<void> {
  await waitUntil(() => { drainPipes(); return rgOf(pid).length === 0; }, 20_000, 'every search released');
}

/** Feeds the first unreleased pipe a ripgrep is waiting on (waits for one to be). */
/** Feeds the pipe of one waiting search (which one is up to who reads first); returns its file. */
async function releaseOne(files: readonly string[], released: Set<string>): Promise<string> {
  let fed = '';
  await waitUntil(() => {
    const next = files.find((file) => !released.has(file) && feedFifo(path.join(root, file), 'a needle\n'));
    if (next) { released.add(next); fed = next; }
    return next !== undefined;
  }, 20_000, 'a waiting search');
  return fed;
}

/**
 * Starts six slow searches at once and releases their pipes one at a time,
 * each only once CAP ripgrep children run: the cap is reached, never passed,
 * and every search answers with its own line. Before the first release the
 * children are watched for a while after every call has arrived, so an
 * uncapped server would show all six.
 */
async function sixAtOnce(serverPid: number, start: (args: Record<string, unknown>, i: number) => Promise<any>, arrived: () => boolean = () => true): Promise<void> {
  const files = Array.from({ length: 6 }, () => newFifo());
  const answers = files.map((file, i) => start(slowSearch(file), i));
  const released = new Set<string>();
  let most = 0;
  const count = () => {
    const running = rgOf(serverPid).length;
    most = Math.max(most, running);
    expect(running).toBeLessThanOrEqual(CAP);
    return running;
  };
  await waitUntil(() => count() === CAP && arrived(), 20_000, `${CAP} rg children, every call arrived`);
  const watchUntil = performance.now() + 300;
  await waitUntil(() => count() <= CAP && performance.now() > watchUntil, 20_000, 'watching');
  while (released.size < files.length) {
    await waitUntil(() => count() === Math.min(CAP, files.length - released.size), 20_000, `${CAP} rg children`);
    const next = files.find((file) => !released.has(file) && feedFifo(path.join(root, file), `a needle in ${file}\n`));
    if (next) released.add(next);
  }
  expect(most).toBe(CAP);
  const bodies = await Promise.all(answers);
  bodies.forEach((body, i) => {
    expect(body).toMatchObject({ ok: true, total_matches: 1, matches: [{ file: files[i], line: `a needle in ${files[i]}` }] });
  });
}

describe('live processes: one bounded queue per Quarry process, shared by REST and MCP over HTTP (quarry serve)', () => {
  let server: ServerProcess;
  let mcp: Client;

  beforeAll(async () => {
    // Up to 150 probes fill the queue below; on a loaded machine they would reach the default window of 100 calls a minute.
    server = await startServe(root, ['--mcp-rate-limit', '10000'], 30_000, ENV);
    mcp = await connectHttp(`${server.url}/mcp`);
    // Warm up: the one-off `rg --version` probe is done before processes are counted.
    expect((await callJson(mcp, 'search_content', { files: ['plain.txt'], query: 'needle' })).body.total_matches).toBe(1);
  });
  afterEach(async () => { await settle(server.child.pid!); });
  afterAll(async () => {
    drainPipes();
    await mcp?.close();
    await server?.stop();
    drainPipes();
  });

  const rest = (tool: string, args: Record<string, unknown>) => postJson(`${server.url}/api/tools/${tool}`, args);
  /** Requests the server has logged as arrived at `url`. */
  const seen = (url: string) => server.lines().filter((l) => l.msg === 'incoming request' && l.req?.url === url).length;

  it(`runs at most ${CAP} rg processes for six searches started at once over REST and MCP, and answers all six`, async () => {
    const [restBefore, mcpBefore] = [seen('/api/tools/search_content'), seen('/mcp')];
    await sixAtOnce(server.child.pid!, async (args, i) => (i % 2 === 0
      ? (await rest('search_content', args)).json
      : (await callJson(mcp, 'search_content', args)).body),
    () => seen('/api/tools/search_content') === restBefore + 3 && seen('/mcp') >= mcpBefore + 3);
  });

  it('refuses a call that cannot even queue with UNAVAILABLE from the catalogue (en, ja, cs; fd shares the queue), and a wait past timeout_ms is TIMEOUT', async () => {
    const files = Array.from({ length: CAP + QUEUE }, () => newFifo());
    const before = seen('/api/tools/search_content');
    const held = files.map((file) => rest('search_content', slowSearch(file)));
    const answered = new Set<string>();
    held.forEach((call, i) => void call.then(() => answered.add(files[i]!)));
    await waitUntil(() => rgOf(server.child.pid!).length === CAP, 20_000, 'cap reached');
    // Every held call in the queue before the first probe: on a loaded machine one arriving late found
    // the queue full of a waiting probe, was refused, and left the queue one short for the whole loop.
    await waitUntil(() => seen('/api/tools/search_content') >= before + files.length, 20_000, 'every held call arrived');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered.size).toBe(0);
    // The held calls fill the queue as they arrive; until it is full a probe waits 200 ms and times out.
    let refused: Awaited<ReturnType<typeof rest>> | undefined;
    for (let tries = 0; tries < 150 && !refused; tries++) {
      const answer = await rest('search_content', probe({ timeout_ms: 200 }));
      if (answer.status === 503) refused = answer;
      else expect(answer.json?.code, answer.text).toBe('TIMEOUT');
    }
    const busy = (locale: 'en' | 'ja' | 'cs') => message('live.busy', { running: CAP, queued: QUEUE }, locale);
    expect(refused?.json).toMatchObject({ code: 'UNAVAILABLE', message: busy('en') });
    const ja = await callJson(mcp, 'search_content', probe({ locale: 'ja' }));
    expect(ja).toMatchObject({ isError: true, body: { ok: false, code: 'UNAVAILABLE', error: busy('ja') } });
    const cs = await rest('list_files', { roots: ['.'], locale: 'cs' });
    expect(cs.status).toBe(503);
    expect(cs.json).toMatchObject({ code: 'UNAVAILABLE', message: busy('cs') });

    // One search done: the queue has room again, but a call that would wait past its timeout_ms gets TIMEOUT, never an empty answer.
    const released = new Set<string>();
    const first = await releaseOne(files, released);
    // Its answer first: until then its rg may still be counted, and the queue still be full.
    await waitUntil(() => answered.has(first), 20_000, 'the released search answered');
    await waitUntil(() => rgOf(server.child.pid!).length === CAP, 20_000, 'next queued search started');
    const late = await rest('search_content', probe({ timeout_ms: 300 }));
    expect(late.status).toBe(504);
    expect(late.json).toMatchObject({ code: 'TIMEOUT', message: message('live.timeout', { ms: 300 }, 'en') });

    while (released.size < files.length) await releaseOne(files, released);
    expect((await Promise.all(held)).map((r) => r.json.total_matches)).toEqual(files.map(() => 1));
  });

  it('kills the rg process of a REST call whose client hangs up, and logs the call as cancelled', async () => {
    const file = newFifo();
    const request = http.request(`${server.url}/api/tools/search_content`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    request.on('error', () => { /* we hang up ourselves */ });
    request.end(JSON.stringify(slowSearch(file)));
    await waitUntil(() => rgOf(server.child.pid!).length === 1, 20_000, 'rg started');
    request.destroy();
    await waitUntil(() => rgOf(server.child.pid!).length === 0, 5000, 'rg killed after the client left');
    await waitUntil(() => server.lines().some((l) => l.event === 'mcp_tool_call' && l.status === 'cancelled' && l.params?.files?.[0] === file), 5000, 'cancelled log line');
  });

  it('kills the rg process of an MCP-over-HTTP call whose client goes away mid-search', async () => {
    const file = newFifo();
    const leaving = await connectHttp(`${server.url}/mcp`);
    const pending = leaving.callTool({ name: 'search_content', arguments: slowSearch(file) });
    pending.catch(() => { /* the client closed under it */ });
    await waitUntil(() => rgOf(server.child.pid!).length === 1, 20_000, 'rg started');
    await leaving.close();
    await waitUntil(() => rgOf(server.child.pid!).length === 0, 5000, 'rg killed after the client left');
    await waitUntil(() => server.lines().some((l) => l.event === 'mcp_tool_call' && l.status === 'cancelled' && l.params?.files?.[0] === file), 5000, 'cancelled log line');
  });
});

describe('live processes over MCP stdio (quarry mcp)', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath, args: [CLI, 'mcp', '--root', root, '--tools', 'live', '--no-refresh'],
      env: { ...(process.env as Record<string, string>), ...ENV }, stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    client = new Client({ name: 'quarry-test', version: '1.0.0' });
    await client.connect(transport);
    expect((await callJson(client, 'search_content', { files: ['plain.txt'], query: 'needle' })).body.total_matches).toBe(1);
  });
  afterEach(async () => { await settle(transport.pid!); });
  afterAll(async () => {
    drainPipes();
    await client?.close();
    drainPipes();
  });

  it(`runs at most ${CAP} rg processes for six searches started at once, and answers all six`, async () => {
    await sixAtOnce(transport.pid!, async (args) => (await callJson(client, 'search_content', args)).body);
  });

  it('kills the rg process within a second of notifications/cancelled, frees its slot, and logs the call as cancelled', async () => {
    const files = [newFifo(), newFifo()];
    const controllers = files.map(() => new AbortController());
    const pending = files.map((file, i) => client.callTool({ name: 'search_content', arguments: slowSearch(file) }, undefined, { signal: controllers[i]!.signal }));
    await waitUntil(() => rgOf(transport.pid!).length === CAP, 20_000, 'both slots taken');
    for (const controller of controllers) controller.abort();
    for (const call of pending) await expect(call).rejects.toThrow();
    await waitUntil(() => rgOf(transport.pid!).length === 0, 1000, 'rg killed after notifications/cancelled');
    // Both slots are free again: a search answers at once.
    expect((await callJson(client, 'search_content', probe())).body).toMatchObject({ ok: true, total_matches: 0 });
    await waitUntil(() => stderr.split('\n').filter((l) => l.includes('"status":"cancelled"')).length === 2, 5000, 'two cancelled log lines');
  });
});
