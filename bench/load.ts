/**
 * @module bench/load
 * `npm run load -- [--seconds 60] [--clients N] [--max-requests N]`
 * N concurrent clients on 127.0.0.1 against the built `quarry serve` on an
 * indexed tree (3 MB of zod and fastify sources): half speak MCP over HTTP
 * (JSON-RPC `tools/call` POSTs to /mcp: search_code, search_content,
 * list_files, find_references), half REST (project search and
 * /api/tools/search_code). Rate limits are raised for this phase so they do
 * not dominate. A second phase starts a server with the default limits and
 * shows the intended 429s: 100 MCP calls pass in a minute and the next ones
 * are refused, and so for REST search at 30.
 * Loopback only; each client stops at the deadline or after --max-requests.
 * Prints p50/p99 per door and the error count; exits 1 on any error or when
 * the intended 429s do not happen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, runCli } from '../src/test-support/cli.js';
import { startServe } from '../src/test-support/http-server.js';
import { copySources } from './harness/copy-sources.js';

const MCP_ACCEPT = 'application/json, text/event-stream';

function flagNumber(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const n = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(n) || n <= 0) {
    process.stderr.write(`${name} takes a positive number\n`);
    process.exit(2);
  }
  return n;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const MCP_CALLS = [
  { name: 'search_code', arguments: { query: 'parse schema', max_results: 5, detail_level: 'compact' } },
  { name: 'search_code', arguments: { query: 'reply.send', mode: 'exact', max_results: 10 } },
  { name: 'search_code', arguments: { query: 'function\\s+\\w+Error', mode: 'regex', max_results: 5, detail_level: 'ultra' } },
  { name: 'search_content', arguments: { roots: ['.'], query: 'TODO', total_only: true } },
  { name: 'search_content', arguments: { roots: ['.'], query: 'export function', summary_only: true } },
  { name: 'list_files', arguments: { roots: ['.'], extensions: ['ts'], limit: 50 } },
  { name: 'find_references', arguments: { symbol: 'parse', max_results: 10 } },
];
const REST_CALLS: { path: string; body: unknown }[] = [
  { path: '/api/projects/proj_default/search', body: { query: 'hook lifecycle', limit: 10 } },
  { path: '/api/projects/proj_default/search', body: { query: '"content type"', limit: 5 } },
  { path: '/api/projects/proj_default/search', body: { query: 'validation error', filters: { file_types: ['.js'] }, limit: 10 } },
  { path: '/api/tools/search_code', body: { query: 'ZodError', max_results: 5 } },
];

interface Sample { door: 'mcp' | 'rest'; ms: number; ok: boolean; status: number; rateLimited: boolean; detail?: string }

async function request(url: string, door: 'mcp' | 'rest', body: unknown): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: door === 'mcp' ? MCP_ACCEPT : 'application/json' },
      body: JSON.stringify(body), signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const toolFailed = door === 'mcp' && /"isError"\s*:\s*true|"error"\s*:\s*\{/.test(text);
    return { door, ms, ok: response.ok && !toolFailed, status: response.status, rateLimited: response.status === 429, detail: response.ok && !toolFailed ? undefined : text.slice(0, 200) };
  } catch (error) {
    return { door, ms: performance.now() - started, ok: false, status: 0, rateLimited: false, detail: (error as Error).message };
  }
}

async function loadPhase(url: string, clients: number, seconds: number, maxRequests: number): Promise<Sample[]> {
  const deadline = performance.now() + seconds * 1000;
  const samples: Sample[] = [];
  let id = 0;
  const client = async (c: number) => {
    const door = c % 2 === 0 ? 'mcp' : 'rest';
    for (let i = 0; i < maxRequests && performance.now() < deadline; i++) {
      if (door === 'mcp') {
        const call = MCP_CALLS[(c + i) % MCP_CALLS.length]!;
        samples.push(await request(`${url}${i % 2 ? '/api/mcp' : '/mcp'}`, 'mcp', { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: call }));
      } else {
        const call = REST_CALLS[(c + i) % REST_CALLS.length]!;
        samples.push(await request(url + call.path, 'rest', call.body));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return samples;
}

/** Against default limits: the first `limit` requests in the window pass, the rest are 429. */
async function limitPhase(url: string): Promise<{ mcp: { ok: number; limited: number; other: number }; rest: { ok: number; limited: number; other: number } }> {
  const tally = (samples: Sample[]) => ({ ok: samples.filter((s) => s.ok).length, limited: samples.filter((s) => s.rateLimited).length, other: samples.filter((s) => !s.ok && !s.rateLimited).length });
  const mcp: Sample[] = [];
  for (let i = 0; i < 110; i++) mcp.push(await request(`${url}/mcp`, 'mcp', { jsonrpc: '2.0', id: i, method: 'tools/list', params: {} }));
  const rest: Sample[] = [];
  for (let i = 0; i < 35; i++) rest.push(await request(`${url}/api/projects/proj_default/search`, 'rest', { query: 'hook', limit: 1 }));
  return { mcp: tally(mcp), rest: tally(rest) };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const seconds = flagNumber(args, '--seconds', 60);
  const clients = flagNumber(args, '--clients', 8);
  const maxRequests = flagNumber(args, '--max-requests', 50_000);
  const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-load-')));
  const root = path.join(work, 'tree');
  try {
    const copied = copySources(PROJECT_ROOT, ['node_modules/zod/v4/core', 'node_modules/fastify/lib', 'node_modules/fastify/test'], root, 3_000_000);
    const indexed = await runCli(['index', root, '--json'], { timeoutMs: 300_000 });
    if (indexed.code !== 0) throw new Error(`index failed: ${indexed.stderr}`);
    process.stderr.write(`tree: ${copied.files} files, ${(copied.bytes / 1e6).toFixed(1)} MB, indexed\n`);

    const server = await startServe(root, ['--mcp-rate-limit', '100000000', '--search-rate-limit', '100000000', '--refresh', 'off'], 120_000);
    let samples: Sample[];
    const started = performance.now();
    try {
      samples = await loadPhase(server.url, clients, seconds, maxRequests);
    } finally {
      await server.stop();
    }
    const wall = (performance.now() - started) / 1000;

    const limited = await startServe(root, ['--refresh', 'off'], 120_000);
    let limits: Awaited<ReturnType<typeof limitPhase>>;
    try {
      limits = await limitPhase(limited.url);
    } finally {
      await limited.stop();
    }

    const lines = [`${clients} clients (${Math.ceil(clients / 2)} MCP over HTTP, ${Math.floor(clients / 2)} REST) for ${wall.toFixed(1)} s on 127.0.0.1, rate limits raised:`];
    let errors = 0;
    for (const door of ['mcp', 'rest'] as const) {
      const mine = samples.filter((s) => s.door === door);
      const bad = mine.filter((s) => !s.ok);
      errors += bad.length;
      const ms = mine.map((s) => s.ms);
      lines.push(`  ${door.padEnd(4)} ${String(mine.length).padStart(6)} requests, ${(mine.length / wall).toFixed(0)}/s, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${percentile(ms, 100).toFixed(0)} ms, errors ${bad.length}${bad[0] ? ` (first: ${bad[0].status} ${bad[0].detail})` : ''}`);
    }
    lines.push('default limits (intended 429s, counted apart from errors):');
    lines.push(`  MCP 110 requests: ${limits.mcp.ok} passed, ${limits.mcp.limited} got 429, ${limits.mcp.other} other (expected 100 / 10 / 0)`);
    lines.push(`  REST search 35 requests: ${limits.rest.ok} passed, ${limits.rest.limited} got 429, ${limits.rest.other} other (expected 30 / 5 / 0)`);
    const limitsOk = limits.mcp.ok === 100 && limits.mcp.limited === 10 && limits.rest.ok === 30 && limits.rest.limited === 5;
    lines.push(`errors ${errors}${limitsOk ? '' : '; intended 429s did NOT happen as expected'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return errors === 0 && limitsOk ? 0 : 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
