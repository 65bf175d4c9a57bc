/**
 * The PostgreSQL store on the shared server (127.0.0.1:5432, database test),
 * one schema per index, dropped after: the Store contract, ripgrep parity,
 * and what only a shared server has (migrations, one writer, outages).
 * Skipped, saying why, when the server does not answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { callTool } from '../../tools/call-tool.js';
import { ToolContext } from '../../tools/context.js';
import { indexFolder } from '../../ingest/indexer.js';
import { normalizeSearchCodeParams } from '../../contracts/search-code-params.js';
import { searchLines } from '../../search/line-search.js';
import { findReferences } from '../../search/references-service.js';
import { message } from '../../contracts/messages/index.js';
import { planSearch, type LinesPlan } from '../../search/plan.js';
import { admin, indexInvariants, scratchSchema, sharedPostgres, terminateBackends } from '../../test-support/postgres.js';
import { rgParityContract } from '../../test-support/rg-parity-contract.js';
import { CONTRACT_TREE, storeContract } from '../../test-support/store-contract.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { openStore } from '../open-store.js';
import { PG_SCHEMA_VERSION } from './pg-schema.js';

const PG = await sharedPostgres();

storeContract('PostgreSQL', scratchSchema, PG);
rgParityContract('PostgreSQL', scratchSchema, PG);

describe.skipIf(!PG.present)(`PostgreSQL store (${PG.reason})`, () => {
  const dropped: (() => Promise<void>)[] = [];
  const schema = async () => { const s = await scratchSchema(); dropped.push(s.drop); return s; };
  afterAll(async () => { for (const drop of dropped) await drop(); });

  it('records its schema version, creates pg_trgm and a weighted tsvector, and refuses an index newer than itself', async () => {
    const s = await schema();
    const root = makeTree(CONTRACT_TREE);
    await indexFolder({ root, store: s.location, workers: 0 });
    expect(await admin(`SELECT version FROM ${s.schema}.schema_version`)).toEqual([{ version: PG_SCHEMA_VERSION }]);
    expect(await admin("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'")).toHaveLength(1);
    const indexes = (await admin<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = $1', [s.schema])).map((r) => r.indexdef);
    expect(indexes).toContainEqual(expect.stringMatching(/chunks_words ON .* USING gin \(words\)/));
    expect(indexes).toContainEqual(expect.stringMatching(/chunks_grams ON .* USING gin \(content \S*gin_trgm_ops\)/));
    // A word of the path carries weight A, a word of the body only D.
    const weights = await admin<{ path_word: boolean; body_word: boolean }>(
      `SELECT words @@ 'retri:A'::tsquery AS path_word, words @@ 'exponenti:A'::tsquery AS body_word
       FROM ${s.schema}.chunks c JOIN ${s.schema}.files f ON f.id = c.file_id WHERE f.path = 'lib/retry.py'`,
    );
    expect(weights[0]).toEqual({ path_word: true, body_word: false });
    await admin(`UPDATE ${s.schema}.schema_version SET version = version + 1`);
    const refusal = await openStore(s.location, { root }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'UNAVAILABLE' });
    expect((refusal as Error).message).toContain(`schema version ${PG_SCHEMA_VERSION + 1}, newer than this Quarry (${PG_SCHEMA_VERSION})`);
  });

  it('has one writer at a time: a second one is refused in catalogue words while the first holds the lock', async () => {
    const s = await schema();
    const first = await openStore(s.location, { create: true });
    const second = await openStore(s.location, { create: true });
    try {
      const writer = await first.openWriter();
      const refusal = await second.openWriter().catch((e: unknown) => e);
      expect(refusal).toMatchObject({ code: 'UNAVAILABLE' });
      expect((refusal as Error).message).toBe(`Another quarry index is writing to ${first.displayName}; an index has one writer at a time. Try again when it finishes.`);
      const byCli = await indexFolder({ root: makeTree({ 'a.txt': 'x\n' }), store: s.location }).catch((e: unknown) => e);
      expect(byCli).toMatchObject({ code: 'UNAVAILABLE', text: { key: 'store.writer_busy' } });
      await writer.close();
      await (await second.openWriter()).close();
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps its word counts and totals equal to the chunks they count through updates and deletions', async () => {
    const s = await schema();
    const files = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}.txt`, `shared word${i} word${i % 7}\n`]));
    const root = makeTree(files);
    await indexFolder({ root, store: s.location, workers: 0 });
    const { writeTree } = await import('../../test-support/temp-tree.js');
    writeTree(root, Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.txt`, `changed word${i + 100}\n`])));
    const fs = await import('node:fs');
    for (let i = 30; i < 40; i++) fs.rmSync(`${root}/f${i}.txt`);
    await indexFolder({ root, store: s.location, workers: 0 });
    expect(await indexInvariants(s.schema)).toEqual({ chunks_match: true, tokens_match: true, vocab_match: true, files_have_chunks: true });
  });

  it('stops a search cut off by a lost connection with a catalogue error, and the next search answers', async () => {
    const s = await schema();
    const root = makeTree(Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`n/${i}.txt`, `needle ${i}\n`])));
    await indexFolder({ root, store: s.location, workers: 0 });
    const store = await openStore(s.location, { root });
    try {
      const plan = planSearch(normalizeSearchCodeParams({ query: '\\w+ \\d+', mode: 'regex' })) as LinesPlan;
      const cut = await store.read(async (reader) => {
        for await (const batch of reader.candidates(plan.filters, plan.candidates)) {
          expect(batch.length).toBeGreaterThan(0);
          // Between two fetches of the scan, an operator (or a failover) ends every backend of this index.
          expect(await terminateBackends(s.schema)).toBeGreaterThan(0);
        }
        return 'finished';
      }).catch((e: unknown) => e);
      expect(cut).toMatchObject({ code: 'UNAVAILABLE', details: { retryable: true } });
      expect((cut as Error).message).toBe(`The connection to PostgreSQL at ${store.displayName} was lost during the search; no answer was given. Try again when the server is back.`);
      // The pool opens a new connection: the same search now answers, exactly.
      const again = await store.read((reader) => searchLines(reader, plan, { offset: 0, limit: 5 }));
      expect(again.total).toBe(1200);
      // A connection that died while idle is replaced before the search starts (nothing was read on it).
      await terminateBackends(s.schema);
      expect((await store.read((reader) => searchLines(reader, plan, { offset: 0, limit: 5 }))).total).toBe(1200);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('answers a value PostgreSQL cannot take, should one slip past the contracts, as INVALID_ARGUMENT in catalogue words, never as a fault', async () => {
    const s = await schema();
    const root = makeTree({ 'a.ts': 'export function login() { return 1; }\n' });
    await indexFolder({ root, store: s.location, workers: 0 });
    const store = await openStore(s.location, { root });
    try {
      const filters = { language: null, repository: null };
      const refusals = await Promise.all([
        store.read((reader) => findReferences(reader, { symbol: 'log\u0000in', kinds: ['CALLS'], filters, limit: 5, offset: 0 })).catch((e: unknown) => e),
        store.read((reader) => reader.fileOutline('a\u0000.ts')).catch((e: unknown) => e),
      ]);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({ code: 'INVALID_ARGUMENT', details: { sqlstate: expect.stringMatching(/^22/) } });
        expect((refusal as Error).message).toBe(message('store.input_refused', { store: store.displayName }));
      }
      // The connection is fine afterwards.
      expect(await store.read((reader) => reader.fileOutline('a.ts'))).toEqual([expect.objectContaining({ name: 'login' })]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('runs locate through the tools, reading the shared index as on SQLite', async () => {
    const s = await schema();
    const root = makeTree(CONTRACT_TREE);
    await indexFolder({ root, store: s.location, workers: 0 });
    const ctx = new ToolContext({ root, store: s.url });
    try {
      const answer = await callTool('locate', { text: 'TokenValidator rejects a valid token in validateToken' }, ctx) as { files: { file: string; reasons: string[]; symbols: { name: string }[] }[] };
      expect(answer.files[0]).toMatchObject({ file: 'src/auth/token.ts' });
      expect(answer.files[0]!.reasons.join('; ')).toContain('defines TokenValidator');
      expect(answer.files[0]!.symbols.map((sy) => sy.name)).toContain('TokenValidator.validateToken');
    } finally {
      ctx.close();
    }
  });

  it('answers UNAVAILABLE in catalogue words, in the caller\'s language, when PostgreSQL cannot be reached', async () => {
    const root = makeTree({ 'a.txt': 'x\n' });
    const url = 'postgres://127.0.0.1:1/test?schema=nowhere';
    for (const [locale, text] of [['en', 'cannot be reached'], ['ja', '接続できません'], ['cs', 'není dostupný']] as const) {
      const ctx = new ToolContext({ root, store: url, locale });
      try {
        const failure = await callTool('search_code', { query: 'x' }, ctx).catch((e: unknown) => e);
        expect(failure).toMatchObject({ code: 'UNAVAILABLE' });
        expect((failure as Error).message).toContain(text);
        expect((failure as Error).message).toContain('postgres://127.0.0.1:1/test?schema=nowhere');
        expect((failure as Error).message).not.toMatch(/ECONNREFUSED|connect |Error:/);
      } finally {
        ctx.close();
      }
    }
  });
});
