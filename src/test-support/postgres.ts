/**
 * @module test-support/postgres
 * Real PostgreSQL for the Store tests: the shared server (127.0.0.1:5432,
 * database `test`, trust auth; `.ci/run` starts it). When it does not answer
 * (a newcomer's laptop) those tests skip, saying why. Every index a test
 * builds lives in a schema of its own, named for the run, and is dropped
 * after; `admin` is a second connection for what an operator would do
 * (look at the tables, terminate Quarry's backends).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ServiceCheck } from './redis.js';
import type { ScratchStore } from './store-contract.js';

export const SHARED_PG_URL = 'postgres://127.0.0.1:5432/test';

/** bigint (counts, versions) as numbers, as the store reads them. */
const NUMBERS = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)),
};

/** A query on a connection of its own (closed after). */
export async function admin<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = [], url = SHARED_PG_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: withUser(url), connectionTimeoutMillis: 2000, types: NUMBERS });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** As libpq: no user in the URL means the operating-system user. */
function withUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER ?? process.env.USER ?? 'root';
  return parsed.href;
}

/** Whether the shared PostgreSQL answers, and the skip reason when it does not. */
export async function sharedPostgres(): Promise<ServiceCheck> {
  const { hostname, port, pathname } = new URL(SHARED_PG_URL);
  const where = `PostgreSQL at ${hostname}:${port}, database ${pathname.slice(1)}`;
  try {
    await admin('SELECT 1');
    return { present: true, reason: `needs ${where}` };
  } catch (error) {
    return { present: false, reason: `needs ${where} (not answering: ${(error as Error).message}; .ci/run starts it)` };
  }
}

/** A schema name no other test run uses. */
export function uniqueSchema(): string {
  return `quarry_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The store URL of `schema` on the shared server. */
export function storeUrl(schema: string, base = SHARED_PG_URL): string {
  return `${base}?schema=${schema}`;
}

/** An empty schema for one index, dropped by `drop`. */
export function scratchSchema(): Promise<ScratchStore & { schema: string; url: string }> {
  const schema = uniqueSchema();
  const url = storeUrl(schema);
  return Promise.resolve({
    schema, url, location: { kind: 'postgres', url },
    drop: async () => { await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); },
  });
}

/** Terminates every backend Quarry opened for `schema` (its application_name); returns how many. */
export async function terminateBackends(schema: string): Promise<number> {
  const rows = await admin<{ pid: number }>(
    'SELECT pg_terminate_backend(pid) AS ok, pid FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
    [`quarry:${schema}`],
  );
  return rows.length;
}

/** The invariants a half-written batch would break: totals, word counts, files without their chunks. */
export async function indexInvariants(schema: string): Promise<Record<string, boolean>> {
  const [row] = await admin<Record<string, boolean>>(`
    SELECT (SELECT count(*) FROM ${schema}.chunks) = s.chunk_rows AS chunks_match,
           (SELECT coalesce(sum(word_count), 0) FROM ${schema}.chunks) = s.word_tokens AS tokens_match,
           (SELECT coalesce(sum(doc), 0) FROM ${schema}.vocab)
             = (SELECT count(*) FROM ${schema}.chunks c, jsonb_object_keys(c.tf)) AS vocab_match,
           NOT EXISTS (SELECT 1 FROM ${schema}.files f WHERE NOT EXISTS (SELECT 1 FROM ${schema}.chunks c WHERE c.file_id = f.id)) AS files_have_chunks
    FROM ${schema}.index_state s`);
  return row!;
}
