/**
 * @module store/store
 * The seam beneath the search engine: a `Store` holds one index (files,
 * chunks with their word and trigram indexes, symbols, edges, the index
 * version) and answers the engine's questions through an `IndexReader`, and
 * the indexer's writes through an `IndexWriter`. Two implementations: one
 * SQLite file (store/sqlite-store, the default) and a PostgreSQL schema
 * (store/postgres), shared by several servers. Everything is asynchronous,
 * since PostgreSQL is; the SQLite side answers from its synchronous
 * statements without waiting on anything.
 *
 * Match expressions are the ones search/fts-expression compiles (quoted
 * strings joined by AND/OR): SQLite runs them as FTS5 MATCH text, PostgreSQL
 * reads them back into a tsquery or trigram conditions. Rows come back in
 * the same order on both: ties are always broken by id.
 */
import type {
  CandidateChunkRow, ChunkHitRow, ChunkSymbolRow, DefinitionAtRow, EdgeRow, LocateChunkColumns, LocateDefinitionRow, LocateFileRow,
  ProjectFilterParams, ProjectHitRow, ScoredChunkRow, SearchFilter, SymbolRow, TermPostings,
} from './rows.js';

export type StoreKind = 'sqlite' | 'postgres';

/** Where an index lives; plain data, so it crosses to search workers and index threads. */
export type StoreLocation =
  | { kind: 'sqlite'; file: string }
  /** A postgres:// URL; its `schema` parameter (default `quarry`) names the schema that holds the index. */
  | { kind: 'postgres'; url: string };

export interface PageWindow {
  offset: number;
  limit: number;
}

/** A ranked word-index hit with its text (for the phrase check). */
export interface ScoredChunkText extends ScoredChunkRow {
  content: string;
}

/** A word-index row's length in tokens per column (path words, definition name, body). */
export interface WordRowLengths {
  path: number;
  symbol: number;
  body: number;
}

export interface SymbolName {
  name: string;
  container: string | null;
}

export interface OutlineSymbol {
  name: string;
  kind: string;
  container: string | null;
  start_line: number;
  end_line: number;
}

/** The index's symbol graph in id order, for the Neo4j export (graph/export). */
export interface GraphRows {
  files: { id: number; path: string; language: string; repository: string }[];
  symbols: { id: number; file_id: number; name: string; kind: string; container: string | null; start_line: number; end_line: number }[];
  edges: { file_id: number; kind: string; from_name: string | null; to_name: string; line: number; path: string }[];
}

/**
 * What `locate` reads: whole-file facts, the word index's postings of a term, the
 * definitions the text names and the graph's edges. Both stores answer alike, so a file ranks the
 * same on either.
 */
export interface LocateReader {
  /** Indexed files (not conversation messages), of one repository or all. */
  locateFiles(repository: string | null): Promise<LocateFileRow[]>;
  /** Every chunk's file and token count. */
  chunkTokens(): Promise<LocateChunkColumns>;
  /** How often a folded word occurs in each chunk's body, for every chunk holding it there. */
  termPostings(term: string): Promise<TermPostings>;
  /** Files whose chunk bodies hold these folded words in a row, at most `limit` of them. */
  phraseFiles(words: readonly string[], limit: number): Promise<number[]>;
  /** Definitions named `name` (ASCII case-insensitive), by file and line. */
  definitionsNamed(name: string, limit: number): Promise<LocateDefinitionRow[]>;
  definitionCount(name: string): Promise<number>;
  /** The innermost definition around a line of a file (a traceback frame's line). */
  definitionAt(fileId: number, line: number): Promise<DefinitionAtRow | undefined>;
  /** The definition a chunk is about. */
  chunkSymbol(chunkId: number): Promise<ChunkSymbolRow | undefined>;
  /** Files whose code calls, extends or implements `name`, most references first. */
  referencingFiles(name: string, limit: number): Promise<{ file_id: number; n: number }[]>;
}

/**
 * What the engine reads. One reader sees one index version throughout
 * (PostgreSQL: one REPEATABLE READ transaction), so a search never mixes two.
 */
export interface IndexReader extends LocateReader {
  indexVersion(): Promise<number>;

  /**
   * Chunks matching a word expression: the exact count. `groups`, as for `wordsPage`: a store may
   * count the OR of a few words from the counts of each and of their ANDs, the same number.
   */
  wordsCount(filter: SearchFilter, match: string, groups?: readonly (readonly string[])[] | null): Promise<number>;
  /**
   * A page of them by BM25 (FTS5's, path/symbol/body weighted), best first, ties by chunk id.
   * `groups`, when given, are the alternatives `match` is the OR of (plan's anyTermGroups): a
   * store may then leave out rows that cannot reach the page (store/words-bound), same page.
   */
  wordsPage(filter: SearchFilter, match: string, window: PageWindow, groups?: readonly (readonly string[])[] | null): Promise<ScoredChunkRow[]>;
  /** All of them in that order with their text, in batches, read lazily: a phrase check stops at its budget. */
  wordsRanked(filter: SearchFilter, match: string): AsyncIterable<ScoredChunkText[]>;
  /** Which of these chunks match a word expression. */
  wordsMatching(match: string, chunkIds: readonly number[]): Promise<Set<number>>;
  /** Indexed words from `from` (inclusive) to `to` (exclusive) in byte order, with the chunks holding each. */
  vocabRange(from: string, to: string, limit: number): Promise<{ term: string; doc: number }[]>;

  /**
   * Chunks holding every trigram of a trigram expression (case-insensitively; null: every chunk),
   * in (repository, path, line) order, in batches, read lazily. Only candidates: RE2 decides.
   */
  candidates(filter: SearchFilter, match: string | null): AsyncIterable<CandidateChunkRow[]>;

  chunkHit(chunkId: number): Promise<ChunkHitRow | undefined>;
  /** Several at once, in the order asked (undefined where a chunk is gone). */
  chunkHits(chunkIds: readonly number[]): Promise<(ChunkHitRow | undefined)[]>;
  /** The files of chunks, in the order asked (undefined where a chunk is gone). */
  chunkFiles(chunkIds: readonly number[]): Promise<(number | undefined)[]>;
  /**
   * The word-index rows' lengths in tokens per column, as counted when they were written, in the order
   * asked (undefined where a store does not keep them or a chunk is gone: the re-ranker counts them).
   */
  wordRowLengths(chunkIds: readonly number[]): Promise<(WordRowLengths | undefined)[]>;
  /** Chunks in the index (the re-ranker's N). */
  chunkCount(): Promise<number>;
  /** Chunks holding each of these words (0 for a word the index lacks). */
  vocabDocs(terms: readonly string[]): Promise<Map<string, number>>;
  /**
   * Reads ahead what the first text search of this index state would otherwise read: the rows'
   * lengths that SQLite's quarry_bm25() keeps per connection (store/ranking-extension; about 0.1 s
   * for the kernel's 1.2 M chunks, over a second from a cold disk). Nothing elsewhere.
   */
  warm(): Promise<void>;
  /** The chunks holding lines of files (each the last chunk starting at or before its line), in the order asked. */
  chunksAtLines(spots: readonly { fileId: number; line: number }[]): Promise<(number | undefined)[]>;
  /** The innermost definition around a line of a file. */
  symbolAt(fileId: number, line: number): Promise<SymbolName | undefined>;
  /** Several at once, in the order asked. */
  symbolsAt(spots: readonly { fileId: number; line: number }[]): Promise<(SymbolName | undefined)[]>;
  /** Definitions named `name` (ASCII case-insensitive), exact-case first. */
  symbolsNamed(filter: SearchFilter, name: string, limit: number): Promise<SymbolRow[]>;
  /** Definitions whose name fits a LIKE pattern (ASCII case-insensitive, `\` escapes), shortest first. */
  symbolsLike(filter: SearchFilter, like: string, limit: number): Promise<SymbolRow[]>;
  /** Distinct definition names fitting a LIKE pattern. */
  symbolNames(like: string, limit: number): Promise<string[]>;
  /**
   * Names the index defines, by how many files call them, most first: of the `scan` most called
   * names, those a definition has (the web page's example queries).
   */
  calledNames(scan: number): Promise<{ name: string; files: number }[]>;
  /** Edges of the given kinds (comma-separated) pointing at a name (ASCII case-insensitive), by repository, path, line. */
  edgesTo(filter: SearchFilter, name: string, kinds: string, window: PageWindow): Promise<EdgeRow[]>;
  edgesToCount(filter: SearchFilter, name: string, kinds: string): Promise<number>;
  /** Edges leaving a definition (its exact qualified name). */
  edgesFrom(name: string, kinds: string, limit: number): Promise<EdgeRow[]>;
  /**
   * Whether the graph's lookup indexes (store/schema GRAPH_LOOKUP_INDEXES) exist. A bulk load creates
   * them only at its end: until then every edge lookup reads the whole graph.
   */
  graphLookupsReady(): Promise<boolean>;

  /** A file's outline and language, by path (the web page's file view). */
  fileOutline(path: string): Promise<OutlineSymbol[]>;
  fileLanguage(path: string): Promise<string | null>;

  /** The REST project search (the REST API contract): BM25 over every source with the project filters. */
  projectSearchCount(filters: ProjectFilterParams, match: string): Promise<number>;
  projectSearchPage(filters: ProjectFilterParams, match: string, window: PageWindow): Promise<ScoredChunkRow[]>;
  projectHit(chunkId: number): Promise<ProjectHitRow | undefined>;

  graphRows(): Promise<GraphRows>;
  /**
   * Files and chunks in the index, by source type (`file`, `conversation_message`), and the
   * indexed files (source type `file`) per language and per repository, most first: the page's facets.
   */
  counts(): Promise<{ files: Record<string, number>; chunks: number; languages: Record<string, number>; repositories: Record<string, number> }>;
}

export interface StoredFileState {
  id: number;
  size: number;
  mtimeMs: number;
  hash: string;
}

export interface NewFile {
  path: string;
  language: string;
  size: number;
  mtimeMs: number;
  hash: string;
  encoding: string;
  lineCount: number;
}

export interface NewSymbol {
  name: string;
  kind: string;
  container: string | null;
  startLine: number;
  endLine: number;
}

export interface NewEdge {
  kind: 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'IMPORTS';
  from: string | null;
  to: string;
  line: number;
}

export interface NewChunk {
  startLine: number;
  endLine: number;
  kind: string;
  symbol: string | null;
  tokenCount: number;
  content: string;
  /** Text for the word index: the content plus identifier parts (see text/identifiers). */
  words: string;
  /** `content` as the SQLite store keeps it (store/chunk-text), packed by the prepare worker; absent: the store packs it. */
  stored?: string | Uint8Array;
  /** The SQLite trigram index's tokens of `content` (text/gram-tokens), made by the prepare worker; absent: the store makes them. */
  grams?: string;
}

/** A file to write, with what the indexer prepared from it; `replaceId` is the stored row it replaces. */
export interface FileWrite {
  replaceId: number | null;
  /** The stored row's chunks are in an older content format: none may be kept, the file is written anew. */
  rewrite?: boolean;
  file: NewFile;
  chunks: readonly NewChunk[];
  symbols: readonly NewSymbol[];
  edges: readonly NewEdge[];
}

/** One transaction of an index pass. */
export interface WriteBatch {
  sourceId: number;
  /** Unchanged files whose size or mtime moved. */
  touches: readonly { id: number; size: number; mtimeMs: number }[];
  /** Files written in order (each replacing its stored row, if any). */
  writes: readonly FileWrite[];
  /** Files gone from the folder. */
  deletes: readonly number[];
}

/**
 * Milliseconds of wall time the `apply` calls of a writer spent, by what they wrote: the parts of the
 * transactions (`transactions_ms` is all of them; what is not in a part is the commit, the version
 * bump and the touches).
 */
export interface WriteTimes {
  transactions_ms: number;
  /** Rows of files and chunks, with the chunk text (packed by the preparer, else here). */
  chunk_rows_ms: number;
  /** The word index (FTS5 rows) and its kept counts. */
  words_ms: number;
  /** The trigram index (FTS5 rows). */
  trigrams_ms: number;
  symbols_ms: number;
  /** Call edges and their names (the graph). */
  graph_ms: number;
  /** Removing the rows of replaced and vanished files. */
  removals_ms: number;
}

/**
 * The one writer of an index (PostgreSQL: it holds an advisory lock until
 * closed). Each `apply` is one transaction that, when it changes content,
 * publishes the next index version in that same transaction: a reader sees
 * all of a batch or none of it.
 */
export interface IndexWriter {
  ensureSource(name: string, root: string): Promise<number>;
  fileStates(sourceId: number): Promise<Map<string, StoredFileState>>;
  /** The content format the rows were written in (store/schema CONTENT_FORMAT); 0 when never recorded. */
  contentFormat(): Promise<number>;
  setContentFormat(format: number): Promise<void>;
  counts(): Promise<{ files: number; chunks: number }>;
  /** Applies a batch; returns the index version after it. */
  apply(batch: WriteBatch): Promise<number>;
  /** Where this writer's `apply` calls spent their time so far (a store that does not measure it: undefined). */
  writeTimes?(): WriteTimes;
  /**
   * The dictionary prepared chunk text is packed with (store/text-dictionary): the index's own, or,
   * when it has none and `samples` is given, one built from them and kept. Null where text is kept
   * plain (PostgreSQL) or there was too little to learn from.
   */
  textDictionary(samples: (() => Buffer[]) | null): Promise<Uint8Array | null>;
  /** Before loading an empty index: drops secondary indexes, built once by `ensureIndexes` at the end. */
  beginBulkLoad(): Promise<void>;
  /**
   * Creates whichever secondary index is missing, and, unless `wordCounts` is false, counts again what a
   * store keeps of its words where it is not exact (store/word-docs).
   */
  ensureIndexes(options?: { wordCounts?: boolean }): Promise<void>;
  /**
   * A pass that prepares and removes this many bytes of files in an index of this many chunks: whether
   * counting its common words again at the end (ensureIndexes) costs less than keeping their counts up
   * row by row (store/word-docs). If so, they are no longer kept from here on; false where a store
   * keeps none (PostgreSQL).
   */
  deferWordCounts(bytesChanged: number, chunks: number): Promise<boolean>;
  indexVersion(): Promise<number>;
  close(): Promise<void>;
}

export interface Store {
  readonly kind: StoreKind;
  readonly location: StoreLocation;
  /** Where the index is, for messages and summaries (a file path, or the URL without its password). */
  readonly displayName: string;
  /** Runs `fn` with a reader on one consistent view of the index. */
  read<T>(fn: (reader: IndexReader) => Promise<T>): Promise<T>;
  indexVersion(): Promise<number>;
  /** A per-index random secret (signs pagination cursors), created with the index. */
  secret(): Promise<string>;
  /** Takes the writer's place (PostgreSQL: refused with UNAVAILABLE while another writer holds it). */
  openWriter(): Promise<IndexWriter>;
  /** Bytes the index takes on disk. */
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}
