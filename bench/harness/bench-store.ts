/**
 * @module bench/harness/bench-store
 * Where a benchmark builds its index: a fresh SQLite file (default, or
 * `--index FILE`), or with `--store postgres://…?schema=NAME` a PostgreSQL
 * schema, dropped first so the build is a fresh one (the schema must be
 * named: the bench never empties the default `quarry` schema).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_PG_SCHEMA, parsePgUrl } from '../../src/store/postgres/pg-url.js';
import type { StoreLocation } from '../../src/store/store.js';

export interface BenchStore {
  location: StoreLocation;
  /** The CLI options naming it (`--index FILE` or `--store URL`). */
  cliArgs: string[];
  /** Empties it before a fresh build. */
  reset: () => Promise<void>;
}

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The store `args` name; `scratchFile` is the SQLite file used when they name none. */
export function benchStore(args: readonly string[], scratchFile: string): BenchStore {
  const url = option(args, '--store');
  if (url !== undefined) {
    const target = parsePgUrl(url);
    if (!new URL(url).searchParams.has('schema') || target.schema === DEFAULT_PG_SCHEMA) {
      throw new Error(`--store needs ?schema=NAME (not ${DEFAULT_PG_SCHEMA}): the bench drops that schema before it builds`);
    }
    return {
      location: { kind: 'postgres', url }, cliArgs: ['--store', url],
      reset: async () => {
        const client = new pg.Client({ connectionString: target.connectionString });
        await client.connect();
        try { await client.query(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`); } finally { await client.end(); }
      },
    };
  }
  const file = path.resolve(option(args, '--index') ?? scratchFile);
  return {
    location: { kind: 'sqlite', file }, cliArgs: ['--index', file],
    reset: () => {
      for (const suffix of ['', '-wal', '-shm', '-folders']) fs.rmSync(file + suffix, { force: true });
      return Promise.resolve();
    },
  };
}
