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
 *
 * Secondary indexes are listed once in SECONDARY_INDEXES: a fresh build drops
 * them and creates them at the end (one sort each instead of millions of
 * random B-tree inserts), and every other run makes sure they exist first.
 */
import { RECOUNT_WORD_TOTALS } from './word-totals.js';

/** The word index's tokenizer (schema step 8), as FTS5 reads it; store/word-docs tokenises changed rows with the same. */
export const WORD_TOKENIZER = '"unicode61 tokenchars \'_\'"';

/** Every secondary index, by name; `IF NOT EXISTS` so creating them again is a no-op. */
export const SECONDARY_INDEXES: Readonly<Record<string, string>> = {
  files_language: 'CREATE INDEX IF NOT EXISTS files_language ON files(language)',
  // Created by migration 3; listed so a bulk load defers it too.
  files_source_type: 'CREATE INDEX IF NOT EXISTS files_source_type ON files(source_type)',
  chunks_file_line: 'CREATE INDEX IF NOT EXISTS chunks_file_line ON chunks(file_id, start_line)',
  symbols_name: 'CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name COLLATE NOCASE)',
  symbols_file: 'CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id)',
  // On name ids since schema step 7; the names' own index (edge_names_name) stays, since a load looks names up.
  edges_to: 'CREATE INDEX IF NOT EXISTS edges_to ON edge_links(to_id, kind)',
  edges_from: 'CREATE INDEX IF NOT EXISTS edges_from ON edge_links(from_id, kind)',
};

/**
 * Secondary indexes a bulk load keeps: their rows arrive in key order (files get rising ids, and a
 * file's chunks and symbols are written together), so each insert appends to the B-tree and costs
 * little; and searches that read the index while a door's first pass loads it find a site's chunk
 * and symbol through them, instead of scanning the table for each site.
 */
export const BULK_LOAD_KEEPS: ReadonlySet<string> = new Set(['chunks_file_line', 'symbols_file']);

/** The indexes an edge lookup by name goes through (both stores name them so); a bulk load defers them. */
export const GRAPH_LOOKUP_INDEXES: readonly string[] = ['edges_to', 'edges_from'];

/**
 * The `edges` view over the graph's ids, as schema step 7 made it; step 9 rebuilds `edge_links` and
 * makes the same view again. A later step that changes the view writes its own text.
 */
export const EDGES_VIEW = `CREATE VIEW edges AS
    SELECT l.id, l.file_id, k.name AS kind, fn.name AS from_name, tn.name AS to_name, l.line
    FROM edge_links l
    JOIN edge_kinds k ON k.id = l.kind
    LEFT JOIN edge_names fn ON fn.id = l.from_id
    JOIN edge_names tn ON tn.id = l.to_id;`;

const indexes = (...names: string[]) => names.map((n) => `${SECONDARY_INDEXES[n]};`).join('\n  ');

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
  ${indexes('files_language')}

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
  ${indexes('chunks_file_line')}

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

  -- Merge segments 8 at a time (default 4) and force a merge only at 64 on a level (default 16):
  -- each posting is rewritten fewer times, 9% less CPU loading drivers/net, same size and query times.
  INSERT INTO chunk_words(chunk_words, rank) VALUES ('automerge', 8);
  INSERT INTO chunk_words(chunk_words, rank) VALUES ('crisismerge', 64);
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('automerge', 8);
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('crisismerge', 64);
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
  ${indexes('symbols_name', 'symbols_file')}

  CREATE TABLE edges (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS')),
    from_name   TEXT,
    to_name     TEXT NOT NULL,
    line        INTEGER NOT NULL
  );
  CREATE INDEX edges_to ON edges(to_name COLLATE NOCASE, kind);
  CREATE INDEX edges_from ON edges(from_name, kind);
  CREATE INDEX edges_file ON edges(file_id);

  CREATE VIRTUAL TABLE chunk_words_vocab USING fts5vocab(chunk_words, 'row');
  `,
  /* 3: source types, conversations and their messages (the REST API contract's projects).
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
  /* 4: chunks.content may hold deflated text (a BLOB, see store/chunk-text). Nothing changes in the
     tables: the version step alone makes an older Quarry refuse the file (index.newer_schema)
     instead of handing the compressed bytes out as text. */ `
  INSERT INTO meta(key, value) VALUES ('chunk_text', 'deflate-raw')
    ON CONFLICT(key) DO UPDATE SET value = excluded.value;
  `,
  /* 5: the trigram index keeps case: case-folded trigrams gave 13,489 candidate chunks for
     \`[A-Z]+_SUSPEND\` on the kernel where case-sensitive ones give 3,409, and 2,260 for \`PM_RESUME\`
     against 49. A case-insensitive search asks for every spelling of its trigrams (search/trigram-query).
     The table is rebuilt from the stored text (chunk_text() is registered before migrations run). */ `
  DROP TABLE chunk_grams;
  CREATE VIRTUAL TABLE chunk_grams USING fts5(
    body,
    content = '', detail = none, columnsize = 0,
    tokenize = 'trigram case_sensitive 1'
  );
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('automerge', 8);
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('crisismerge', 64);
  INSERT INTO chunk_grams(rowid, body) SELECT id, chunk_text(content) FROM chunks;
  `,
  /* 6: deflated chunk text is written as segments that a scan inflates many at a time (store/chunk-text).
     Older rows keep reading right, so nothing is rewritten; the version step makes an older Quarry
     refuse the file (index.newer_schema) instead of failing on a segment it cannot read. */ `
  INSERT INTO meta(key, value) VALUES ('chunk_text', 'deflate-raw-segments')
    ON CONFLICT(key) DO UPDATE SET value = excluded.value;
  `,
  /* 7: the graph's names stored once. An edge row held its kind and both names as text, and
     two of its indexes held them again: 407 MB of the kernel's index for 3.2 M edges naming about a
     million distinct names. Now \`edge_links\` holds ids, \`edge_names\` each name once (store/edge-names),
     and the \`edges\` view shows the rows as before, so every reader keeps its SQL. */ `
  DROP INDEX IF EXISTS edges_to;
  DROP INDEX IF EXISTS edges_from;
  DROP INDEX IF EXISTS edges_file;

  CREATE TABLE edge_kinds (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
  );
  INSERT INTO edge_kinds(id, name) VALUES (1, 'CALLS'), (2, 'EXTENDS'), (3, 'IMPLEMENTS'), (4, 'IMPORTS');

  CREATE TABLE edge_names (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  );
  INSERT INTO edge_names(name) SELECT from_name FROM edges WHERE from_name IS NOT NULL UNION SELECT to_name FROM edges;
  CREATE UNIQUE INDEX edge_names_exact ON edge_names(name);

  CREATE TABLE edge_links (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    kind        INTEGER NOT NULL,
    from_id     INTEGER,
    to_id       INTEGER NOT NULL,
    line        INTEGER NOT NULL
  );
  INSERT INTO edge_links(id, file_id, kind, from_id, to_id, line)
    SELECT e.id, e.file_id, k.id, fn.id, tn.id, e.line FROM edges e
    JOIN edge_kinds k ON k.name = e.kind
    LEFT JOIN edge_names fn ON fn.name = e.from_name
    JOIN edge_names tn ON tn.name = e.to_name;
  DROP TABLE edges;

  -- Callers look names up in any case; an exact lookup adds a binary test to the same index.
  DROP INDEX edge_names_exact;
  CREATE INDEX edge_names_name ON edge_names(name COLLATE NOCASE);
  ${indexes('edges_to', 'edges_from')}
  CREATE INDEX edges_file ON edge_links(file_id);

  ${EDGES_VIEW}
  `,
  /* 8: the body first among the word index's columns. FTS5 writes a column number (two
     bytes) before the positions of every column but the first, so each of the kernel's 86 M body
     entries carried two bytes that its 11 M path entries now carry instead: about 144 MiB less, the
     same bm25 scores (the weights follow the columns). The index is contentless, so it is rebuilt
     from the stored chunks with the writer's own text (store/index-text-functions). */ `
  DROP TABLE chunk_words;
  CREATE VIRTUAL TABLE chunk_words USING fts5(
    body, path, symbol,
    content = '', contentless_delete = 1,
    tokenize = ${WORD_TOKENIZER}
  );
  INSERT INTO chunk_words(chunk_words, rank) VALUES ('automerge', 8);
  INSERT INTO chunk_words(chunk_words, rank) VALUES ('crisismerge', 64);
  INSERT INTO chunk_words(rowid, body, path, symbol)
    SELECT c.id, word_index_text(chunk_text(c.content)), path_index_text(f.path, f.language), word_index_text(coalesce(c.symbol, ''))
    FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.id;
  `,
  /* 9: a file's edges found by their id range, kept on its row, instead of by an index on file_id:
     a file's edges are written together, so their ids follow each other. \`edges_file\` was 36 MiB of the kernel's
     index for a lookup that only removing a file makes. The foreign key goes with it (a cascade would scan the
     table without that index), so the writer removes a file's edges itself (store/edge-names). The rows are copied
     in file order, which makes every file's ids consecutive whatever wrote them before. */ `
  DROP VIEW edges;
  DROP INDEX IF EXISTS edges_to;
  DROP INDEX IF EXISTS edges_from;
  DROP INDEX IF EXISTS edges_file;
  CREATE TABLE edge_rows (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL,
    kind        INTEGER NOT NULL,
    from_id     INTEGER,
    to_id       INTEGER NOT NULL,
    line        INTEGER NOT NULL
  );
  INSERT INTO edge_rows(file_id, kind, from_id, to_id, line)
    SELECT file_id, kind, from_id, to_id, line FROM edge_links ORDER BY file_id, id;
  DROP TABLE edge_links;
  ALTER TABLE edge_rows RENAME TO edge_links;

  ALTER TABLE files ADD COLUMN edges_first INTEGER;
  ALTER TABLE files ADD COLUMN edges_last INTEGER;
  WITH spans AS (SELECT file_id, min(id) AS first, max(id) AS last FROM edge_links GROUP BY file_id)
  UPDATE files SET edges_first = spans.first, edges_last = spans.last FROM spans WHERE files.id = spans.file_id;
  ${indexes('edges_to', 'edges_from')}

  ${EDGES_VIEW}
  `,
  /* 10: the trigram index holds tokens of its own (text/gram-tokens): whitespace runs folded, no trigram
     that starts with whitespace, each trigram once per chunk, spelled for FTS5's \`ascii\` tokenizer. 86% of the
     kernel's chunk-trigram postings stay, and the writer's FTS5 work is per distinct trigram instead of per
     character. Rebuilt from the stored text (gram_tokens() is registered before migrations run, store/index-text-functions). */ `
  DROP TABLE chunk_grams;
  CREATE VIRTUAL TABLE chunk_grams USING fts5(
    body,
    content = '', detail = none, columnsize = 0,
    tokenize = 'ascii'
  );
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('automerge', 8);
  INSERT INTO chunk_grams(chunk_grams, rank) VALUES ('crisismerge', 64);
  INSERT INTO chunk_grams(rowid, body) SELECT id, gram_tokens(chunk_text(content)) FROM chunks ORDER BY id;
  `,
  /* 11: chunk text is written as zstd segments (store/chunk-text), which unpack about twice as fast as the deflate
     ones. Older rows keep reading right, so nothing is rewritten; the version step makes an older Quarry refuse
     the file (index.newer_schema) instead of failing on a segment it cannot read. */ `
  INSERT INTO meta(key, value) VALUES ('chunk_text', 'zstd-segments')
    ON CONFLICT(key) DO UPDATE SET value = excluded.value;
  `,
  /* 12: bm25's row count and column totals recounted from the rows the word index holds. A row deleted from a
     contentless-delete table stays in them, so an index that had files changed or deleted ranked by totals that
     drifted away from its rows; writers now take deleted rows off (store/word-totals). */
  RECOUNT_WORD_TOTALS,
  /* 13: zstd dictionaries for chunk text (store/text-dictionary): rows written after an index has one are packed
     with it (store/chunk-text's dictionary segments), which an older Quarry could not read. */ `
  CREATE TABLE IF NOT EXISTS text_dictionaries (
    id INTEGER PRIMARY KEY,
    bytes BLOB NOT NULL
  );
  INSERT INTO meta(key, value) VALUES ('chunk_text', 'zstd-segments, dictionary segments')
    ON CONFLICT(key) DO UPDATE SET value = excluded.value;
  `,
  /* 14: the chunk counts of the common words, kept with the index (store/word-docs). Counted by the next writer's
     SqliteStore.ensureIndexes (a pass over the word index, about 2 s on the kernel); until then, and whenever the
     \`word_docs_version\` meta value is not the index version, readers count every word from the vocabulary. A later
     step that rebuilds the word index must delete that meta value. */ `
  CREATE TABLE IF NOT EXISTS word_docs (
    term TEXT PRIMARY KEY,
    docs INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
];

/** The first schema step whose trigram table holds text/gram-tokens' tokens (store/gram-match). */
export const GRAM_TOKENS_STEP = 10;

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Version of what the indexer writes into the rows (chunking, word-index text,
 * stems, identifier parts). The schema can stay the same while this changes;
 * a folder indexed in another format is then re-prepared file by file on the
 * next `quarry index`, since its rows would not match the queries built today.
 */
// 3: IMPORTS edges also name what an import brings in (`import { Foo }` -> Foo), not only the module.
// 4: a name with one word behind underscores (`_not`, `__iter__`) also gives that word to the word index.
// 5: the SQLite store keeps chunk text deflated (store/chunk-text): older rows still read right, and are
//    rewritten smaller on the next pass. PostgreSQL rows are unchanged; its files are re-prepared once.
export const CONTENT_FORMAT = 5;
