import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, SEED_429_BODY, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const LIMIT = 3;

describe('quarry serve on 127.0.0.1: the loopback range is one client', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(makeTree({ 'a.txt': 'alpha\n' }), ['--mcp-rate-limit', String(LIMIT)]); });
  afterAll(async () => { await server?.stop(); });

  it('gives a client that moves to 127.0.0.2, .3 or .5 after its 429 no fresh window', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await rawRequest(`${server.url}/mcp`, { body: ping, localAddress: '127.0.0.1' })).status).toBe(200);
    }
    expect((await rawRequest(`${server.url}/mcp`, { body: ping, localAddress: '127.0.0.1' })).status).toBe(429);
    for (const localAddress of ['127.0.0.2', '127.0.0.3', '127.0.0.5']) {
      const moved = await rawRequest(`${server.url}/mcp`, { body: ping, localAddress });
      expect(moved.status, localAddress).toBe(429);
      expect(moved.text).toBe(SEED_429_BODY);
    }
  });
});

describe('quarry serve behind a trusted proxy: an IPv6 client is its /64', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServe(makeTree({ 'a.txt': 'alpha\n' }), ['--mcp-rate-limit', String(LIMIT), '--trust-proxy', '127.0.0.1']);
  });
  afterAll(async () => { await server?.stop(); });

  const from = (client: string) => rawRequest(`${server.url}/mcp`, { body: ping, headers: { 'x-forwarded-for': client } });

  it('counts every address of one /64 in one window, and a neighbouring /64 apart', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await from(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
    for (const sibling of ['2001:db8:1:2::ff', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0DB8:0001:0002::1']) {
      expect((await from(sibling)).status, sibling).toBe(429);
    }
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
    // IPv4 clients behind the proxy are still one address each.
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.2')).status).toBe(200);
  });
});
