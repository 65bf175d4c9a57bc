import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryError } from '../contracts/errors.js';
import { EMBEDDINGS } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import { FAKE_DIMENSIONS, fakeEmbedding, startFakeEmbeddings, type FakeEmbeddingsServer } from '../test-support/embeddings-server.js';
import { embeddingsConfig, endpointUrl } from './config.js';
import { OpenAiEmbeddings } from './openai-embeddings.js';
import { fuseRankings } from './rrf.js';

async function failure(promise: Promise<unknown>): Promise<QuarryError> {
  try { await promise; } catch (error) { return error as QuarryError; }
  throw new Error('expected a failure');
}

describe('embeddings configuration', () => {
  it('is off without a URL; a base URL gets /embeddings; the key comes from the environment only', () => {
    expect(embeddingsConfig({}, {})).toBeNull();
    expect(embeddingsConfig({ embeddingsUrl: 'http://127.0.0.1:8080/v1/' }, { QUARRY_EMBEDDINGS_API_KEY: ' sk-1 ' })).toEqual({
      url: 'http://127.0.0.1:8080/v1/embeddings', model: EMBEDDINGS.defaultModel, apiKey: 'sk-1',
    });
    expect(embeddingsConfig({}, { QUARRY_EMBEDDINGS_URL: 'https://api.example/v1/embeddings', QUARRY_EMBEDDINGS_MODEL: 'm' })).toEqual({
      url: 'https://api.example/v1/embeddings', model: 'm',
    });
    expect(embeddingsConfig({ embeddingsModel: 'flag' }, { QUARRY_EMBEDDINGS_URL: 'http://h/v1', QUARRY_EMBEDDINGS_MODEL: 'env' })?.model).toBe('flag');
  });

  it('refuses a URL that is not http(s), in the catalogue\'s words', () => {
    for (const bad of ['file:///etc/passwd', 'not a url']) {
      let error: QuarryError | undefined;
      try { endpointUrl(bad); } catch (e) { error = e as QuarryError; }
      expect(error?.code).toBe('INVALID_ARGUMENT');
      expect(error?.message).toBe(message('embeddings.url_invalid', { url: bad }));
    }
  });
});

describe('OpenAiEmbeddings against a local server replaying the OpenAI wire format', () => {
  let fake: FakeEmbeddingsServer;
  let provider: OpenAiEmbeddings;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    provider = new OpenAiEmbeddings({ url: endpointUrl(fake.url), model: 'fake-model', apiKey: 'sk-test' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('sends {model, input} with the bearer key and returns unit vectors in input order', async () => {
    fake.mode = 'ok';
    const texts = ['parse the config file', 'delete a user', 'automobile motor'];
    const vectors = await provider.embed(texts);
    expect(fake.requests.at(-1)).toEqual({ body: { model: 'fake-model', input: texts }, authorization: 'Bearer sk-test' });
    expect(vectors).toHaveLength(3);
    vectors.forEach((v, i) => {
      expect(v.length).toBe(FAKE_DIMENSIONS);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
      const raw = fakeEmbedding(texts[i]!);
      const norm = Math.hypot(...raw);
      expect(Array.from(v).map((x) => Number(x.toFixed(5)))).toEqual(raw.map((x) => Number((x / norm).toFixed(5))));
    });
  });

  it.each([
    ['status500', 'UNAVAILABLE', 'embeddings.http_status', { status: 500 }],
    ['status401', 'UNAVAILABLE', 'embeddings.unauthorized', { status: 401 }],
    ['not_json', 'UNAVAILABLE', 'embeddings.bad_reply', { reason: 'not JSON' }],
    ['wrong_shape', 'UNAVAILABLE', 'embeddings.bad_reply', { reason: 'no data array of {embedding, index}' }],
    ['wrong_count', 'UNAVAILABLE', 'embeddings.bad_reply', { reason: '1 vectors for 2 inputs' }],
    ['huge', 'UNAVAILABLE', 'embeddings.bad_reply', { reason: `more than ${EMBEDDINGS.replyMaxBytes} bytes` }],
  ] as const)('a %s reply is %s with the catalogue text', async (mode, code, key, params) => {
    fake.mode = mode;
    const error = await failure(provider.embed(['a b', 'c d']));
    expect(error).toBeInstanceOf(QuarryError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message(key, { url: endpointUrl(fake.url), ...params }));
  });

  it('a slow endpoint is TIMEOUT after the request\'s budget', async () => {
    fake.mode = 'slow';
    const started = performance.now();
    const error = await failure(provider.embed(['x'], { timeoutMs: 300 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe(message('embeddings.timeout', { url: endpointUrl(fake.url), ms: 300 }));
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('an endpoint that is down is UNAVAILABLE, naming it and what to check', async () => {
    const down = await startFakeEmbeddings();
    await down.close();
    const error = await failure(new OpenAiEmbeddings({ url: endpointUrl(down.url), model: 'm' }).embed(['x']));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(message('embeddings.unreachable', { url: endpointUrl(down.url), reason: 'network error' }));
    expect(error.message).not.toMatch(/ECONNREFUSED|fetch failed/);
  });
});

describe('reciprocal-rank fusion', () => {
  it('sums 1 / (k + rank) over the rankings; an item high in both wins, ties keep first-seen order', () => {
    const fused = fuseRankings([[1, 2, 3], [3, 4, 1]], 60);
    expect(fused.map((f) => f.id)).toEqual([1, 3, 2, 4]);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 63, 10);
    expect(fused.find((f) => f.id === 2)!.score).toBeCloseTo(1 / 62, 10);
  });
});
