/**
 * @module store/postgres/pg-url
 * A `--store postgres://…` value: the connection URL for the driver, and the
 * schema that holds the index (`?schema=NAME`, default `quarry`). One schema
 * is one index, as one SQLite file is: roots indexed into it are its
 * repositories (a `sources` row each), and separate indexes take separate
 * schemas. The schema name is checked here, since it is the one identifier
 * written into SQL rather than bound.
 */
import os from 'node:os';
import { catalogueError } from '../../contracts/errors.js';

export const DEFAULT_PG_SCHEMA = 'quarry';

/** A plain lower-case identifier: safe to quote into SQL, and the same name to PostgreSQL as written. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PgTarget {
  /** For the driver: the URL without the `schema` parameter. */
  connectionString: string;
  schema: string;
  /** For messages and summaries: the URL without its password. */
  display: string;
}

export function isPostgresUrl(value: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(value.trim());
}

export function parsePgUrl(value: string): PgTarget {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw catalogueError('INVALID_ARGUMENT', { key: 'store.url_invalid', params: { value: redact(value) } });
  }
  if (!isPostgresUrl(url.href)) throw catalogueError('INVALID_ARGUMENT', { key: 'store.url_invalid', params: { value: redact(value) } });
  const schema = url.searchParams.get('schema') ?? DEFAULT_PG_SCHEMA;
  if (!SCHEMA_NAME.test(schema)) throw catalogueError('INVALID_ARGUMENT', { key: 'store.schema_invalid', params: { schema } });
  url.searchParams.delete('schema');
  const shown = new URL(url.href);
  // As libpq does: no user named means PGUSER, else the operating-system user.
  if (!url.username) url.username = encodeURIComponent(process.env.PGUSER ?? os.userInfo().username);
  const connectionString = url.href;
  if (shown.password) shown.password = '';
  shown.searchParams.delete('password');
  if (schema !== DEFAULT_PG_SCHEMA) shown.searchParams.set('schema', schema);
  return { connectionString, schema, display: shown.href };
}

/** A value that did not parse, shown without anything that looks like a password. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]*):[^@]*@/, '//$1@');
}
