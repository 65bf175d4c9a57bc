import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../contracts/messages/index.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { runSearchCode, searchCodePage } from '../search/search-code-service.js';
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { SemanticQuery } from '../search/semantic-fusion.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { fakeEmbedding, startFakeEmbeddings, type FakeEmbeddingsServer } from '../test-support/embeddings-server.js';
import { runCli } from '../test-support/cli.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { endpointUrl, type EmbeddingsConfig } from './config.js';
import { OpenAiEmbeddings } from './openai-embeddings.js';
import { normalize } from './provider.js';
import { QueryEmbeddings } from './query-embeddings.js';
import { vectorStats } from './vector-store.js';

const FILES = {
  'src/cars.ts': 'export function startCar(key: string) {\n  // turn the car engine on\n  return ignite(key);\n}\n',
  'src/users.ts': 'export function removeUser(id: number) {\n  // delete the user and their sessions\n  return db.delete(id);\n}\n',
  'src/config.ts': 'export function parseConfig(text: string) {\n  return JSON.parse(text);\n}\n',
  'scripts/report.py': 'def print_report(rows):\n    for row in rows:\n        print(row)\n',
};

const queryVector = (text: string) => Array.from(normalize(Float32Array.from(fakeEmbedding(text))));

describe('the embedding pass of quarry index, and hybrid ranking', () => {
  let fake: FakeEmbeddingsServer;
  let root: string;
  let index: string;
  let config: EmbeddingsConfig;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    config = { url: endpointUrl(fake.url), model: 'fake-model' };
    root = makeTree(FILES);
    index = path.join(root, '.quarry', 'index.db');
  });
  afterAll(async () => {
    await fake?.close();
  });

  const chunkCount = () => {
    const store = SqliteStore.open(index);
    try { return { chunks: store.counts().chunks, vectors: vectorStats(store, 'fake-model').count }; } finally { store.close(); }
  };

  it('embeds every chunk once, then only what changed; a deleted file takes its vectors along', async () => {
    const first = await indexFolder({ root, embeddings: config, workers: 0 });
    expect(first.embeddings).toMatchObject({ model: 'fake-model', missing: 0 });
    expect(first.embeddings!.embedded).toBe(first.chunks);
    expect(chunkCount()).toEqual({ chunks: first.chunks, vectors: first.chunks });
    const sent = fake.requests.flatMap((r) => r.body.input);
    expect(sent.some((input) => input.startsWith('src/cars.ts') && input.includes('turn the car engine on'))).toBe(true);

    const requests = fake.requests.length;
    const again = await indexFolder({ root, embeddings: config, workers: 0 });
    expect(again.embeddings).toMatchObject({ embedded: 0, missing: 0 });
    expect(fake.requests.length).toBe(requests);

    writeTree(root, { 'src/users.ts': `${FILES['src/users.ts']}export const admin = 'root';\n` });
    const changed = await indexFolder({ root, embeddings: config, workers: 0 });
    expect(changed.embeddings!.embedded).toBeGreaterThan(0);
    expect(changed.embeddings!.embedded).toBeLessThan(changed.chunks);
    expect(fake.requests.slice(requests).flatMap((r) => r.body.input).every((input) => input.startsWith('src/users.ts'))).toBe(true);

    fs.rmSync(path.join(root, 'scripts/report.py'));
    const removed = await indexFolder({ root, embeddings: config, workers: 0 });
    expect(chunkCount()).toEqual({ chunks: removed.chunks, vectors: removed.chunks });
  });

  it('fuses the nearest chunks into the word ranking: a synonym query finds what words alone cannot', async () => {
    const opened = SqliteIndex.open(index);
    const page = (params: SearchCodeParams, query: SemanticQuery) =>
      opened.read((reader) => searchCodePage(reader, params, 0, { query, vectors: opened.sqlite }));
    try {
      const params = normalizeSearchCodeParams({ query: 'automobile motor', mode: 'text' });
      expect((await runSearchCode(opened, params)).total).toBe(0);
      const hybrid = (await page(params, { model: 'fake-model', vector: queryVector('automobile motor') }));
      expect(hybrid.semantic).toEqual({ model: 'fake-model', fused: true });
      expect(hybrid.items[0]!.file).toBe('src/cars.ts');
      expect(hybrid.total).toBeGreaterThanOrEqual(hybrid.items.length);
      expect(hybrid.items.map((i) => i.relevance)).toEqual([...hybrid.items.map((i) => i.relevance)].sort((a, b) => b - a));

      const words = normalizeSearchCodeParams({ query: 'delete user', mode: 'text' });
      const fused = (await page(words, { model: 'fake-model', vector: queryVector('purge user') }));
      expect(fused.items[0]!.file).toBe('src/users.ts');

      const python = normalizeSearchCodeParams({ query: 'automobile motor', mode: 'text', language: 'python' });
      expect((await page(python, { model: 'fake-model', vector: queryVector('automobile motor') })).items).toEqual([]);

      // An unknown single token in auto mode still falls back to a substring search, vectors or not.
      const token = (await page(normalizeSearchCodeParams({ query: 'gnite' }), { model: 'fake-model', vector: queryVector('gnite') }));
      expect(token.mode).toBe('exact');
      expect(token.items.map((i) => i.file)).toEqual(['src/cars.ts']);

      const otherModel = (await page(params, { model: 'another-model', vector: queryVector('automobile motor') }));
      expect(otherModel.semantic).toEqual({ model: 'another-model', fused: false });
      expect(otherModel.total).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it('an endpoint that is down leaves the word index complete and says why in the summary', async () => {
    const down = await startFakeEmbeddings();
    await down.close();
    const tree = makeTree(FILES);
    const summary = await indexFolder({ root: tree, embeddings: { url: endpointUrl(down.url), model: 'fake-model' }, workers: 0 });
    const reason = message('embeddings.unreachable', { url: endpointUrl(down.url), reason: 'network error' });
    expect(summary.embeddings).toMatchObject({
      embedded: 0, missing: summary.chunks, vectors: 0,
      error: { code: 'UNAVAILABLE', message: message('embeddings.pass_failed', { missing: summary.chunks, reason }) },
    });
    const store = SqliteIndex.open(summary.index);
    try {
      expect((await runSearchCode(store, normalizeSearchCodeParams({ query: 'removeUser' }))).items[0]!.file).toBe('src/users.ts');
    } finally {
      await store.close();
    }
  });

  it('a bad reply stops the pass the same way, keeping the batches already stored', async () => {
    const tree = makeTree(FILES);
    fake.mode = 'wrong_count';
    try {
      const summary = await indexFolder({ root: tree, embeddings: config, workers: 0 });
      expect(summary.embeddings!.error!.code).toBe('UNAVAILABLE');
      expect(summary.embeddings!.error!.message).toContain(message('embeddings.bad_reply', { url: config.url, reason: `${summary.chunks - 1} vectors for ${summary.chunks} inputs` }));
    } finally {
      fake.mode = 'ok';
    }
  });

  it('quarry index takes the endpoint as a flag (the key from the environment), and --no-embeddings skips the pass', async () => {
    const tree = makeTree(FILES);
    const before = fake.requests.length;
    const skipped = await runCli(['index', tree, '--json', '--no-embeddings'], { env: { QUARRY_EMBEDDINGS_URL: fake.url } });
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout)).not.toHaveProperty('embeddings');
    expect(fake.requests.length).toBe(before);
    const run = await runCli(['index', tree, '--json', '--embeddings-url', fake.url, '--embeddings-model', 'flag-model'], { env: { QUARRY_EMBEDDINGS_API_KEY: 'sk-env' } });
    const summary = JSON.parse(run.stdout);
    expect(summary.embeddings).toMatchObject({ model: 'flag-model', embedded: summary.chunks, missing: 0 });
    expect(fake.requests.slice(before).every((r) => r.body.model === 'flag-model' && r.authorization === 'Bearer sk-env')).toBe(true);
  });

  it('query vectors: none asked for while the index has no vectors of the model; a repeated query is not sent again', async () => {
    const store = SqliteStore.open(index);
    try {
      const provider = new OpenAiEmbeddings(config);
      const unknown = await new QueryEmbeddings(new OpenAiEmbeddings({ ...config, model: 'unseen' })).forSearch(store, 'car', 'cs');
      expect(unknown).toEqual({ warning: message('embeddings.skipped', { reason: message('embeddings.no_vectors', { model: 'unseen' }, 'cs') }, 'cs') });
      const queries = new QueryEmbeddings(provider);
      const before = fake.requests.length;
      const first = await queries.forSearch(store, 'car engine', 'en');
      const again = await queries.forSearch(store, 'car engine', 'en');
      expect(again).toEqual(first);
      expect('query' in first && first.query.vector).toEqual(queryVector('car engine').map((x) => Math.fround(x)));
      expect(fake.requests.length).toBe(before + 1);
    } finally {
      store.close();
    }
  });
});

