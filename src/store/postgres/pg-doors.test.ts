/**
 * The PostgreSQL store through the doors a user has: `quarry index --store`
 * and `quarry mcp --store` (the built CLI, the MCP SDK client over stdio),
 * next to the SQLite index of the same tree; and an index run whose
 * connection is terminated midway. Skipped, saying why, when the shared
 * server does not answer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST } from '../../contracts/limits.js';
import { CLI, PROJECT_ROOT, runCliJson } from '../../test-support/cli.js';
import { callJson, connectStdio, type StdioSession } from '../../test-support/mcp-client.js';
import { admin, indexInvariants, scratchSchema, sharedPostgres, terminateBackends } from '../../test-support/postgres.js';
import { makeTree } from '../../test-support/temp-tree.js';

const PG = await sharedPostgres();
/** Real third-party source, as the ripgrep parity suite uses. */
const CORPUS = path.join(PROJECT_ROOT, 'node_modules', 'zod');

/** What an answer is, beside how long it took and the signature of its cursor (each index has its own secret). */
function answer(body: Record<string, unknown>): Record<string, unknown> {
  const { took_ms: _took, next_cursor: _cursor, ...rest } = body;
  return rest;
}

describe.skipIf(!PG.present)(`quarry index --store and quarry mcp over PostgreSQL, beside SQLite (${PG.reason})`, () => {
  let scratch: Awaited<ReturnType<typeof scratchSchema>>;
  let sqliteFile: string;
  let sqlite: StdioSession;
  let postgres: StdioSession;
  const summaries: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    scratch = await scratchSchema();
    sqliteFile = path.join(makeTree(), 'index.db');
    const [onSqlite, onPostgres] = [
      await runCliJson(['index', CORPUS, '--index', sqliteFile, '--json'], { timeoutMs: 120_000 }),
      await runCliJson(['index', CORPUS, '--store', scratch.url, '--json'], { timeoutMs: 120_000 }),
    ];
    expect(onSqlite.code, onSqlite.stderr).toBe(0);
    expect(onPostgres.code, onPostgres.stderr).toBe(0);
    summaries.sqlite = onSqlite.json as Record<string, number>;
    summaries.postgres = onPostgres.json as Record<string, number>;
    sqlite = await connectStdio(['--root', CORPUS, '--index', sqliteFile, '--no-refresh', '--tools', 'code']);
    postgres = await connectStdio(['--root', CORPUS, '--store', scratch.url, '--no-refresh', '--tools', 'code']);
  }, 240_000);
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
    await scratch?.drop();
  });

  it('builds the same index: files, chunks and index version', () => {
    for (const key of ['files', 'chunks', 'index_version', 'added']) expect(summaries.postgres![key], key).toBe(summaries.sqlite![key]);
    expect(summaries.postgres!.index).toBe(scratch.url);
  });

  it.each([
    ['literal', { query: 'ZodError', mode: 'exact', max_results: 20 }],
    ['literal, case-sensitive, deep page', { query: 'return', mode: 'exact', case_sensitive: true, max_results: 20, skip: 400 }],
    ['regex', { query: 'Zod(String|Number)\\b', mode: 'regex', max_results: 20 }],
    ['regex without a trigram', { query: '^\\s*\\}\\);$', mode: 'regex', max_results: 10 }],
    ['BM25', { query: 'parse string schema', mode: 'text', max_results: 20 }],
    ['BM25, any term', { query: 'refine transform preprocess pipeline', mode: 'text', max_results: 20 }],
    ['BM25 phrase', { query: '"safe parse" error', mode: 'text', max_results: 20 }],
    ['symbol question', { query: 'ZodString class' }],
    ['relationship question', { query: 'what calls safeParse' }],
    ['nothing found, with suggestions', { query: 'stirng scheme', mode: 'text' }],
  ])('search_code %s: the same items, total and paging', async (_name, args) => {
    const [a, b] = await Promise.all([callJson(sqlite.client, 'search_code', args), callJson(postgres.client, 'search_code', args)]);
    expect(a.isError).toBe(false);
    expect(b.isError).toBe(false);
    expect(answer(b.body as Record<string, unknown>)).toEqual(answer(a.body as Record<string, unknown>));
  });

  it('search_code pages the same through cursors', async () => {
    const args = { query: 'schema', mode: 'text', max_results: 5 };
    let [a, b] = await Promise.all([callJson(sqlite.client, 'search_code', args), callJson(postgres.client, 'search_code', args)]);
    for (let page = 0; page < 3; page++) {
      expect(answer(b.body)).toEqual(answer(a.body));
      expect(typeof a.body.next_cursor).toBe('string');
      expect(typeof b.body.next_cursor).toBe('string');
      [a, b] = await Promise.all([
        callJson(sqlite.client, 'search_code', { ...args, cursor: a.body.next_cursor }),
        callJson(postgres.client, 'search_code', { ...args, cursor: b.body.next_cursor }),
      ]);
    }
    expect(answer(b.body)).toEqual(answer(a.body));
  });

  it('find_references answers the same', async () => {
    const args = { symbol: 'safeParse', kind: 'calls', max_results: 50 };
    const [a, b] = await Promise.all([callJson(sqlite.client, 'find_references', args), callJson(postgres.client, 'find_references', args)]);
    expect(b.body).toEqual(a.body);
    expect(a.body.total).toBeGreaterThan(0);
  });

  it('locate ranks the same files over MCP, and quarry locate --store prints what --index prints', async () => {
    const text = 'safeParse returns success: true for an invalid email; ZodString.email() regex accepts a trailing dot';
    const [a, b] = await Promise.all([callJson(sqlite.client, 'locate', { text }), callJson(postgres.client, 'locate', { text })]);
    expect(a.isError).toBe(false);
    expect(answer(b.body)).toEqual(answer(a.body));
    expect((a.body.files as unknown[]).length).toBeGreaterThan(0);
    const [onSqlite, onPostgres] = await Promise.all([
      runCliJson(['locate', text, '--root', CORPUS, '--index', sqliteFile, '--json']),
      runCliJson(['locate', text, '--root', CORPUS, '--store', scratch.url, '--json']),
    ]);
    expect(onPostgres.code, onPostgres.stderr).toBe(0);
    expect(answer(onPostgres.json as Record<string, unknown>)).toEqual(answer(onSqlite.json as Record<string, unknown>));
  });
});

describe.skipIf(!PG.present)(`an index run that loses PostgreSQL midway (${PG.reason})`, () => {
  let scratch: Awaited<ReturnType<typeof scratchSchema>>;
  beforeAll(async () => { scratch = await scratchSchema(); });
  afterAll(async () => { await scratch?.drop(); });

  it('stops with a clear error, leaves only whole batches, and the next run resumes from them', async () => {
    const batches = 5;
    const count = INGEST.filesPerTransaction * batches;
    const root = makeTree(Object.fromEntries(Array.from({ length: count }, (_, i) => [`d${i % 40}/f${i}.txt`, `outage line ${i}\nkestrel ${i % 9}\n`])));
    const child = spawn(process.execPath, [CLI, 'index', root, '--store', scratch.url, '--json', '--workers', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // As soon as the first batch is published, every backend of this index is terminated.
    let published = 0;
    for (const deadline = Date.now() + 60_000; published < 1 && Date.now() < deadline;) {
      published = (await admin<{ version: number }>(`SELECT version FROM ${scratch.schema}.index_state`).catch(() => []))[0]?.version ?? 0;
      if (published < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(published).toBeGreaterThanOrEqual(1);
    expect(await terminateBackends(scratch.schema)).toBeGreaterThan(0);
    expect(await exited).toBe(2);

    // Only whole batches: as many files as the published versions wrote, each with its chunks, the totals agreeing.
    const [state] = await admin<{ version: number; files: number }>(`SELECT version, (SELECT count(*)::int FROM ${scratch.schema}.files) AS files FROM ${scratch.schema}.index_state`);
    expect(stderr).toBe(`quarry: The connection to PostgreSQL at ${scratch.url} was lost during the index run. The batch being written was not applied; `
      + `the ${state!.version} index version(s) published before it are complete. Run quarry index again to resume.\n`);
    expect(state!.files).toBe(state!.version * INGEST.filesPerTransaction);
    expect(state!.version).toBeLessThan(batches);
    expect(await indexInvariants(scratch.schema)).toEqual({ chunks_match: true, tokens_match: true, vocab_match: true, files_have_chunks: true });

    // The next run takes the writer's lock (PostgreSQL let it go with the connection) and writes only what is missing.
    const resumed = await runCliJson(['index', root, '--store', scratch.url, '--json'], { timeoutMs: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json).toMatchObject({ unchanged: state!.files, added: count - state!.files, files: count });
    expect(await indexInvariants(scratch.schema)).toEqual({ chunks_match: true, tokens_match: true, vocab_match: true, files_have_chunks: true });
    const search = await runCliJson(['search', 'outage line', '--mode', 'exact', '--root', root, '--store', scratch.url, '--json']);
    expect(search.json.total).toBe(count);
    fs.rmSync(root, { recursive: true, force: true });
  }, 180_000);
});
