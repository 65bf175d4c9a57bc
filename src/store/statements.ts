/**
 * @module store/statements
 * Every SQL statement of the index, prepared once when the store opens.
 * Values reach SQLite only as named, bound parameters; the few pieces of SQL
 * that vary (the FTS5 MATCH expression) are themselves bound parameters.
 * Chunk text is read through `chunk_text()` (store/chunk-text): the column
 * may hold it deflated.
 */
import type Database from 'better-sqlite3';
import { RANKING } from './ranking-weights.js';
import type {
  CandidateChunkRow, ChunkHitRow, ConversationRow, EdgeRow, ProjectFilterParams, ProjectHitRow, ScoredChunkRow, SearchFilter, SymbolRow,
} from './rows.js';
import type { GraphRows } from './store.js';

export type {
  CandidateChunkRow, ChunkHitRow, ConversationRow, EdgeRow, ProjectFilterParams, ProjectHitRow, ScoredChunkRow, SearchFilter, SymbolRow,
} from './rows.js';

// The fragments below are fixed SQL written here, never user text: user values
// reach these statements only as the named parameters (@language, @match, ...).

/** Filter clause shared by every search statement; NULL parameters disable a filter. */
const FILTERS = `
  AND (@language IS NULL OR f.language = @language)
  AND (@repository IS NULL OR s.name = @repository)`;

/**
 * bm25 with the path and symbol columns weighted above the body (RANKING.bm25Weights; numbers, not
 * user text). bm25() takes its weights in column order, which schema step 8 changed: they follow
 * the connection's own table, so a read-only reader of an index not yet migrated ranks the same.
 * With the ranking module loaded (store/ranking-extension) the score is quarry_bm25(), the same
 * number, given each phrase's row count as `@counts` instead of counting them in every statement,
 * and `@lengths`, the index's state, under which it keeps every row's length in memory.
 */
function wordsScore(columns: readonly WordColumn[], nativeRanking: boolean): string {
  const weights = columns.map((name) => RANKING.bm25Weights[name]).join(', ');
  return nativeRanking ? `-quarry_bm25(chunk_words, @counts, @lengths, ${weights}) AS score` : `-bm25(chunk_words, ${weights}) AS score`;
}

/**
 * What a `quarry_bm25()` statement is given (store/ranking-extension); absent with bm25(): the
 * phrases' row counts (phraseCountsBlob; null: it counts them), and the key of the rows' lengths
 * it may keep (the word rows' state, SqliteStore.wordRowsKey; null: it looks each row up).
 */
export interface PhraseCounts {
  counts?: Buffer | null;
  lengths?: string | null;
}

type WordColumn = keyof typeof RANKING.bm25Weights;

/** The word index's columns in the connection's table order, the order of bm25's weights and of FTS5's size records. */
function wordColumns(db: Database.Database): WordColumn[] {
  return db.prepare<[], WordColumn>("SELECT name FROM pragma_table_info('chunk_words')").pluck().all();
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare<[string], number>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(name)! > 0;
}

/** A meta value, and the exact count of a word expression: also asked by store/counting-thread's own connection. */
export const META_GET_SQL = 'SELECT value FROM meta WHERE key = ?';
export const WORDS_COUNT_ALL_SQL = 'SELECT count(*) AS n FROM chunk_words WHERE chunk_words MATCH @match';

/** Word-index hits joined to their chunk, file and source, for filtering. */
const WORDS_JOIN = `
      FROM chunk_words
      JOIN chunks c ON c.id = chunk_words.rowid
      JOIN files f ON f.id = c.file_id
      JOIN sources s ON s.id = f.source_id`;

/** A candidate row as stored: `content` still packed (store/chunk-text). */
export type StoredCandidateRow = Omit<CandidateChunkRow, 'content'> & { content: string | Uint8Array };
/** A chunk hit before its text is unpacked. */
export type StoredChunkHitRow = Omit<ChunkHitRow, 'content'> & { stored: string | Uint8Array };

/** `nativeRanking`: quarry_bm25() is loaded on `db`, and the ranked word statements take `@counts`. */
export function prepareStatements(db: Database.Database, nativeRanking: boolean) {
  const columns = wordColumns(db);
  const WORDS_SCORE = wordsScore(columns, nativeRanking);
  return {
    /**
     * The word index's columns when these statements were prepared (schema step 8 reordered them; a
     * read-only connection prepares its statements again after a migration: SqliteStore.refreshStatements).
     */
    wordColumns: columns as readonly WordColumn[],
    nativeRanking,
    metaGet: db.prepare<[string], { value: string }>(META_GET_SQL),
    metaSet: db.prepare<{ key: string; value: string }>(
      'INSERT INTO meta(key, value) VALUES (@key, @value) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ),
    metaDelete: db.prepare<[string]>('DELETE FROM meta WHERE key = ?'),

    sourceByName: db.prepare<[string], { id: number; name: string; root: string }>(
      'SELECT id, name, root FROM sources WHERE name = ?',
    ),
    sourceInsert: db.prepare<{ name: string; root: string }>('INSERT INTO sources(name, root) VALUES (@name, @root)'),
    sourceSetRoot: db.prepare<{ id: number; root: string }>('UPDATE sources SET root = @root WHERE id = @id'),
    sourceList: db.prepare<[], { id: number; name: string; root: string }>('SELECT id, name, root FROM sources ORDER BY name'),

    fileStates: db.prepare<[number], { id: number; path: string; size: number; mtime_ms: number; hash: string }>(
      'SELECT id, path, size, mtime_ms, hash FROM files WHERE source_id = ?',
    ),
    fileInsert: db.prepare<{
      source_id: number; path: string; language: string; size: number; mtime_ms: number;
      hash: string; encoding: string; line_count: number;
    }>(`INSERT INTO files(source_id, path, language, size, mtime_ms, hash, encoding, line_count)
        VALUES (@source_id, @path, @language, @size, @mtime_ms, @hash, @encoding, @line_count)`),
    fileTouch: db.prepare<{ id: number; size: number; mtime_ms: number }>(
      'UPDATE files SET size = @size, mtime_ms = @mtime_ms WHERE id = @id',
    ),
    fileDelete: db.prepare<[number]>('DELETE FROM files WHERE id = ?'),
    fileCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM files'),

    /** `content` is the packed text (store/chunk-text): a string or its deflate. */
    chunkInsert: db.prepare<{
      file_id: number; start_line: number; end_line: number; kind: string; symbol: string | null;
      token_count: number; content: string | Buffer;
    }>(`INSERT INTO chunks(file_id, start_line, end_line, kind, symbol, token_count, content)
        VALUES (@file_id, @start_line, @end_line, @kind, @symbol, @token_count, @content)`),
    chunksOfFile: db.prepare<[number], { id: number; content: string; symbol: string | null }>(
      'SELECT id, chunk_text(content) AS content, symbol FROM chunks WHERE file_id = ?',
    ),
    /** A file's chunks as replacing it compares them with the new ones (SqliteStore.replaceFile). */
    chunksOfFileWhole: db.prepare<[number], { id: number; content: string; symbol: string | null; kind: string; start_line: number; end_line: number; token_count: number }>(
      'SELECT id, chunk_text(content) AS content, symbol, kind, start_line, end_line, token_count FROM chunks WHERE file_id = ?',
    ),
    /** A kept chunk's place in its changed file (its text, and so its full-text rows, are the same). */
    chunkMove: db.prepare<{ id: number; start_line: number; end_line: number; kind: string; token_count: number }>(
      'UPDATE chunks SET start_line = @start_line, end_line = @end_line, kind = @kind, token_count = @token_count WHERE id = @id',
    ),
    /** A replaced file's own facts, its row (and id) kept. */
    fileRewrite: db.prepare<{ id: number; size: number; mtime_ms: number; hash: string; encoding: string; line_count: number }>(
      'UPDATE files SET size = @size, mtime_ms = @mtime_ms, hash = @hash, encoding = @encoding, line_count = @line_count WHERE id = @id',
    ),
    chunkDelete: db.prepare<[number]>('DELETE FROM chunks WHERE id = ?'),
    symbolsOfFileDelete: db.prepare<[number]>('DELETE FROM symbols WHERE file_id = ?'),
    /** What a file's word rows were given as their path column (pathIndexText). */
    filePathLanguage: db.prepare<[number], { path: string; language: string }>('SELECT path, language FROM files WHERE id = ?'),
    chunkCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM chunks'),

    symbolInsert: db.prepare<{ file_id: number; name: string; kind: string; container: string | null; start_line: number; end_line: number }>(
      `INSERT INTO symbols(file_id, name, kind, container, start_line, end_line)
       VALUES (@file_id, @name, @kind, @container, @start_line, @end_line)`,
    ),

    wordsInsert: db.prepare<{ rowid: number; path: string; symbol: string; body: string }>(
      'INSERT INTO chunk_words(rowid, path, symbol, body) VALUES (@rowid, @path, @symbol, @body)',
    ),
    wordsDelete: db.prepare<[number]>('DELETE FROM chunk_words WHERE rowid = ?'),
    gramsInsert: db.prepare<{ rowid: number; body: string }>('INSERT INTO chunk_grams(rowid, body) VALUES (@rowid, @body)'),
    /** Contentless tables forget text, so a row is removed by replaying the text it was indexed with. */
    gramsDelete: db.prepare<{ rowid: number; body: string }>(
      "INSERT INTO chunk_grams(chunk_grams, rowid, body) VALUES ('delete', @rowid, @body)",
    ),

    /** BM25 page: weights favour a hit in the path or symbol name over one in the body. */
    wordsSearch: db.prepare<SearchFilter & PhraseCounts & { match: string; limit: number; offset: number }, ScoredChunkRow>(`
      SELECT c.id AS chunk_id, ${WORDS_SCORE} ${WORDS_JOIN}
      WHERE chunk_words MATCH @match ${FILTERS}
      ORDER BY score DESC, c.id
      LIMIT @limit OFFSET @offset`),
    /** Every ranked hit, ids only, read lazily (phrase checks fetch the texts with chunkStored and stop at their budget). */
    wordsRanked: db.prepare<SearchFilter & PhraseCounts & { match: string }, ScoredChunkRow>(`
      SELECT c.id AS chunk_id, ${WORDS_SCORE} ${WORDS_JOIN}
      WHERE chunk_words MATCH @match ${FILTERS}
      ORDER BY score DESC, c.id`),
    /** A chunk's text as stored (store/chunk-text), for a batch to unpack in one go. */
    chunkStored: db.prepare<[number], { content: string | Uint8Array }>('SELECT content FROM chunks WHERE id = ?'),
    wordsCount: db.prepare<SearchFilter & { match: string }, { n: number }>(`
      SELECT count(*) AS n ${WORDS_JOIN}
      WHERE chunk_words MATCH @match ${FILTERS}`),
    /**
     * The three statements above without a filter: the word index alone. Every word-index row is a
     * chunk's (rows are added and removed with their chunk, in one transaction), so the join
     * drops nothing; without it a match costs no lookups in the chunk, file and source tables
     * (on the kernel's 1.2 M chunks those lookups were most of a count and half of a page).
     */
    wordsSearchAll: db.prepare<PhraseCounts & { match: string; limit: number; offset: number }, ScoredChunkRow>(`
      SELECT rowid AS chunk_id, ${WORDS_SCORE} FROM chunk_words
      WHERE chunk_words MATCH @match
      ORDER BY score DESC, rowid
      LIMIT @limit OFFSET @offset`),
    /**
     * wordsSearchAll skipping the rows that cannot reach the page (native/quarry_ranking.c
     * quarry_bm25_bounded(), store/word-blocks); with quarry_bm25() only, after quarry_keep_rows(N >= limit + offset).
     */
    wordsSearchBounded: nativeRanking
      ? db.prepare<PhraseCounts & { match: string; limit: number; offset: number; bounds: Buffer; shift: number }, ScoredChunkRow>(`
      SELECT rowid AS chunk_id, -quarry_bm25_bounded(chunk_words, @counts, @lengths, @bounds, @shift, ${columns.map((name) => RANKING.bm25Weights[name]).join(', ')}) AS score
      FROM chunk_words WHERE chunk_words MATCH @match
      ORDER BY score DESC, rowid
      LIMIT @limit OFFSET @offset`)
      : null,
    /** A word's block maxima (native/quarry_ranking.c quarry_word_blocks(), store/word-blocks); with quarry_bm25() only. */
    wordBlocks: nativeRanking
      ? db.prepare<{ match: string; shift: number; lengths: string | null }, Buffer>(
        `SELECT quarry_word_blocks(chunk_words, @shift, @lengths, ${columns.map((name) => RANKING.bm25Weights[name]).join(', ')}) FROM chunk_words WHERE chunk_words MATCH @match LIMIT 1`,
      ).pluck()
      : null,
    /**
     * One row scored with no phrase, where quarry_bm25() is loaded: it reads every row's length for
     * `@lengths` into the connection's memory, ahead of the first search (SqliteReader.warm).
     */
    wordsWarm: nativeRanking
      ? db.prepare<PhraseCounts, number>(`SELECT ${WORDS_SCORE} FROM chunk_words WHERE rowid = (SELECT min(id) FROM chunks)`).pluck()
      : null,
    /** The next quarry_bm25() statement on this connection keeps its N best rows' word counts (store/kept-hits). */
    keepRows: nativeRanking ? db.prepare<[number], null>('SELECT quarry_keep_rows(?)').pluck() : null,
    /** The rows it kept, once (NULL when none did). */
    keptRows: nativeRanking ? db.prepare<[], Buffer | null>('SELECT quarry_kept_rows()').pluck() : null,
    /** The key whose lengths quarry_bm25() holds on this connection (NULL before any). */
    rankingLengthsKey: nativeRanking ? db.prepare<[], string | null>('SELECT quarry_ranking_lengths_key()').pluck() : null,
    wordsRankedAll: db.prepare<PhraseCounts & { match: string }, ScoredChunkRow>(`
      SELECT rowid AS chunk_id, ${WORDS_SCORE} FROM chunk_words
      WHERE chunk_words MATCH @match
      ORDER BY score DESC, rowid`),
    wordsCountAll: db.prepare<{ match: string }, { n: number }>(WORDS_COUNT_ALL_SQL),
    /** FTS5's own record of the word index's row count and token totals (store/word-totals), whose row count the bound's idf takes. */
    wordsAverages: db.prepare<[], Buffer>('SELECT block FROM chunk_words_data WHERE id = 1').pluck(),
    /** A word-index row's length in tokens per column (FTS5's size record: SQLite varints, in `wordColumns` order). */
    wordsRowSizes: db.prepare<[number], Buffer>('SELECT sz FROM chunk_words_docsize WHERE id = ?').pluck(),
    /** A chunk's file without reading its row's text. */
    chunkFile: db.prepare<[number], { file_id: number }>('SELECT file_id FROM chunks WHERE id = ?'),

    /**
     * Trigram candidates in (repository, path, line) order, so line hits page stably. The text is
     * read packed and unpacked by the reader as rows are consumed: `chunk_text()` here would inflate
     * every candidate inside the sort, before the first row and its verify budget (ENGINE).
     */
    gramCandidates: db.prepare<SearchFilter & { match: string }, StoredCandidateRow>(`
      SELECT c.id AS chunk_id, c.start_line, c.content, f.path, f.language, s.name AS repository
      FROM chunk_grams
      JOIN chunks c ON c.id = chunk_grams.rowid
      JOIN files f ON f.id = c.file_id
      JOIN sources s ON s.id = f.source_id
      WHERE chunk_grams MATCH @match ${FILTERS}
      ORDER BY s.name, f.path, c.start_line, c.id`),
    /** The schema step as this connection reads it now (another process may have migrated since it opened). */
    schemaStep: db.prepare<[], number>('PRAGMA user_version').pluck(),
    /** Every chunk, for patterns with no required trigram (e.g. `\\w+`). */
    allCandidates: db.prepare<SearchFilter, StoredCandidateRow>(`
      SELECT c.id AS chunk_id, c.start_line, c.content, f.path, f.language, s.name AS repository
      FROM chunks c
      JOIN files f ON f.id = c.file_id
      JOIN sources s ON s.id = f.source_id
      WHERE 1 ${FILTERS}
      ORDER BY s.name, f.path, c.start_line, c.id`),

    /** A chunk hit with its text as stored: the reader unpacks a list of them in one call (store/chunk-text). */
    chunkHit: db.prepare<[number], StoredChunkHitRow>(`
      SELECT c.id AS chunk_id, c.file_id, c.start_line, c.end_line, c.kind, c.symbol, c.token_count, c.content AS stored,
             f.path, f.language, s.name AS repository
      FROM chunks c JOIN files f ON f.id = c.file_id JOIN sources s ON s.id = f.source_id
      WHERE c.id = ?`),

    /** Definitions named `name` (case-insensitive), exact-case matches first. */
    symbolsNamed: db.prepare<SearchFilter & { name: string; limit: number }, SymbolRow>(`
      SELECT sy.id, sy.file_id, sy.name, sy.kind, sy.container, sy.start_line, sy.end_line, f.path, f.language, s.name AS repository
      FROM symbols sy JOIN files f ON f.id = sy.file_id JOIN sources s ON s.id = f.source_id
      WHERE sy.name = @name COLLATE NOCASE ${FILTERS}
      ORDER BY sy.name = @name DESC, f.path, sy.start_line, sy.id
      LIMIT @limit`),
    /** Definitions whose name matches a LIKE pattern (pattern queries: "*Importer"). */
    symbolsLike: db.prepare<SearchFilter & { like: string; limit: number }, SymbolRow>(`
      SELECT sy.id, sy.file_id, sy.name, sy.kind, sy.container, sy.start_line, sy.end_line, f.path, f.language, s.name AS repository
      FROM symbols sy JOIN files f ON f.id = sy.file_id JOIN sources s ON s.id = f.source_id
      WHERE sy.name LIKE @like ESCAPE '\\' ${FILTERS}
      ORDER BY length(sy.name), f.path, sy.start_line, sy.id
      LIMIT @limit`),
    symbolNames: db.prepare<{ like: string; limit: number }, { name: string }>(
      "SELECT DISTINCT name FROM symbols WHERE name LIKE @like ESCAPE '\\' ORDER BY name LIMIT @limit",
    ),
    /** The outline of one file for the web page's file view: its symbols in line order, and its language. */
    fileOutline: db.prepare<{ path: string }, { name: string; kind: string; container: string | null; start_line: number; end_line: number }>(`
      SELECT sy.name, sy.kind, sy.container, sy.start_line, sy.end_line
      FROM symbols sy JOIN files f ON f.id = sy.file_id WHERE f.path = @path ORDER BY sy.start_line, sy.id`),
    fileLanguage: db.prepare<{ path: string }, { language: string | null }>('SELECT language FROM files WHERE path = @path LIMIT 1'),
    /** The innermost definition around a line of a file. */
    symbolAt: db.prepare<{ file_id: number; line: number }, { name: string; container: string | null }>(`
      SELECT name, container FROM symbols
      WHERE file_id = @file_id AND start_line <= @line AND end_line >= @line
      ORDER BY start_line DESC, end_line ASC, id LIMIT 1`),
    /** Edges pointing at a name: callers, subclasses, importers. */
    edgesTo: db.prepare<SearchFilter & { name: string; kinds: string; limit: number; offset: number }, EdgeRow>(`
      SELECT e.kind, e.from_name, e.to_name, e.line, e.file_id, f.path, f.language, s.name AS repository
      FROM edges e JOIN files f ON f.id = e.file_id JOIN sources s ON s.id = f.source_id
      WHERE e.to_name = @name COLLATE NOCASE AND instr(@kinds, e.kind) > 0 ${FILTERS}
      ORDER BY s.name, f.path, e.line, e.id
      LIMIT @limit OFFSET @offset`),
    edgesToCount: db.prepare<SearchFilter & { name: string; kinds: string }, { n: number }>(`
      SELECT count(*) AS n FROM edges e JOIN files f ON f.id = e.file_id JOIN sources s ON s.id = f.source_id
      WHERE e.to_name = @name COLLATE NOCASE AND instr(@kinds, e.kind) > 0 ${FILTERS}`),
    /** How many of the named indexes (a JSON array) exist. */
    indexesPresent: db.prepare<[string], number>(
      "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))",
    ).pluck(),
    /** Edges leaving a definition: its callees (the NOCASE term lets the names' index find the exact name). */
    edgesFrom: db.prepare<{ name: string; kinds: string; limit: number }, EdgeRow>(`
      SELECT e.kind, e.from_name, e.to_name, e.line, e.file_id, f.path, f.language, s.name AS repository
      FROM edges e JOIN files f ON f.id = e.file_id JOIN sources s ON s.id = f.source_id
      WHERE e.from_name = @name COLLATE NOCASE AND e.from_name = @name AND instr(@kinds, e.kind) > 0
      ORDER BY f.path, e.line, e.id LIMIT @limit`),
    /** The chunk holding a line of a file. */
    chunkAtLine: db.prepare<{ file_id: number; line: number }, { id: number }>(
      'SELECT id FROM chunks WHERE file_id = @file_id AND start_line <= @line ORDER BY start_line DESC, id DESC LIMIT 1',
    ),
    /**
     * Whether a chunk matches a word-index expression (membership test for merged result lists). The
     * rowid is cast: better-sqlite3 binds a JavaScript number as REAL, and FTS5 ignores a REAL rowid
     * beside MATCH, which answered "matches" for every chunk whenever the expression matched any.
     */
    wordsHasChunk: db.prepare<{ match: string; rowid: number }, { one: number }>(
      'SELECT 1 AS one FROM chunk_words WHERE chunk_words MATCH @match AND rowid = CAST(@rowid AS INTEGER)',
    ),
    vocabRange: db.prepare<{ from: string; to: string; limit: number }, { term: string; doc: number }>(
      'SELECT term, doc FROM chunk_words_vocab WHERE term >= @from AND term < @to LIMIT @limit',
    ),
    /** A common word's kept chunk count (store/word-docs); null before schema step 14. */
    wordDocs: hasTable(db, 'word_docs') ? db.prepare<[string], number>('SELECT docs FROM word_docs WHERE term = ?').pluck() : null,

    /** The whole symbol graph in id order (the Neo4j export). */
    graphFiles: db.prepare<[], GraphRows['files'][number]>(
      'SELECT f.id, f.path, f.language, s.name AS repository FROM files f JOIN sources s ON s.id = f.source_id ORDER BY f.id',
    ),
    graphSymbols: db.prepare<[], GraphRows['symbols'][number]>('SELECT id, file_id, name, kind, container, start_line, end_line FROM symbols ORDER BY id'),
    graphEdges: db.prepare<[], GraphRows['edges'][number]>(
      'SELECT e.file_id, e.kind, e.from_name, e.to_name, e.line, f.path FROM edges e JOIN files f ON f.id = e.file_id ORDER BY e.id',
    ),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/**
 * Filters of the REST project search (the REST API contract). Lists arrive as JSON arrays
 * bound as one parameter and are expanded with json_each, so user globs reach
 * SQLite only as bound GLOB patterns and extensions are compared as suffixes
 * (no LIKE wildcards). NULL disables a filter.
 */
const PROJECT_FILTERS = `
  AND (@source_type IS NULL OR f.source_type = @source_type)
  AND (@exclude_conversations = 0 OR f.source_type <> 'conversation_message')
  AND (@extensions IS NULL OR EXISTS (
        SELECT 1 FROM json_each(@extensions) e WHERE lower(substr(f.path, -length(e.value))) = e.value))
  AND (@globs IS NULL OR EXISTS (SELECT 1 FROM json_each(@globs) g WHERE f.path GLOB g.value))`;

/** Statements of REST projects: uploaded files, conversations, messages and the project search. */
export function prepareContentStatements(db: Database.Database) {
  // One statement per project search: bm25() counts its phrases once, as quarry_bm25() would be given them.
  const WORDS_SCORE = wordsScore(wordColumns(db), false);
  return {
    fileIdByPath: db.prepare<{ source_id: number; path: string }, { id: number }>(
      'SELECT id FROM files WHERE source_id = @source_id AND path = @path',
    ),
    /** Bytes of uploaded files and messages, less the upload at `path` (what an upload replacing it adds to). */
    contentBytesBesides: db.prepare<{ uploads: string; conversations: string; path: string }, { bytes: number }>(
      `SELECT coalesce(sum(f.size), 0) AS bytes FROM files f JOIN sources s ON s.id = f.source_id
       WHERE s.name IN (@uploads, @conversations) AND NOT (s.name = @uploads AND f.path = @path)`,
    ),
    fileSetSourceType: db.prepare<{ id: number; source_type: string }>('UPDATE files SET source_type = @source_type WHERE id = @id'),
    fileCountsByType: db.prepare<[], { source_type: string; n: number }>(
      'SELECT source_type, count(*) AS n FROM files GROUP BY source_type',
    ),
    fileCountsByLanguage: db.prepare<[], { language: string; n: number }>(
      "SELECT language, count(*) AS n FROM files WHERE source_type = 'file' GROUP BY language ORDER BY n DESC, language",
    ),
    fileCountsByRepository: db.prepare<[], { repository: string; n: number }>(
      "SELECT s.name AS repository, count(*) AS n FROM files f JOIN sources s ON s.id = f.source_id WHERE f.source_type = 'file' GROUP BY s.name ORDER BY n DESC, s.name",
    ),

    conversationInsert: db.prepare<{ id: string; title: string; created_at: string }>(
      'INSERT INTO conversations(id, title, created_at) VALUES (@id, @title, @created_at)',
    ),
    conversationGet: db.prepare<[string], ConversationRow>(`
      SELECT c.id, c.title, c.created_at, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
      FROM conversations c WHERE c.id = ?`),
    conversationList: db.prepare<[], ConversationRow>(`
      SELECT c.id, c.title, c.created_at, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
      FROM conversations c ORDER BY c.created_at, c.id`),
    conversationLastRound: db.prepare<[string], { last: number | null }>(
      'SELECT max(round_number) AS last FROM messages WHERE conversation_id = ?',
    ),
    messageInsert: db.prepare<{ file_id: number; conversation_id: string; round_number: number; speaker: string; created_at: string }>(
      `INSERT INTO messages(file_id, conversation_id, round_number, speaker, created_at)
       VALUES (@file_id, @conversation_id, @round_number, @speaker, @created_at)`,
    ),

    /** BM25 page over every source of the index (same score and join as `wordsSearch`). */
    projectSearch: db.prepare<ProjectFilterParams & { match: string; limit: number; offset: number }, ScoredChunkRow>(`
      SELECT c.id AS chunk_id, ${WORDS_SCORE} ${WORDS_JOIN}
      WHERE chunk_words MATCH @match ${PROJECT_FILTERS}
      ORDER BY score DESC, c.id
      LIMIT @limit OFFSET @offset`),
    projectSearchCount: db.prepare<ProjectFilterParams & { match: string }, { n: number }>(`
      SELECT count(*) AS n ${WORDS_JOIN}
      WHERE chunk_words MATCH @match ${PROJECT_FILTERS}`),
    projectHit: db.prepare<[number], ProjectHitRow>(`
      SELECT c.id AS chunk_id, c.start_line, c.end_line, c.token_count, chunk_text(c.content) AS content,
             f.id AS file_id, f.path, f.source_type, s.name AS repository,
             m.conversation_id, m.round_number, m.speaker
      FROM chunks c JOIN files f ON f.id = c.file_id JOIN sources s ON s.id = f.source_id LEFT JOIN messages m ON m.file_id = f.id
      WHERE c.id = ?`),
  };
}

export type ContentStatements = ReturnType<typeof prepareContentStatements>;

