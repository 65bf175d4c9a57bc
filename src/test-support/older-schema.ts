/**
 * @module test-support/older-schema
 * Puts an index's tables back as an older Quarry wrote them, so a test can
 * open it with this one and watch the migration.
 */

/**
 * The graph as schema step 6 left it: one `edges` table holding its kind and names as text, with
 * its indexes (the column constraints of step 2 are left out: nothing here depends on them).
 */
export const EDGES_BEFORE_STEP_7 = `
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
 * the same texts the writer gives them (store/word-index-functions, registered on every connection).
 */
export const WORDS_BEFORE_STEP_8 = `
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
