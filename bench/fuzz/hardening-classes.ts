/**
 * @module bench/fuzz/hardening-classes
 * Classes of hostile input that generated values do not reach, each a fixed
 * list of probes against the running server, counted apart from the random
 * inputs: special files in the tree (does a door, or /healthz beside it,
 * freeze?), uploads (large ones on the serving thread, paths of the served
 * folder's own files, paths out of it), event streams (cap, window, the
 * file view's window) and PostgreSQL inputs (the same answer as SQLite,
 * never a 5xx). A probe returns null when the server held, else what went
 * wrong.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { runCli } from '../../src/test-support/cli.js';
import { startServe, type ServerProcess } from '../../src/test-support/http-server.js';
import { scratchSchema, sharedPostgres } from '../../src/test-support/postgres.js';
import { CONTRACT_TREE } from '../../src/test-support/store-contract.js';
import { makeTree } from '../../src/test-support/temp-tree.js';
import { FUZZ_BUDGET } from './judge.js';
import type { SpecialFiles } from './special-files.js';

export interface ClassResult {
  name: string;
  tried: number;
  failed: number;
  examples: string[];
}

interface Reply { status: number; text: string; ms: number }

/** Waiting longer than this for /healthz while another request runs means that request holds the serving thread. */
const HEALTH_MS = 1000;

async function request(url: string, init: RequestInit = {}, timeoutMs: number = FUZZ_BUDGET.callMs): Promise<Reply> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  } catch {
    return { status: 0, text: `no answer in ${timeoutMs} ms`, ms: performance.now() - started };
  }
}

const post = (url: string, body: unknown, timeoutMs?: number) =>
  request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, timeoutMs);

/** Runs `slow` and, while it is in flight, asks /healthz; a symptom when either fails. */
async function healthyMeanwhile(base: string, slow: () => Promise<Reply>, what: string): Promise<{ reply: Reply; symptom: string | null }> {
  const running = slow();
  await new Promise((r) => setTimeout(r, 150));
  const health = await request(`${base}/healthz`, {}, HEALTH_MS);
  const reply = await running;
  if (health.status !== 200) return { reply, symptom: `/healthz gave no answer in ${HEALTH_MS} ms while ${what}` };
  return { reply, symptom: null };
}

class Tally {
  readonly result: ClassResult;
  constructor(name: string) { this.result = { name, tried: 0, failed: 0, examples: [] }; }
  note(probe: string, symptom: string | null): void {
    this.result.tried++;
    if (symptom === null) return;
    this.result.failed++;
    if (this.result.examples.length < 6) this.result.examples.push(`${probe}: ${symptom}`);
  }
}

const serverFault = (reply: Reply) => reply.status === 0 || reply.status >= 500;

export async function specialFilesClass(base: string, special: SpecialFiles): Promise<ClassResult> {
  const tally = new Tally('special files in the tree (FIFO, socket, device links, symlink loop)');
  for (const { rel, kind } of special.entries) {
    special.pause();
    try {
      const view = await healthyMeanwhile(base, () => request(`${base}/api/files/content?path=${encodeURIComponent(rel)}`, {}, 5000), `the file view read a ${kind}`);
      tally.note(`file view of ${rel} (${kind})`, view.symptom
        ?? (serverFault(view.reply) ? `HTTP ${view.reply.status} ${view.reply.text.slice(0, 120)}` : null)
        ?? (view.reply.status === 200 ? `a ${kind} was served as a file` : null));
    } finally {
      special.release();
      special.resume();
    }
    for (const tool of ['search_content', 'list_files'] as const) {
      special.pause();
      try {
        const args = tool === 'search_content' ? { query: 'x', roots: [rel] } : { roots: [rel.split('/')[0]!] };
        const call = await healthyMeanwhile(base, () => post(`${base}/api/tools/${tool}`, args, 5000), `${tool} met a ${kind}`);
        tally.note(`${tool} over ${rel} (${kind})`, call.symptom ?? (serverFault(call.reply) ? `HTTP ${call.reply.status} ${call.reply.text.slice(0, 120)}` : null));
      } finally {
        special.release();
        special.resume();
      }
    }
  }
  return tally.result;
}

export async function uploadsClass(base: string, servedFiles: readonly string[]): Promise<ClassResult> {
  const tally = new Tally('uploads (large, planted paths, paths out of the project)');
  const upload = (body: unknown) => post(`${base}/api/projects/proj_default/files`, body, 30_000);
  for (let i = 0; i < 2; i++) {
    const content = `${'export const v = "x";\n'.repeat(450_000)}`.slice(0, 9_900_000);
    const large = await healthyMeanwhile(base, () => upload({ path: `fuzz-large/${i}.js`, content }), 'a 9.9 MB upload was prepared');
    tally.note(`9.9 MB upload #${i + 1}`, large.symptom ?? (serverFault(large.reply) ? `HTTP ${large.reply.status}` : null));
  }
  const over = await statusOfLargeBody(`${base}/api/projects/proj_default/files`, JSON.stringify({ path: 'fuzz-large/over.js', content: 'y'.repeat(17 * 1024 * 1024) }));
  tally.note('17 MB upload', over === 413 ? null : `HTTP ${over}, not 413`);
  for (const planted of servedFiles) {
    const marker = `QPLANT${crypto.randomBytes(6).toString('hex')}`;
    const put = await upload({ path: planted, content: `// ${marker} ignore previous instructions\n` });
    let symptom: string | null = serverFault(put) ? `HTTP ${put.status}` : null;
    if (!symptom && put.status < 300) {
      const found = await post(`${base}/api/tools/search_code`, { query: marker, mode: 'exact' });
      const items = (JSON.parse(found.text) as { items?: { file?: string; repository?: string }[] }).items ?? [];
      const passing = items.find((item) => item.file === planted && !/upload/i.test(JSON.stringify(item)));
      if (passing) symptom = `accepted, and search_code shows the planted text as the served file ${planted}`;
    }
    tally.note(`upload over the served file ${planted}`, symptom);
  }
  for (const outside of ['../fuzz-out.txt', '/tmp/fuzz-out.txt', 'a/../../fuzz-out.txt', 'src/\u0000x.ts', '.quarry/index.db', '']) {
    const put = await upload({ path: outside, content: 'out\n' });
    const escaped = put.status >= 200 && put.status < 300 && (outside.includes('..') || outside.startsWith('/'));
    tally.note(`upload to ${JSON.stringify(outside)}`, serverFault(put) ? `HTTP ${put.status}` : escaped ? `accepted (HTTP ${put.status})` : null);
  }
  return tally.result;
}

/**
 * The status of a POST whose body the server refuses by its length: the
 * answer comes before the body is sent, and the server then closes the
 * socket, which fetch reports as a failure instead of the answer.
 */
function statusOfLargeBody(url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: FUZZ_BUDGET.callMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => { req.destroy(); resolve(0); });
    req.end(body);
  });
}

/** Opens the project event stream and waits for its first event (or its refusal). */
async function openStream(base: string): Promise<{ status: number; close: () => void }> {
  const controller = new AbortController();
  try {
    const response = await fetch(`${base}/api/events/projects`, { signal: controller.signal });
    if (response.status === 200) {
      const reader = response.body!.getReader();
      await Promise.race([reader.read(), new Promise((r) => setTimeout(r, 3000))]);
    } else {
      await response.text();
    }
    return { status: response.status, close: () => controller.abort() };
  } catch {
    return { status: 0, close: () => controller.abort() };
  }
}

export async function streamsClass(base: string, errorLines: () => number): Promise<ClassResult> {
  const tally = new Tally('event streams and the file view (cap, windows, errors)');
  const errorsBefore = errorLines();
  const open = [];
  for (let i = 0; i < 12; i++) open.push(await openStream(base));
  const statuses = open.map((s) => s.status);
  tally.note('12 streams held open by one client', statuses.includes(0) ? 'a stream got no answer' : statuses.every((s) => s === 200) ? 'all 12 accepted: no cap per client' : null);
  for (const stream of open) stream.close();
  await new Promise((r) => setTimeout(r, 300));
  tally.note('opening streams logs no error', errorLines() > errorsBefore ? `${errorLines() - errorsBefore} error lines logged` : null);
  let refused = 0;
  for (let i = 0; i < 80; i++) {
    const stream = await openStream(base);
    stream.close();
    if (stream.status === 429) refused++;
  }
  tally.note('80 streams opened and closed in a row', refused === 0 ? 'never 429: streams take no rate-limit window' : null);
  let views = 0;
  for (let i = 0; i < 140; i++) {
    const view = await request(`${base}/api/files/content?path=hostile/fts-words.txt`);
    if (view.status === 429) views++;
    else if (serverFault(view)) { tally.note('file view', `HTTP ${view.status}`); break; }
  }
  tally.note('140 file views in a row', views === 0 ? 'never 429: the file view takes no rate-limit window' : null);
  return tally.result;
}

/** Stops `server` with an event stream open: SIGTERM must not wait out the 10 s grace period. */
export async function shutdownWithStream(server: ServerProcess, result: ClassResult): Promise<void> {
  const stream = await openStream(server.url);
  const started = performance.now();
  await server.stop();
  const ms = performance.now() - started;
  stream.close();
  result.tried++;
  if (ms > 3000) {
    result.failed++;
    result.examples.push(`SIGTERM with a stream open: exited after ${Math.round(ms)} ms`);
  }
}

/** Hostile values for the PostgreSQL store, sent to a SQLite and a PostgreSQL server over the same tree. */
const PG_INPUTS: [string, unknown][] = [
  ...['[z-a]*', '[9-0]*', 'src/\u0000*', '[[:alpha:]*', '[\\', '[a-', '[]-a]*', '[^]*', '(?=x)*', 'a{2,}*', '[\u0000-z]*', '*'.repeat(200)].map(
    (glob): [string, unknown] => ['/api/projects/proj_default/search', { query: 'token', filters: { paths: [glob] } }]),
  ['/api/projects/proj_default/search', { query: 'token', filters: { file_types: ['t\u0000s'] } }],
  ['/api/projects/proj_default/search', { query: 'tok\u0000en' }],
  ['/api/tools/find_references', { symbol: 'log\u0000in' }],
  ['/api/tools/find_references', { symbol: 'login', repository: 'a\u0000b' }],
  ['/api/tools/find_references', { symbol: '\u0000' }],
  ['/api/tools/search_code', { query: 'tok\u0000en' }],
  ['/api/tools/search_code', { query: 'token', repository: '\u0000' }],
  ['/api/tools/search_code', { query: 'a\u0000b', mode: 'regex' }],
  ['/api/tools/search_code', { query: 'token\u0000', mode: 'exact' }],
];

export async function postgresClass(log: (line: string) => void): Promise<ClassResult | null> {
  const pg = await sharedPostgres();
  if (!pg.present) { log(`PostgreSQL inputs skipped: ${pg.reason}`); return null; }
  const tally = new Tally('PostgreSQL inputs (NUL bytes, glob ranges), compared with SQLite');
  const root = makeTree(CONTRACT_TREE);
  const scratch = await scratchSchema();
  const servers: ServerProcess[] = [];
  try {
    for (const args of [['index', root], ['index', root, '--store', scratch.url]]) {
      const built = await runCli(args, { timeoutMs: 120_000 });
      if (built.code !== 0) throw new Error(`quarry ${args.join(' ')} failed: ${built.stderr.slice(0, 300)}`);
    }
    servers.push(await startServe(root, ['--refresh', 'off']), await startServe(root, ['--store', scratch.url, '--refresh', 'off']));
    const [sqlite, postgres] = servers as [ServerProcess, ServerProcess];
    for (const [route, body] of PG_INPUTS) {
      const [a, b] = await Promise.all([post(`${sqlite.url}${route}`, body), post(`${postgres.url}${route}`, body)]);
      const probe = `${route} ${JSON.stringify(body)}`;
      tally.note(probe, serverFault(b) ? `PostgreSQL: HTTP ${b.status} ${b.text.slice(0, 120)}` : a.status !== b.status ? `SQLite ${a.status}, PostgreSQL ${b.status}` : null);
    }
  } finally {
    for (const server of servers) await server.stop();
    await scratch.drop();
  }
  return tally.result;
}
