/**
 * @module store/schema
 * Schema migrations of the SQLite index. `PRAGMA user_version` holds the number
 * of migrations applied; each migration runs once, in order, in a transaction.
 *
 * Table options were chosen by measurement on the Linux source tree (see the
 * architecture guide): the trigram index is contentless with `detail=none` and
 * `columnsize=0` (5x smaller than `detail=full`, and an AND of single trigrams
 * still narrows candidates); rows are deleted with the 'delete' command and the
 * text kept in `chunks.content`. The word index needs bm25, so it keeps column
 * sizes and uses `contentless_delete=1`. It keeps `detail=full`: with
 * `detail=column` a contentless table scores every row 0 in bm25 (FTS5 would
 * re-tokenise stored content to count hits, and there is none). Phrases are
 * still checked against the chunk text, which also accepts `retry_backoff`
 * for "retry backoff".
 */

export const MIGRATIONS: readonly string[] = [
  /* 1: files, chunks and the two FTS5 indexes */ `
  CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE sources (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    root TEXT NOT NULL
  );

  CREATE TABLE files (
    id          INTEGER PRIMARY KEY,
    source_id   INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    path        TEXT NOT NULL,
    language    TEXT NOT NULL,
    size        INTEGER NOT NULL,
    mtime_ms    INTEGER NOT NULL,
    hash        TEXT NOT NULL,
    encoding    TEXT NOT NULL,
    line_count  INTEGER NOT NULL,
    UNIQUE (source_id, path)
  );
  CREATE INDEX files_language ON files(language);

  CREATE TABLE chunks (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    symbol      TEXT,
    token_count INTEGER NOT NULL,
    content     TEXT NOT NULL
  );
  CREATE INDEX chunks_file_line ON chunks(file_id, start_line);

  CREATE VIRTUAL TABLE chunk_words USING fts5(
    path, symbol, body,
    content = '', contentless_delete = 1,
    tokenize = "unicode61 tokenchars '_'"
  );

  CREATE VIRTUAL TABLE chunk_grams USING fts5(
    body,
    content = '', detail = none, columnsize = 0,
    tokenize = 'trigram'
  );
  `,
  /* 2: symbols and the calls/extends/imports graph from tree-sitter */ `
  CREATE TABLE symbols (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    container   TEXT,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL
  );
  CREATE INDEX symbols_name ON symbols(name COLLATE NOCASE);
  CREATE INDEX symbols_file ON symbols(file_id);

  CREATE TABLE edges (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS')),
    from_name   TEXT,
    to_name     TEXT NOT NULL,
    line        INTEGER NOT NULL
  );
  CREATE INDEX edges_to ON edges(to_name COLLATE NOCASE, kind);
  CREATE INDEX edges_from ON edges(from_name COLLATE NOCASE, kind);
  CREATE INDEX edges_file ON edges(file_id);

  CREATE VIRTUAL TABLE chunk_words_vocab USING fts5vocab(chunk_words, 'row');
  `,
  /* 3: source types, conversations and their messages (REST projects, seed 003).
     A message is stored as a file row (source_type 'conversation_message') so it is
     chunked and indexed by the same code path as files; `messages` adds who said it when. */ `
  ALTER TABLE files ADD COLUMN source_type TEXT NOT NULL DEFAULT 'file';
  CREATE INDEX files_source_type ON files(source_type);

  CREATE TABLE conversations (
    id         TEXT PRIMARY KEY,
    title      TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE messages (
    file_id         INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    round_number    INTEGER NOT NULL,
    speaker         TEXT NOT NULL,
    created_at      TEXT NOT NULL
  );
  CREATE INDEX messages_conversation ON messages(conversation_id, round_number);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
