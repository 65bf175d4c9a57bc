import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { HTTP } from '../contracts/limits.js';
import { startServe } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

describe('quarry serve timeouts', () => {
  it('cuts a slow-loris request whose headers never finish', async () => {
    const server = await startServe(makeTree({ 'a.txt': 'alpha\n' }));
    try {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let reply = '';
      socket.setEncoding('utf8').on('data', (d: string) => { reply += d; });
      socket.on('error', () => undefined);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One header line every half second keeps the socket busy, so only the headers timeout can end it.
      let n = 0;
      const drip = setInterval(() => { if (!socket.destroyed) socket.write(`X-Drip-${n++}: a\r\n`); }, 500);
      await closed;
      clearInterval(drip);
      expect(n).toBeGreaterThan(0);
      expect(reply === '' || reply.startsWith('HTTP/1.1 408')).toBe(true);
      // The server is still there for everyone else.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, HTTP.headersTimeoutMs + 20_000);
});
