/**
 * @module store/rows
 * Rows the index answers with, whichever store holds it (store/store): the
 * SQLite statements and the PostgreSQL queries both return these shapes,
 * snake_case as stored, and the engines shape them further.
 */

export interface SymbolRow {
  id: number;
  file_id: number;
  name: string;
  kind: string;
  container: string | null;
  start_line: number;
  end_line: number;
  path: string;
  language: string;
  repository: string;
}

export interface EdgeRow {
  kind: string;
  from_name: string | null;
  to_name: string;
  line: number;
  file_id: number;
  path: string;
  language: string;
  repository: string;
}

export interface SearchFilter {
  language: string | null;
  repository: string | null;
}

export interface ScoredChunkRow {
  chunk_id: number;
  score: number;
  /** How often the query's words occur in the row's columns, as the first stage scored them (SQLite with quarry_bm25() only). */
  hits?: WordHits;
}

/**
 * A word-index row's instances of the words of the expression that scored it, by column: the counts
 * the second ranking stage would otherwise take from the chunk's text (search/chunk-bm25). Only
 * words in `counted` were counted; a counted word absent from a column's map is not in it.
 */
export interface WordHits {
  counted: ReadonlySet<string>;
  path: ReadonlyMap<string, number>;
  symbol: ReadonlyMap<string, number>;
  body: ReadonlyMap<string, number>;
}

export interface CandidateChunkRow {
  chunk_id: number;
  start_line: number;
  /** The chunk's text as UTF-8 bytes: lines are verified on bytes (search/matcher). */
  content: Buffer;
  path: string;
  language: string;
  repository: string;
}

export interface ChunkHitRow {
  chunk_id: number;
  file_id: number;
  start_line: number;
  end_line: number;
  kind: string;
  symbol: string | null;
  token_count: number;
  content: string;
  path: string;
  language: string;
  repository: string;
}

export interface ProjectFilterParams {
  source_type: string | null;
  exclude_conversations: 0 | 1;
  /** JSON array of lower-case extensions with their dot, or NULL. */
  extensions: string | null;
  /** JSON array of GLOB patterns, or NULL. */
  globs: string | null;
}

export interface ConversationRow {
  id: string;
  title: string;
  created_at: string;
  message_count: number;
}

export interface ProjectHitRow {
  chunk_id: number;
  start_line: number;
  end_line: number;
  token_count: number;
  content: string;
  file_id: number;
  path: string;
  source_type: string;
  /** The file's repository (`:uploads` for an upload); a store that does not say leaves it out. */
  repository?: string;
  conversation_id: string | null;
  round_number: number | null;
  speaker: string | null;
}

/** The rows `locate` reads (store/store LocateReader): files are ranked whole. */
export interface LocateFileRow {
  id: number;
  path: string;
  language: string;
  line_count: number;
  repository: string;
}

/**
 * Every chunk's id, file and length (tokens of its word-index text), in any order, as three columns
 * of equal length: a kernel-sized index has over a million chunks, and a row object each cost most
 * of reading them.
 */
export interface LocateChunkColumns {
  ids: number[];
  fileIds: number[];
  tokens: number[];
}

/** A term's postings: the chunks holding it in their body, in id order, and how often each holds it. */
export interface TermPostings {
  chunkIds: number[];
  frequencies: number[];
}

export interface LocateDefinitionRow {
  name: string;
  kind: string;
  container: string | null;
  start_line: number;
  end_line: number;
  file_id: number;
}

export interface DefinitionAtRow {
  name: string;
  kind: string;
  container: string | null;
  start_line: number;
}

export interface ChunkSymbolRow {
  symbol: string | null;
  kind: string;
  start_line: number;
}
