/**
 * @module store/locate-statements
 * The read statements of `locate`, prepared on first use. Files
 * are ranked whole, so it reads whole-file facts: every file's path and size,
 * term postings grouped by chunk and file (an `fts5vocab` instance view over
 * the word index, created in the connection's temp schema, so a read-only
 * connection can hold it and the index file is never changed), definitions
 * by name, and the graph's edges. Values reach SQLite only as bound parameters.
 */
import type Database from 'better-sqlite3';
import { readNumberColumns } from './number-text.js';
import type { ChunkSymbolRow, DefinitionAtRow, LocateChunkColumns, LocateDefinitionRow, LocateFileRow, TermPostings } from './rows.js';

/** Every posting of the word index as (term, chunk, column, offset); lives in `temp`, per connection. */
const INSTANCES_VIEW = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.locate_postings USING fts5vocab(main, chunk_words, 'instance')";

/** `columnHits`: quarry_column_hits() (native/quarry_ranking.c) is loaded on `db`. */
export function prepareLocateStatements(db: Database.Database, columnHits: boolean) {
  db.exec(INSTANCES_VIEW);
  return {
    /** Indexed files (not conversation messages). */
    files: db.prepare<{ repository: string | null }, LocateFileRow>(`
      SELECT f.id, f.path, f.language, f.line_count, s.name AS repository
      FROM files f JOIN sources s ON s.id = f.source_id
      WHERE f.source_type = 'file' AND (@repository IS NULL OR s.name = @repository)
      ORDER BY f.id`),
    /**
     * The id, file and length of the first `@limit` chunks from id `@from` on, as one text of numbers
     * (see chunkColumnsOf); read once per index version, so postings need no join.
     */
    chunks: db.prepare<{ from: number; limit: number }, string | null>(`
      SELECT group_concat(id || ' ' || file_id || ' ' || token_count, ' ')
      FROM (SELECT id, file_id, token_count FROM chunks WHERE id >= @from ORDER BY id LIMIT @limit)`).pluck(),
    /** Occurrences of a term in each chunk's body. */
    termPostings: db.prepare<[string], { chunk_id: number; tf: number }>(`
      SELECT doc AS chunk_id, count(*) AS tf FROM temp.locate_postings
      WHERE term = ? AND col = 'body' GROUP BY doc ORDER BY doc`),
    /**
     * The same from quarry_column_hits(), a row per chunk instead of per position, written as one text
     * (termPostingsOf; the function cannot run inside the aggregate, so the rows are gathered first):
     * `@match` is the body column's term.
     */
    termHits: columnHits
      ? db.prepare<{ match: string; column: number }, string | null>(`
        WITH hits AS MATERIALIZED (
          SELECT rowid AS chunk_id, quarry_column_hits(chunk_words, @column) AS tf FROM chunk_words
          WHERE chunk_words MATCH @match ORDER BY rowid)
        SELECT group_concat(chunk_id || ' ' || tf, ' ') FROM hits`).pluck()
      : null,
    /** Files whose chunks match a word-index expression (a message's phrase), at most `limit`. */
    phraseFiles: db.prepare<{ match: string; limit: number }, { file_id: number }>(`
      SELECT DISTINCT c.file_id FROM chunk_words JOIN chunks c ON c.id = chunk_words.rowid
      WHERE chunk_words MATCH @match LIMIT @limit`),
    /** Definitions named `name`, any case (the caller weighs exact case). */
    definitions: db.prepare<{ name: string; limit: number }, LocateDefinitionRow>(`
      SELECT name, kind, container, start_line, end_line, file_id FROM symbols
      WHERE name = @name COLLATE NOCASE
      ORDER BY file_id, start_line, id LIMIT @limit`),
    /** How many definitions carry `name` (any case). */
    definitionCount: db.prepare<{ name: string }, { n: number }>('SELECT count(*) AS n FROM symbols WHERE name = @name COLLATE NOCASE'),
    /** The innermost definition around a line of a file (a traceback frame's line). */
    definitionAt: db.prepare<{ file_id: number; line: number }, DefinitionAtRow>(`
      SELECT name, kind, container, start_line FROM symbols
      WHERE file_id = @file_id AND start_line <= @line AND end_line >= @line
      ORDER BY start_line DESC, end_line ASC, id LIMIT 1`),
    /** The definition a chunk is about (its symbol), for naming the best chunks of a file. */
    chunkSymbol: db.prepare<[number], ChunkSymbolRow>(
      'SELECT symbol, kind, start_line FROM chunks WHERE id = ?',
    ),
    /** Files whose code calls, extends or imports `name` (graph neighbours of a definition named in the text). */
    referencingFiles: db.prepare<{ name: string; limit: number }, { file_id: number; n: number }>(`
      SELECT file_id, count(*) AS n FROM edges
      WHERE to_name = @name COLLATE NOCASE AND kind IN ('CALLS', 'EXTENDS', 'IMPLEMENTS')
      GROUP BY file_id ORDER BY n DESC, file_id LIMIT @limit`),
  };
}

export type LocateStatements = ReturnType<typeof prepareLocateStatements>;

/**
 * The chunks' columns from the `chunks` statement's text (store/number-text: 0.5 s for a kernel's
 * 1.18 M chunks, against 0.95 s as raw rows), added to `columns` when given: the reader asks a million
 * chunks at a time, so one text stays far below SQLite's 1 GB limit on a value.
 */
export function chunkColumnsOf(text: string | null, columns: LocateChunkColumns = { ids: [], fileIds: [], tokens: [] }): LocateChunkColumns {
  readNumberColumns(text, [columns.ids, columns.fileIds, columns.tokens]);
  return columns;
}

/**
 * Every chunk's columns, `limit` chunks at a time: `read(from, limit)` is the `chunks` statement's
 * text. Each read goes on past the highest id the one before gave, until one gives fewer than asked.
 */
export function readChunkColumns(read: (from: number, limit: number) => string | null, limit: number): LocateChunkColumns {
  const columns: LocateChunkColumns = { ids: [], fileIds: [], tokens: [] };
  for (let from = 0; ;) {
    const before = columns.ids.length;
    chunkColumnsOf(read(from, limit), columns);
    if (columns.ids.length - before < limit) return columns;
    for (let i = before; i < columns.ids.length; i++) from = Math.max(from, columns.ids[i]! + 1);
  }
}

/**
 * A term's postings from the `termHits` statement's text, in chunk order. The rows are gathered in that
 * order, but an aggregate's order is SQLite's to choose (asking it to sort cost a third more): they are
 * checked, and sorted only if they are not.
 */
export function termPostingsOf(text: string | null): TermPostings {
  const postings: TermPostings = { chunkIds: [], frequencies: [] };
  readNumberColumns(text, [postings.chunkIds, postings.frequencies]);
  const { chunkIds, frequencies } = postings;
  if (chunkIds.every((id, i) => i === 0 || chunkIds[i - 1]! < id)) return postings;
  const order = chunkIds.map((_, i) => i).sort((a, b) => chunkIds[a]! - chunkIds[b]!);
  return { chunkIds: order.map((i) => chunkIds[i]!), frequencies: order.map((i) => frequencies[i]!) };
}
