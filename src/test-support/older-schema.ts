/**
 * @module test-support/older-schema
 * Puts an index's tables back as an older Quarry wrote them, so a test can
 * open it with this one and watch the migration.
 */
import { EDGES_VIEW } from '../store/schema.js';

/**
 * The graph as schema step 8 left it: edge rows that name their file under a foreign key with an
 * index on it, and no id ranges on the files. The ids are given in line order across files, so a
 * file's edges are not consecutive: an older writer never did that, but the migration must not
 * depend on it.
 */
export const EDGES_BEFORE_STEP_9 = `
  DROP VIEW edges;
  CREATE TABLE edge_links_8 (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    kind        INTEGER NOT NULL,
    from_id     INTEGER,
    to_id       INTEGER NOT NULL,
    line        INTEGER NOT NULL
  );
  INSERT INTO edge_links_8(id, file_id, kind, from_id, to_id, line)
    SELECT row_number() OVER (ORDER BY line, file_id, id), file_id, kind, from_id, to_id, line FROM edge_links;
  DROP TABLE edge_links;
  ALTER TABLE edge_links_8 RENAME TO edge_links;
  CREATE INDEX edges_to ON edge_links(to_id, kind);
  CREATE INDEX edges_from ON edge_links(from_id, kind);
  CREATE INDEX edges_file ON edge_links(file_id);
  ${EDGES_VIEW}
  ALTER TABLE files DROP COLUMN edges_first;
  ALTER TABLE files DROP COLUMN edges_last;
`;

/**
 * The graph as schema step 6 left it: one `edges` table holding its kind and names as text, with
 * its indexes (the column constraints of step 2 are left out: nothing here depends on them), and the
 * files without the edge ranges of step 9.
 */
export const EDGES_BEFORE_STEP_7 = `${EDGES_BEFORE_STEP_9}
  CREATE TABLE edges_text AS SELECT id, file_id, kind, from_name, to_name, line FROM edges;
  DROP VIEW edges;
  DROP TABLE edge_links;
  DROP TABLE edge_names;
  DROP TABLE edge_kinds;
  ALTER TABLE edges_text RENAME TO edges;
  CREATE INDEX edges_to ON edges(to_name COLLATE NOCASE, kind);
  CREATE INDEX edges_from ON edges(from_name, kind);
  CREATE INDEX edges_file ON edges(file_id);
`;

/**
 * The word index as schema step 7 left it: columns path, symbol, body (the body last), filled with
 * the same texts the writer gives them (store/index-text-functions, registered on every connection),
 * and the graph as step 8 left it.
 */
export const WORDS_BEFORE_STEP_8 = `${EDGES_BEFORE_STEP_9}
  DROP TABLE chunk_words;
  CREATE VIRTUAL TABLE chunk_words USING fts5(
    path, symbol, body,
    content = '', contentless_delete = 1,
    tokenize = "unicode61 tokenchars '_'"
  );
  INSERT INTO chunk_words(rowid, path, symbol, body)
    SELECT c.id, path_index_text(f.path, f.language), word_index_text(coalesce(c.symbol, '')), word_index_text(chunk_text(c.content))
    FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.id;
`;

/** The trigram index as schema step 9 left it: FTS5's case-sensitive trigram tokenizer over the plain text. */
export const GRAMS_BEFORE_STEP_10 = `
  DROP TABLE chunk_grams;
  CREATE VIRTUAL TABLE chunk_grams USING fts5(
    body,
    content = '', detail = none, columnsize = 0,
    tokenize = 'trigram case_sensitive 1'
  );
  INSERT INTO chunk_grams(rowid, body) SELECT id, chunk_text(content) FROM chunks;
`;
