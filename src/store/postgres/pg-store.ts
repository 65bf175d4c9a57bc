/**
 * @module store/postgres/pg-store
 * An index in a PostgreSQL schema, shared by every server pointed at it
 * (`--store postgres://…`): the `Store` of store/store, beside the SQLite
 * file. Opening connects (a pool of PG_STORE.poolMax, the schema on the
 * search path), applies pending migrations (store/postgres/pg-schema), and
 * says INDEX_MISSING when nothing was ever indexed there. A search reads in
 * one REPEATABLE READ, READ ONLY transaction with a statement timeout; one
 * index run writes through PgWriter. Failures of the server reach a caller
 * in catalogue words (store/postgres/pg-errors), never in the driver's.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { catalogueError } from '../../contracts/errors.js';
import { PG_STORE } from './pg-tuning.js';
import type { OpenStoreOptions } from '../open-store.js';
import type { IndexReader, IndexWriter, Store, StoreLocation } from '../store.js';
import { isConnectionFailure, pgFailure } from './pg-errors.js';
import { PgReader } from './pg-reader.js';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema.js';
import { parsePgUrl, type PgTarget } from './pg-url.js';
import { WRITER_LOCK_CLASS, PgWriter } from './pg-writer.js';

const INT8_OID = 20;

/** bigint columns (ids, counts, sizes) as numbers: every value Quarry stores is far below 2^53. */
function typeParser(oid: number, format: 'text' | 'binary' = 'text'): (value: string) => unknown {
  return oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}
const TYPES = { getTypeParser: typeParser };

/** Second advisory-lock key of migrations (transaction-scoped; the writer's is the schema's hash). */
const MIGRATION_LOCK = -1;

function newPool(target: PgTarget): pg.Pool {
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    // The schema name is checked by pg-url (lower-case letters, digits, _): safe in the startup options.
    options: `-c search_path=${target.schema}`,
    // Names the index, so an operator (or a test) can tell whose connections these are in pg_stat_activity.
    application_name: `quarry:${target.schema}`,
    max: PG_STORE.poolMax,
    connectionTimeoutMillis: PG_STORE.connectTimeoutMs,
    types: TYPES,
  });
  // An idle connection that dies (the server restarted, a backend was terminated) is dropped by the pool; the next query opens another.
  pool.on('error', () => undefined);
  // One that dies while checked out says so to its next query (store/postgres/pg-errors); the event itself is not a crash.
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  return pool;
}

async function schemaVersion(client: pg.ClientBase, schema: string): Promise<number | null> {
  const { rows } = await client.query<{ exists: boolean }>("SELECT to_regclass(quote_ident($1) || '.schema_version') IS NOT NULL AS exists", [schema]);
  if (!rows[0]?.exists) return null;
  return (await client.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]?.version ?? 0;
}

/** Applies pending migrations in one transaction, once, however many servers start together. */
async function migrate(client: pg.ClientBase, schema: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [WRITER_LOCK_CLASS, MIGRATION_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
    const current = (await client.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]?.version ?? 0;
    for (let version = current; version < PG_SCHEMA_VERSION; version++) {
      for (const statement of PG_MIGRATIONS[version]!) await client.query(statement);
    }
    if (current === 0) await client.query('INSERT INTO schema_version (version) VALUES ($1)', [PG_SCHEMA_VERSION]);
    else await client.query('UPDATE schema_version SET version = $1', [PG_SCHEMA_VERSION]);
    await client.query('INSERT INTO index_state (secret) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(32).toString('hex')]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export class PgStore implements Store {
  readonly kind = 'postgres' as const;
  readonly displayName: string;

  private constructor(private readonly pool: pg.Pool, private readonly target: PgTarget, readonly location: StoreLocation) {
    this.displayName = target.display;
  }

  static async open(url: string, options: OpenStoreOptions = {}): Promise<PgStore> {
    const target = parsePgUrl(url);
    const pool = newPool(target);
    try {
      const client = await pool.connect();
      try {
        const found = await schemaVersion(client, target.schema);
        if (found === null && !options.create) {
          throw catalogueError('INDEX_MISSING', {
            key: 'index.missing', params: { index: target.display, root: `${options.root ?? '.'} --store ${target.display}` },
          }, 'en', { index: target.display });
        }
        if (found !== null && found > PG_SCHEMA_VERSION) {
          throw catalogueError('UNAVAILABLE', { key: 'index.newer_schema', params: { index: target.display, found, supported: PG_SCHEMA_VERSION } });
        }
        if ((found ?? 0) < PG_SCHEMA_VERSION && !options.readonly) await migrate(client, target.schema);
      } finally {
        client.release();
      }
      return new PgStore(pool, target, { kind: 'postgres', url });
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw pgFailure(error, target.display, { phase: 'connect' });
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw pgFailure(error, this.displayName, { phase: 'connect' });
    }
  }

  async read<T>(fn: (reader: IndexReader) => Promise<T>): Promise<T> {
    const during = { phase: 'search' as const, timeoutMs: PG_STORE.statementTimeoutMs };
    for (let attempt = 0; ; attempt++) {
      const client = await this.connect();
      try {
        // One round trip: both statements are fixed text (a number from store/postgres/pg-tuning), no parameters.
        await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL statement_timeout = ${PG_STORE.statementTimeoutMs}`);
      } catch (error) {
        client.release(true);
        // A pooled connection that died while idle fails at BEGIN, before anything was read: try once on a new one.
        if (attempt === 0 && isConnectionFailure(error)) continue;
        throw pgFailure(error, this.displayName, during);
      }
      let broken = false;
      try {
        const result = await fn(new PgReader(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        broken = isConnectionFailure(error);
        if (!broken) await client.query('ROLLBACK').catch(() => { broken = true; });
        throw pgFailure(error, this.displayName, during);
      } finally {
        client.release(broken);
      }
    }
  }

  private async value<T>(sql: string): Promise<T | undefined> {
    const client = await this.connect();
    let broken = false;
    try {
      return (await client.query<{ value: T }>(sql)).rows[0]?.value;
    } catch (error) {
      broken = isConnectionFailure(error);
      throw pgFailure(error, this.displayName, { phase: 'search', timeoutMs: PG_STORE.statementTimeoutMs });
    } finally {
      client.release(broken);
    }
  }

  async indexVersion(): Promise<number> {
    return (await this.value<number>('SELECT version AS value FROM index_state')) ?? 0;
  }

  async secret(): Promise<string> {
    return (await this.value<string>('SELECT secret AS value FROM index_state')) ?? '';
  }

  async openWriter(): Promise<IndexWriter> {
    const client = await this.connect();
    try {
      return await PgWriter.open(client, this.target.schema, this.displayName);
    } catch (error) {
      client.release(isConnectionFailure(error));
      throw pgFailure(error, this.displayName, { phase: 'connect' });
    }
  }

  async sizeBytes(): Promise<number> {
    const client = await this.connect();
    try {
      const { rows } = await client.query<{ bytes: number | null }>(
        `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r'`,
        [this.target.schema],
      );
      return rows[0]?.bytes ?? 0;
    } catch (error) {
      throw pgFailure(error, this.displayName, { phase: 'connect' });
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
