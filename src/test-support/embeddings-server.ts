/**
 * @module test-support/embeddings-server
 * A stand-in for an OpenAI-compatible embeddings endpoint on 127.0.0.1 (the
 * real service is not reachable from here), replaying OpenAI's documented
 * wire format: POST /v1/embeddings `{model, input: [...]}` answers
 * `{object: "list", data: [{object: "embedding", embedding, index}], model,
 * usage}`. Vectors are deterministic: each word (lower-cased, after a small
 * synonym table) adds 1 to one of 64 hashed dimensions, so texts sharing
 * words or synonyms are near. `mode` switches to the failures a real
 * endpoint has: HTTP errors, malformed replies, a slow answer.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DIMENSIONS = 64;

/** Words the fake model takes as the same meaning: what a lexical index cannot know. */
const SYNONYMS: Record<string, string> = { automobile: 'car', vehicle: 'car', motor: 'engine', purge: 'delete', erase: 'delete' };

export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(FAKE_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const word = SYNONYMS[raw] ?? raw;
    v[createHash('sha256').update(word).digest().readUInt32BE(0) % FAKE_DIMENSIONS]! += 1;
  }
  return v;
}

export type FakeMode = 'ok' | 'status500' | 'status401' | 'not_json' | 'wrong_count' | 'wrong_shape' | 'slow' | 'huge';

export interface FakeEmbeddingsServer {
  url: string;
  mode: FakeMode;
  requests: { body: { model: string; input: string[] }; authorization: string | undefined }[];
  close: () => Promise<void>;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddingsServer> {
  const state: Omit<FakeEmbeddingsServer, 'url' | 'close'> = { mode: 'ok', requests: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (d: string) => { raw += d; }).on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      state.requests.push({ body, authorization: req.headers.authorization });
      const reply = (status: number, text: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      switch (state.mode) {
        case 'status500': return reply(500, '{"error":{"message":"The server had an error","type":"server_error"}}');
        case 'status401': return reply(401, '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}');
        case 'not_json': return reply(200, '<html>gateway</html>');
        case 'wrong_shape': return reply(200, JSON.stringify({ embeddings: [[1, 2]] }));
        case 'huge': return reply(200, `{"data":[${'0,'.repeat(20_000_000)}0]}`);
        case 'slow': { setTimeout(() => reply(200, '{}'), 10_000).unref(); return; }
        default: break;
      }
      const inputs = state.mode === 'wrong_count' ? body.input.slice(1) : body.input;
      // Listed in reverse: a client must place vectors by `index`, not by position.
      const data = inputs.map((text, index) => ({ object: 'embedding', embedding: fakeEmbedding(text), index })).reverse();
      return reply(200, JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeEmbeddingsServer;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return fake;
}
