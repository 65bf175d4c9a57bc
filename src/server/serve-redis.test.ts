import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT } from '../contracts/limits.js';
import { runCli } from '../test-support/cli.js';
import { mcpPost, SEED_429_BODY, startServe, type ServerProcess } from '../test-support/http-server.js';
import { redisServerInstalled, SHARED_REDIS_URL, sharedRedis, startThrowawayRedis, uniqueKeyPrefix, type ThrowawayRedis } from '../test-support/redis.js';
import { makeTree } from '../test-support/temp-tree.js';

const REDIS = await sharedRedis();
const REDIS_SERVER = redisServerInstalled();
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
/** pino's number for a warning line. */
const WARN = 40;

function expectContract429(response: Awaited<ReturnType<typeof mcpPost>>, what: string): void {
  expect(response.status, what).toBe(429);
  expect(response.text, what).toBe(SEED_429_BODY);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter, what).toBeGreaterThan(0);
  expect(retryAfter, what).toBeLessThanOrEqual(RATE_LIMIT.windowMs / 1000);
}

const linesOf = (server: ServerProcess, event: string) => server.lines().filter((l) => l.event === event);

describe.skipIf(!REDIS.present)(`three quarry serve processes sharing one Redis (${REDIS.reason})`, () => {
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    const tree = makeTree({ 'a.txt': 'alpha\n' });
    const prefix = uniqueKeyPrefix();
    // Two select Redis by flag, one by QUARRY_RATE_STORE.
    servers.push(...await Promise.all([
      startServe(tree, ['--rate-store', SHARED_REDIS_URL, '--rate-key-prefix', prefix]),
      startServe(tree, ['--rate-store', SHARED_REDIS_URL, '--rate-key-prefix', prefix, '--refresh', 'off']),
      startServe(tree, ['--refresh', 'off'], 30_000, { QUARRY_RATE_STORE: SHARED_REDIS_URL, QUARRY_RATE_KEY_PREFIX: prefix }),
    ]));
  });
  afterAll(async () => { await Promise.all(servers.map((s) => s.stop())); });

  it('allows 100 MCP requests a minute across all three, and gives the 101st the MCP contract\'s 429 body byte for byte on every one', async () => {
    for (const server of servers) expect(linesOf(server, 'server_ready')[0]).toMatchObject({ rate_store: `${SHARED_REDIS_URL}` });
    // Spread over the three servers and both MCP paths, several at a time, as a balancer would.
    const statuses: number[] = [];
    for (let wave = 0; wave < RATE_LIMIT.mcpPerWindow; wave += 10) {
      const sent = Array.from({ length: 10 }, (_, i) => {
        const n = wave + i;
        return mcpPost(`${servers[n % 3]!.url}${n % 2 ? '/api/mcp' : '/mcp'}`, { ...listTools, id: n });
      });
      statuses.push(...(await Promise.all(sent)).map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT.mcpPerWindow);
    for (const [i, server] of servers.entries()) expectContract429(await mcpPost(`${server.url}/mcp`, listTools), `server ${i + 1}`);
  });
});

describe.skipIf(!REDIS_SERVER.present)(`quarry serve while its Redis is killed and started again (${REDIS_SERVER.reason})`, () => {
  let redis: ThrowawayRedis;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    redis = await startThrowawayRedis();
    const tree = makeTree({ 'a.txt': 'alpha\n' });
    // A small limit, and clients told apart by x-forwarded-for, so each phase has fresh windows.
    const args = ['--rate-store', redis.url, '--rate-key-prefix', uniqueKeyPrefix(), '--mcp-rate-limit', '4', '--trust-proxy', '127.0.0.1', '--refresh', 'off'];
    servers.push(...await Promise.all([startServe(tree, args), startServe(tree, args)]));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  });

  const send = (server: ServerProcess, client: string) => mcpPost(`${server.url}/mcp`, listTools, { 'x-forwarded-for': client });
  const statuses = async (server: ServerProcess, client: string, n: number) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await send(server, client)).status);
    return result;
  };

  it('shares the window, fails open (with one warning line per server) while Redis is down, and shares it again once Redis is back', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Shared: 2 + 2 requests on two servers fill the window of 4; the fifth is refused on either.
    expect([...await statuses(a, '203.0.113.1', 2), ...await statuses(b, '203.0.113.1', 2)]).toEqual([200, 200, 200, 200]);
    expectContract429(await send(a, '203.0.113.1'), 'shared window, server a');

    await redis.kill();
    // Fail open: requests are answered, and each server still limits on its own window (4 each, not 4 in all).
    expect(await statuses(a, '203.0.113.2', 4)).toEqual([200, 200, 200, 200]);
    expectContract429(await send(a, '203.0.113.2'), 'own window, server a');
    expect(await statuses(b, '203.0.113.2', 4)).toEqual([200, 200, 200, 200]);
    for (const server of [a, b]) {
      const warnings = linesOf(server, 'rate_store_unavailable');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: WARN, store: redis.url, reason: expect.any(String) });
    }

    await redis.restart();
    // Recovery is noticed by the next request that tries Redis; probe as other clients until both servers say so.
    const deadline = Date.now() + 30_000;
    for (let probe = 1; [a, b].some((server) => linesOf(server, 'rate_store_recovered').length === 0); probe++) {
      expect(Date.now(), 'both servers use Redis again within 30 s').toBeLessThan(deadline);
      await Promise.all([a, b].map((server) => send(server, `198.51.100.${probe % 250}`)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const server of [a, b]) expect(linesOf(server, 'rate_store_recovered')).toEqual([expect.objectContaining({ store: redis.url })]);
    expect([...await statuses(a, '203.0.113.3', 2), ...await statuses(b, '203.0.113.3', 2)]).toEqual([200, 200, 200, 200]);
    expectContract429(await send(b, '203.0.113.3'), 'shared again, server b');
    expectContract429(await send(a, '203.0.113.3'), 'shared again, server a');
  });
});

describe('quarry serve --rate-store', () => {
  it('refuses a value that is neither memory nor a Redis URL as a usage error, without echoing a password', async () => {
    const result = await runCli(['serve', makeTree({}), '--rate-store', 'http://quarry:s3cret@10.0.0.5:6379']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Not a rate-limit store: http://quarry:***@10.0.0.5:6379/ (expected memory, or a Redis URL such as redis://127.0.0.1:6379).');
    expect(result.stderr).not.toContain('s3cret');
  });
});
