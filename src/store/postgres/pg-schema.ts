/**
 * @module store/postgres/pg-schema
 * Versioned migrations of a PostgreSQL index (one schema per index, see
 * store/postgres/pg-url). `schema_version` holds the number of migrations
 * applied; each runs once, in order, in the transaction that records it,
 * behind a transaction-level advisory lock, so servers starting together
 * migrate once. Text that is sorted or compared as SQLite does it is
 * `COLLATE "C"` (byte order) and names are compared ASCII-case-insensitively
 * through `ascii_lower` (SQLite's NOCASE), so both stores list rows in the
 * same order.
 *
 * `index_state` is the one row a reader starts from: the index version (bumped
 * by every write batch, in that batch's transaction), the word table's totals
 * for bm25, the content format and the cursor secret.
 */

/**
 * pg_trgm's GIN index over chunk text, its operator class qualified by the schema the extension
 * lives in (read from the catalogue inside the statement: the extension may predate this index).
 */
const TRIGRAM_INDEX = `DO $$
  DECLARE ops text;
  BEGIN
    SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE 'CREATE INDEX IF NOT EXISTS chunks_grams ON chunks USING gin (content ' || ops || ')';
  END $$`;

/** Secondary indexes by name: dropped before a bulk load into an empty index, created at its end. */
export const SECONDARY_INDEXES: Readonly<Record<string, string>> = {
  files_language: 'CREATE INDEX IF NOT EXISTS files_language ON files (language)',
  files_source_type: 'CREATE INDEX IF NOT EXISTS files_source_type ON files (source_type)',
  files_path: 'CREATE INDEX IF NOT EXISTS files_path ON files (path)',
  chunks_file_line: 'CREATE INDEX IF NOT EXISTS chunks_file_line ON chunks (file_id, start_line)',
  chunks_words: 'CREATE INDEX IF NOT EXISTS chunks_words ON chunks USING gin (words)',
  chunks_grams: TRIGRAM_INDEX,
  symbols_name: 'CREATE INDEX IF NOT EXISTS symbols_name ON symbols (ascii_lower(name))',
  symbols_file: 'CREATE INDEX IF NOT EXISTS symbols_file ON symbols (file_id)',
  edges_to: 'CREATE INDEX IF NOT EXISTS edges_to ON edges (ascii_lower(to_name), kind)',
  edges_from: 'CREATE INDEX IF NOT EXISTS edges_from ON edges (from_name, kind)',
  edges_file: 'CREATE INDEX IF NOT EXISTS edges_file ON edges (file_id)',
};

/** Migration N (index N-1) as statements, run in order in one transaction. */
export const PG_MIGRATIONS: readonly (readonly string[])[] = [
  /* 1: the whole index. pg_trgm goes to `public`, not to this index's schema, so dropping one index never drops it for the others. */ [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public',
      `CREATE FUNCTION ascii_lower(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
         AS $$ SELECT pg_catalog.translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$`,
      `CREATE TABLE index_state (
         one            boolean PRIMARY KEY DEFAULT true CHECK (one),
         version        bigint NOT NULL DEFAULT 0,
         chunk_rows     bigint NOT NULL DEFAULT 0,
         word_tokens    bigint NOT NULL DEFAULT 0,
         content_format integer NOT NULL DEFAULT 0,
         secret         text NOT NULL
       )`,
      `CREATE TABLE sources (
         id   integer PRIMARY KEY,
         name text COLLATE "C" NOT NULL UNIQUE,
         root text NOT NULL
       )`,
      `CREATE TABLE files (
         id          integer PRIMARY KEY,
         source_id   integer NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
         path        text COLLATE "C" NOT NULL,
         language    text NOT NULL,
         size        bigint NOT NULL,
         mtime_ms    bigint NOT NULL,
         hash        text NOT NULL,
         encoding    text NOT NULL,
         line_count  integer NOT NULL,
         source_type text NOT NULL DEFAULT 'file',
         UNIQUE (source_id, path)
       )`,
      `CREATE TABLE chunks (
         id          bigint PRIMARY KEY,
         file_id     integer NOT NULL REFERENCES files (id) ON DELETE CASCADE,
         start_line  integer NOT NULL,
         end_line    integer NOT NULL,
         kind        text NOT NULL,
         symbol      text,
         token_count integer NOT NULL,
         content     text NOT NULL,
         words       tsvector NOT NULL,
         tf          jsonb NOT NULL,
         word_count  integer NOT NULL
       )`,
      `CREATE TABLE symbols (
         id          bigint PRIMARY KEY,
         file_id     integer NOT NULL REFERENCES files (id) ON DELETE CASCADE,
         name        text COLLATE "C" NOT NULL,
         kind        text NOT NULL,
         container   text,
         start_line  integer NOT NULL,
         end_line    integer NOT NULL
       )`,
      `CREATE TABLE edges (
         id          bigint PRIMARY KEY,
         file_id     integer NOT NULL REFERENCES files (id) ON DELETE CASCADE,
         kind        text NOT NULL CHECK (kind IN ('CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS')),
         from_name   text COLLATE "C",
         to_name     text COLLATE "C" NOT NULL,
         line        integer NOT NULL
       )`,
      // Chunks holding each word (FTS5's fts5vocab 'row' table): bm25's document frequencies and "did you mean".
      `CREATE TABLE vocab (
         term text COLLATE "C" PRIMARY KEY,
         doc  integer NOT NULL
       )`,
      ...Object.values(SECONDARY_INDEXES),
  ],
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
