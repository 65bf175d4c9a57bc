import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../contracts/messages/index.js';
import { endpointUrl } from '../embeddings/config.js';
import { startFakeEmbeddings, type FakeEmbeddingsServer } from '../test-support/embeddings-server.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';

describe('search_code with an embeddings endpoint (quarry mcp, QUARRY_EMBEDDINGS_URL)', () => {
  let fake: FakeEmbeddingsServer;
  let session: StdioSession;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    const root = makeTree({
      'src/cars.ts': 'export function startCar(key: string) {\n  // turn the car engine on\n  return ignite(key);\n}\n',
      'src/users.ts': 'export function removeUser(id: number) {\n  // delete the user and their sessions\n  return db.delete(id);\n}\n',
    });
    // The refresh at start indexes the words (searches wait for it), then a second child embeds the chunks.
    session = await connectStdio(['--root', root], { QUARRY_EMBEDDINGS_URL: fake.url, QUARRY_EMBEDDINGS_MODEL: 'fake-model', QUARRY_EMBEDDINGS_API_KEY: 'sk-door' });
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  it('ranks by words and vectors together once the background pass stored vectors, and says so', async () => {
    // Searches wait for the word index only; until the embedding child has stored vectors they say so and rank by words.
    let reply = await callJson(session.client, 'search_code', { query: 'automobile motor', detail_level: 'ultra' });
    for (let tries = 0; !reply.body.semantic?.fused && tries < 100; tries++) {
      expect(reply.body.warnings).toEqual([message('embeddings.skipped', { reason: message('embeddings.no_vectors', { model: 'fake-model' }) })]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply = await callJson(session.client, 'search_code', { query: 'automobile motor', detail_level: 'ultra' });
    }
    const { isError, body, text } = reply;
    expect(isError).toBe(false);
    expect(body.semantic).toEqual({ model: 'fake-model', fused: true });
    expect(body.items[0].file).toBe('src/cars.ts');
    expect(text.split('\n')[0]).toContain('with embeddings');
    expect(fake.requests.some((r) => r.body.input.length === 1 && r.body.input[0] === 'automobile motor' && r.authorization === 'Bearer sk-door')).toBe(true);
  });

  it('an endpoint failing at query time: the words answer still comes, with the reason as a warning', async () => {
    fake.mode = 'status500';
    try {
      const { isError, body } = await callJson(session.client, 'search_code', { query: 'delete user' });
      expect(isError).toBe(false);
      expect(body.items[0].file).toBe('src/users.ts');
      expect(body.semantic).toBeUndefined();
      const reason = message('embeddings.http_status', { url: endpointUrl(fake.url), status: 500 });
      expect(body.warnings).toContain(message('embeddings.skipped', { reason }));
    } finally {
      fake.mode = 'ok';
    }
  });

  it('exact and regex searches never call the endpoint', async () => {
    const before = fake.requests.length;
    const { body } = await callJson(session.client, 'search_code', { query: 'removeUser', mode: 'exact' });
    expect(body.items[0].file).toBe('src/users.ts');
    expect(fake.requests.length).toBe(before);
  });
});
