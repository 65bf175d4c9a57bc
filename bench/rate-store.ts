/**
 * @module bench/rate-store
 * `npm run bench:rate-store -- [--takes N] [--requests N] [--redis URL]`
 * What sharing the rate limit through Redis costs. Store level: N window
 * decisions one after another (latency), then N at once from 3 connections
 * on one client key (as 3 servers behind a balancer: throughput, and the
 * allowed count must be exactly the limit). HTTP level: sequential MCP
 * `tools/list` requests to the built `quarry serve` with the memory store
 * and with Redis (latency a client sees). Keys get a fresh prefix and expire
 * after the window. Exits 1 when the shared count is not exact.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryWindowStore } from '../src/server/rate-limit/memory-window-store.js';
import { RedisWindowStore } from '../src/server/rate-limit/redis-window-store.js';
import type { WindowStore } from '../src/server/rate-limit/window-store.js';
import { RATE_LIMIT } from '../src/contracts/limits.js';
import { mcpPost, startServe } from '../src/test-support/http-server.js';
import { SHARED_REDIS_URL, uniqueKeyPrefix } from '../src/test-support/redis.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] ?? fallback : fallback;
}

const TAKES = Number(option('--takes', '5000'));
const REQUESTS = Number(option('--requests', '500'));
const REDIS_URL = option('--redis', SHARED_REDIS_URL);
const { windowMs } = RATE_LIMIT;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const summary = (ms: number[]) => `p50 ${percentile(ms, 50).toFixed(3)} ms, p99 ${percentile(ms, 99).toFixed(3)} ms`;

async function sequential(store: WindowStore): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < TAKES; i++) {
    const started = performance.now();
    await store.take(`client-${i % 100}`, 1_000_000, windowMs);
    ms.push(performance.now() - started);
  }
  return ms;
}

async function redisStore(keyPrefix: string): Promise<RedisWindowStore> {
  const store = new RedisWindowStore({ url: REDIS_URL, keyPrefix });
  await store.connect();
  return store;
}

async function main(): Promise<number> {
  const memory = new MemoryWindowStore();
  console.log(`store, ${TAKES} sequential decisions`);
  console.log(`  memory  ${summary(await sequential(memory))}`);
  const redis = await redisStore(uniqueKeyPrefix());
  console.log(`  redis   ${summary(await sequential(redis))}`);
  await Promise.all([memory.close(), redis.close()]);

  // Three "servers" on one client key, everything at once: throughput, and exactly `limit` allowed.
  const limit = Math.floor(TAKES / 2);
  const prefix = uniqueKeyPrefix();
  const servers = await Promise.all([0, 1, 2].map(() => redisStore(prefix)));
  const started = performance.now();
  const decisions = await Promise.all(Array.from({ length: TAKES }, (_, i) => servers[i % 3]!.take('one-client', limit, windowMs)));
  const seconds = (performance.now() - started) / 1000;
  const allowed = decisions.filter((d) => d.allowed).length;
  console.log(`  redis, 3 connections, ${TAKES} at once on one key: ${(TAKES / seconds).toFixed(0)} decisions/s, allowed ${allowed} of limit ${limit}`);
  await Promise.all(servers.map((s) => s.close()));

  console.log(`HTTP, ${REQUESTS} sequential MCP tools/list requests to quarry serve`);
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-rate-store-'));
  fs.writeFileSync(path.join(tree, 'a.txt'), 'alpha\n');
  for (const [name, args] of [['memory', []], ['redis', ['--rate-store', REDIS_URL, '--rate-key-prefix', uniqueKeyPrefix()]]] as const) {
    const server = await startServe(tree, [...args, '--mcp-rate-limit', String(REQUESTS * 10), '--refresh', 'off']);
    try {
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = performance.now();
        const response = await mcpPost(`${server.url}/mcp`, { jsonrpc: '2.0', id: i, method: 'tools/list', params: {} });
        if (response.status !== 200) throw new Error(`request ${i}: HTTP ${response.status}`);
        ms.push(performance.now() - t);
      }
      console.log(`  ${name.padEnd(7)} ${summary(ms)}`);
    } finally {
      await server.stop();
    }
  }
  fs.rmSync(tree, { recursive: true, force: true });
  return allowed === limit ? 0 : 1;
}

process.exitCode = await main();
