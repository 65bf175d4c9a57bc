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
