/**
 * @module store/sqlite-store
 * The embedded index: one SQLite file in WAL mode. Opening applies pending
 * migrations; writes happen only inside `transaction`, in batches the indexer
 * bounds, so an interrupted run leaves every committed file consistent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { catalogueError } from '../contracts/errors.js';
import { gramTokens } from '../text/gram-tokens.js';
import { pathIndexText, wordIndexText } from '../text/identifiers.js';
import { BULK_LOAD_KEEPS, CONTENT_FORMAT, MIGRATIONS, SCHEMA_VERSION, SECONDARY_INDEXES } from './schema.js';
import { registerIndexTextFunctions } from './index-text-functions.js';
import { prepareLocateStatements, type LocateStatements } from './locate-statements.js';
import { loadRankingFunction } from './ranking-extension.js';
import { prepareStatements, type Statements } from './statements.js';
import { bindableChunkText, packChunkText, registerChunkText } from './chunk-text.js';
import { applyMigrations, openDatabase } from './open-database.js';
import { EdgeWriter } from './edge-names.js';
import { registerWordTotals, WordTotals, writingShadowTables } from './word-totals.js';
import { WordDocs } from './word-docs.js';
import { StoredDictionaries } from './stored-dictionaries.js';
import type { NewChunk, NewEdge, NewFile, NewSymbol, StoredFileState, WriteTimes } from './store.js';

export type { NewChunk, NewEdge, NewFile, NewSymbol, StoredFileState } from './store.js';

/** Where `quarry index DIR` keeps its index unless told otherwise. */
export function defaultIndexPath(root: string): string {
  return path.join(root, '.quarry', 'index.db');
}

/** The meta key of the word rows' state (SqliteStore.wordRowsKey). */
const WORDS_VERSION_KEY = 'words_version';

/**
 * The index's SQL functions, on every connection before the migrations: steps 5, 8 and 10 rebuild
 * full-text indexes from the stored text through them, step 12 recounts bm25's totals.
 */
export function registerStoreFunctions(db: Database.Database): void {
  registerChunkText(db);
  registerIndexTextFunctions(db);
  registerWordTotals(db);
}

export class SqliteStore {
  /** Prepared for the schema as it was (`refreshStatements`), with quarry_bm25() where it loaded (store/ranking-extension). */
  statements: Statements;
  private preparedFor: number;
  private locate: LocateStatements | null = null;
  private readonly edges: EdgeWriter;
  private readonly wordTotals: WordTotals;
  private readonly wordDocs: WordDocs;
  /** In the open transaction: word rows were added or removed (wordRowsKey). */
  private wordRowsChanged = false;
  /** The chunk-text dictionaries of the file (store/stored-dictionaries). */
  readonly dictionaries: StoredDictionaries;
  /** Wall time of the writes so far, by part (all but `transactions_ms`, which SqliteIndex's writer adds). */
  readonly writeTimes: WriteTimes = { transactions_ms: 0, chunk_rows_ms: 0, words_ms: 0, trigrams_ms: 0, symbols_ms: 0, graph_ms: 0, removals_ms: 0 };

  private constructor(
    readonly db: Database.Database, readonly file: string, dictionaries: StoredDictionaries, readonly nativeRanking: boolean,
    /** Word pages scored with block maxima (store/word-blocks) of blocks of 2^shift rowids, or not (false: the default). */
    readonly wordBlocks: false | { shift: number } = false,
  ) {
    this.statements = prepareStatements(db, nativeRanking);
    this.preparedFor = Number(db.pragma('schema_version', { simple: true }));
    this.edges = new EdgeWriter(db);
    this.wordTotals = new WordTotals(db, this.statements.wordsAverages);
    this.wordDocs = new WordDocs(db, this.statements);
    this.dictionaries = dictionaries;
  }

  /**
   * Opens (and with `create`, creates) the index at `file`. Without `create` a
   * missing file is INDEX_MISSING, so a search never silently builds an empty index.
   */
  static open(
    file: string, options: { create?: boolean; readonly?: boolean; root?: string; fts5Bm25?: boolean; wordBlocks?: false | { shift: number } } = {},
  ): SqliteStore {
    if (!options.create && !fs.existsSync(file)) {
      throw catalogueError('INDEX_MISSING', { key: 'index.missing', params: { index: file, root: options.root ?? '.' } }, 'en', { index: file });
    }
    if (options.create) fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = openDatabase(file, { readonly: options.readonly ?? false });
    try {
      registerStoreFunctions(db);
      // Before the migrations: a step that rebuilds a full-text index reads every row's text.
      const dictionaries = new StoredDictionaries(db);
      dictionaries.refresh();
      migrate(db, file, options.readonly ?? false);
      return new SqliteStore(db, file, dictionaries, !options.fts5Bm25 && loadRankingFunction(db), options.wordBlocks);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * Whether a read (SqliteIndex.read) runs in one transaction, one snapshot of the index: only on a
   * read-only connection, where no write of this connection can wait behind it.
   */
  get readsInSnapshot(): boolean {
    return this.db.readonly;
  }

  /**
   * Prepares the statements again when another connection has changed the schema since: a reader
   * of a file that a writer migrated would keep bm25's weights in the old column order (schema
   * step 8 reordered the word index). Called by reads when no statement of this connection is open.
   */
  refreshStatements(): void {
    const now = Number(this.db.pragma('schema_version', { simple: true }));
    if (now === this.preparedFor) return;
    this.statements = prepareStatements(this.db, this.nativeRanking);
    this.locate = null;
    this.preparedFor = now;
  }

  /** The statements of `locate`, prepared on its first call (most stores never locate). */
  get locateStatements(): LocateStatements {
    this.locate ??= prepareLocateStatements(this.db, this.statements.nativeRanking);
    return this.locate;
  }

  /** BEGIN IMMEDIATE: a writer takes the lock before reading, so it never fails half-way on an upgrade. */
  transaction<T>(fn: () => T): T {
    this.edges.beginTransaction();
    this.wordTotals.beginTransaction();
    let committed = false;
    try {
      const result = this.db.transaction(() => {
        // Under the write lock: another writer may have added a dictionary that rows this one deletes were packed with.
        this.dictionaries.refresh();
        const outermost = this.wordDocs.begin();
        if (outermost) this.wordRowsChanged = false;
        let done = false;
        try {
          const value = fn();
          if (outermost && this.wordRowsChanged) this.bumpWordsVersion();
          if (outermost) this.wordDocs.commit(this.indexVersion());
          done = true;
          return value;
        } finally {
          // A nested transaction that failed was rolled back to its savepoint, the rows it kept counts of with it.
          if (outermost) this.wordDocs.end(); else if (!done) this.wordDocs.abandon();
        }
      }).immediate();
      committed = true;
      return result;
    } finally {
      this.edges.endTransaction(committed);
      this.wordTotals.endTransaction(committed);
    }
  }

  /**
   * The state of the word index's rows, as the key under which quarry_bm25() keeps their lengths
   * (store/ranking-extension): the `words_version` meta value, bumped by every transaction that adds
   * or removes word rows (not by one that only adds vectors or touches files), prefixed with the
   * schema step (a migration rebuilds rows); the index version where no writer has set it yet.
   */
  wordRowsKey(): string {
    const words = this.statements.metaGet.get(WORDS_VERSION_KEY)?.value;
    const step = this.statements.schemaStep.get()!;
    return words === undefined ? `${step}.v${this.indexVersion()}` : `${step}.w${words}`;
  }

  private bumpWordsVersion(): void {
    const next = Number(this.statements.metaGet.get(WORDS_VERSION_KEY)?.value ?? 0) + 1;
    this.statements.metaSet.run({ key: WORDS_VERSION_KEY, value: String(next) });
  }

  /** Bumped by every transaction that changes indexed content; caches and cursors carry it. */
  indexVersion(): number {
    return Number(this.statements.metaGet.get('index_version')?.value ?? 0);
  }

  bumpIndexVersion(): number {
    const next = this.indexVersion() + 1;
    this.statements.metaSet.run({ key: 'index_version', value: String(next) });
    return next;
  }

  /** The content format the rows were written in (see CONTENT_FORMAT); 0 when never recorded. */
  contentFormat(): number {
    return Number(this.statements.metaGet.get('content_format')?.value ?? 0);
  }

  setContentFormat(format: number): void {
    this.statements.metaSet.run({ key: 'content_format', value: String(format) });
  }

  /** A per-index random secret, created on first use (signs pagination cursors). */
  secret(): string {
    const existing = this.statements.metaGet.get('secret')?.value;
    if (existing) return existing;
    const created = randomBytes(32).toString('hex');
    this.statements.metaSet.run({ key: 'secret', value: created });
    return created;
  }

  ensureSource(name: string, root: string): number {
    const existing = this.statements.sourceByName.get(name);
    if (existing) {
      if (existing.root !== root) this.statements.sourceSetRoot.run({ id: existing.id, root });
      return existing.id;
    }
    return Number(this.statements.sourceInsert.run({ name, root }).lastInsertRowid);
  }

  sources(): { id: number; name: string; root: string }[] {
    return this.statements.sourceList.all();
  }

  fileStates(sourceId: number): Map<string, StoredFileState> {
    // One call for every row, as arrays: on the kernel's 78,288 files 140 ms instead of 190 ms row by row.
    const states = new Map<string, StoredFileState>();
    for (const [id, path, size, mtimeMs, hash] of this.statements.fileStates.raw().all(sourceId) as unknown as [number, string, number, number, string][]) {
      states.set(path, { id, size, mtimeMs, hash });
    }
    return states;
  }

  /**
   * Inserts a file with its chunks into both FTS indexes. Call inside `transaction`. A chunk's text is
   * stored packed (store/chunk-text): as the prepare worker packed it (with this index's dictionary,
   * given to it for the pass), else packed here.
   */
  insertFile(sourceId: number, file: NewFile, chunks: readonly NewChunk[], symbols: readonly NewSymbol[] = [], edges: readonly NewEdge[] = []): number {
    const s = this.statements;
    const start = performance.now();
    const fileId = Number(s.fileInsert.run({
      source_id: sourceId, path: file.path, language: file.language, size: file.size,
      mtime_ms: file.mtimeMs, hash: file.hash, encoding: file.encoding, line_count: file.lineCount,
    }).lastInsertRowid);
    this.writeTimes.chunk_rows_ms += performance.now() - start;
    // Names are split like identifiers in the body, so "config loader" finds src/config_loader.ts and def read_csv_rows by its words;
    // the path column also names the file's language.
    this.insertChunks(fileId, pathIndexText(file.path, file.language), chunks);
    this.insertSymbols(fileId, symbols);
    const graphStart = performance.now();
    this.edges.insert(fileId, edges);
    this.writeTimes.graph_ms += performance.now() - graphStart;
    this.wordRowsWritten();
    return fileId;
  }

  private insertChunks(fileId: number, pathWords: string, chunks: readonly NewChunk[]): void {
    const s = this.statements;
    const times = this.writeTimes;
    let t = performance.now();
    const lap = () => { const now = performance.now(); const ms = now - t; t = now; return ms; };
    for (const chunk of chunks) {
      const chunkId = Number(s.chunkInsert.run({
        file_id: fileId, start_line: chunk.startLine, end_line: chunk.endLine, kind: chunk.kind,
        symbol: chunk.symbol, token_count: chunk.tokenCount,
        content: bindableChunkText(chunk.stored ?? packChunkText(chunk.content, this.dictionaries.packingId)),
      }).lastInsertRowid);
      times.chunk_rows_ms += lap();
      const symbolWords = wordIndexText(chunk.symbol ?? '');
      s.wordsInsert.run({ rowid: chunkId, path: pathWords, symbol: symbolWords, body: chunk.words });
      this.wordDocs.rowAdded(() => ({ body: chunk.words, path: pathWords, symbol: symbolWords }));
      this.wordRowsChanged = true;
      times.words_ms += lap();
      s.gramsInsert.run({ rowid: chunkId, body: chunk.grams ?? gramTokens(chunk.content) });
      times.trigrams_ms += lap();
    }
  }

  private insertSymbols(fileId: number, symbols: readonly NewSymbol[]): void {
    const start = performance.now();
    for (const sym of symbols) {
      this.statements.symbolInsert.run({ file_id: fileId, name: sym.name, kind: sym.kind, container: sym.container, start_line: sym.startLine, end_line: sym.endLine });
    }
    this.writeTimes.symbols_ms += performance.now() - start;
  }

  /**
   * Replaces a stored file by its new content, paying for what changed: the row and its id stay, and a
   * stored chunk whose text and definition name the new content has again keeps its id, its word and
   * trigram rows and its vector, and only moves to its new lines. The other chunks are removed and
   * the new ones inserted, as `deleteFile` and `insertFile` would; the symbols and edges are written
   * again (their names pruned only where the new edges no longer use them). A file whose path or
   * language changed (its word rows' path column) is deleted and inserted whole. Returns the file's id.
   * The index then holds what a fresh build of the new content holds, but for chunk ids and their order.
   */
  replaceFile(fileId: number, sourceId: number, file: NewFile, chunks: readonly NewChunk[], symbols: readonly NewSymbol[] = [], edges: readonly NewEdge[] = []): number {
    const s = this.statements;
    const stored = s.filePathLanguage.get(fileId);
    if (!stored || stored.path !== file.path || stored.language !== file.language) {
      this.deleteFile(fileId);
      return this.insertFile(sourceId, file, chunks, symbols, edges);
    }
    const pathWords = pathIndexText(file.path, file.language);
    // The stored chunks by text and name; a text that repeats in the file keeps as many rows as it had.
    const keepable = new Map<string, ReturnType<typeof s.chunksOfFileWhole.all>>();
    for (const old of s.chunksOfFileWhole.all(fileId)) {
      const key = `${old.symbol ?? ''}\0${old.content}`;
      const list = keepable.get(key);
      if (list) list.push(old); else keepable.set(key, [old]);
    }
    const added: NewChunk[] = [];
    for (const chunk of chunks) {
      const old = keepable.get(`${chunk.symbol ?? ''}\0${chunk.content}`)?.shift();
      if (!old) { added.push(chunk); continue; }
      if (old.start_line !== chunk.startLine || old.end_line !== chunk.endLine || old.kind !== chunk.kind || old.token_count !== chunk.tokenCount) {
        s.chunkMove.run({ id: old.id, start_line: chunk.startLine, end_line: chunk.endLine, kind: chunk.kind, token_count: chunk.tokenCount });
      }
    }
    for (const list of keepable.values()) {
      for (const old of list) {
        this.removeChunk(old, pathWords);
        s.chunkDelete.run(old.id);
      }
    }
    this.insertChunks(fileId, pathWords, added);
    s.fileRewrite.run({ id: fileId, size: file.size, mtime_ms: file.mtimeMs, hash: file.hash, encoding: file.encoding, line_count: file.lineCount });
    s.symbolsOfFileDelete.run(fileId);
    this.insertSymbols(fileId, symbols);
    this.edges.replace(fileId, edges);
    this.wordRowsWritten();
    return fileId;
  }

  /**
   * Removes a file, its chunks and their FTS rows, its edges (by their id range), and the edge names
   * nothing refers to any more; symbols go by cascade. Call inside `transaction`. The trigram
   * 'delete' replays the tokens of the plain text, which `chunksOfFile` unpacks; bm25's totals lose
   * the word rows' sizes when the transaction commits (store/word-totals), and the kept word counts
   * the rows' words, derived again as insertFile wrote them (store/word-docs).
   */
  deleteFile(fileId: number): void {
    const start = performance.now();
    const s = this.statements;
    const file = this.wordDocs.wantsWords ? s.filePathLanguage.get(fileId) : undefined;
    const pathWords = file ? pathIndexText(file.path, file.language) : '';
    for (const chunk of s.chunksOfFile.all(fileId)) this.removeChunk(chunk, pathWords);
    const names = this.edges.removeOfFile(fileId);
    s.fileDelete.run(fileId);
    this.edges.prune(names);
    this.wordRowsWritten();
    this.writeTimes.removals_ms += performance.now() - start;
  }

  /**
   * Takes a chunk out of both full-text indexes (`pathWords`: its file's path column, needed only
   * while the word counts are kept; store/word-docs). Its own row stays for the caller to delete.
   */
  private removeChunk(chunk: { id: number; content: string; symbol: string | null }, pathWords: string): void {
    const s = this.statements;
    this.wordTotals.rowRemoved(chunk.id);
    this.wordRowsChanged = true;
    this.wordDocs.rowRemoved(chunk.id, () => ({ body: wordIndexText(chunk.content), path: pathWords, symbol: wordIndexText(chunk.symbol ?? '') }));
    s.wordsDelete.run(chunk.id);
    s.gramsDelete.run({ rowid: chunk.id, body: gramTokens(chunk.content) });
  }

  /** Outside a transaction (tests write so) each statement has committed: the word rows' state moves on now. */
  private wordRowsWritten(): void {
    if (this.wordRowsChanged && !this.db.inTransaction) {
      this.bumpWordsVersion();
      this.wordRowsChanged = false;
    }
  }

  touchFile(fileId: number, size: number, mtimeMs: number): void {
    this.statements.fileTouch.run({ id: fileId, size, mtime_ms: mtimeMs });
  }

  counts(): { files: number; chunks: number } {
    return { files: this.statements.fileCount.get()?.n ?? 0, chunks: this.statements.chunkCount.get()?.n ?? 0 };
  }

  /**
   * Drops the secondary indexes before loading an empty index, but those whose rows arrive in key
   * order (BULK_LOAD_KEEPS): creating them afterwards sorts once instead of inserting into several
   * B-trees per row. Lookups stay correct meanwhile (only slower); `ensureIndexes` restores them.
   * The common words' counts are not kept up meanwhile either (tokenising every
   * row twice): they are counted once at the end (store/word-docs).
   */
  dropSecondaryIndexes(): void {
    this.transaction(() => {
      for (const name of Object.keys(SECONDARY_INDEXES)) if (!BULK_LOAD_KEEPS.has(name)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      this.wordDocs.forget();
    });
  }

  /**
   * Creates whichever secondary index is missing (after a bulk load, or one that was interrupted), and
   * unless `wordCounts` is false (a pass that counts them at its end), counts the common words again
   * where their kept counts are not exact (store/word-docs) and the rows are in today's format
   * (before that, the pass that prepares every file again would undo it).
   */
  ensureIndexes(options: { wordCounts?: boolean } = {}): void {
    this.transaction(() => {
      for (const sql of Object.values(SECONDARY_INDEXES)) this.db.exec(sql);
      if (options.wordCounts !== false && this.contentFormat() === CONTENT_FORMAT && !this.wordDocs.exact()) this.wordDocs.recount();
    });
  }

  /** The kept word counts are no longer exact: the next transactions do not keep them up (store/word-docs). */
  forgetWordDocs(): void {
    this.transaction(() => this.wordDocs.forget());
  }

  /** Counts the words in at least `min` chunks again, and from now on (store/word-docs; tests keep every word with 1). */
  recountWordDocs(min?: number): void {
    this.transaction(() => this.wordDocs.recount(min));
  }


  /** Folds FTS segments together; worth it after a large build (smaller file, faster queries). */
  optimize(): void {
    this.db.exec("INSERT INTO chunk_words(chunk_words) VALUES ('optimize')");
    this.db.exec("INSERT INTO chunk_grams(chunk_grams) VALUES ('optimize')");
  }

  /** Bytes of the database including its WAL. */
  sizeOnDisk(): number {
    let total = 0;
    for (const suffix of ['', '-wal']) {
      try { total += fs.statSync(this.file + suffix).size; } catch { /* absent WAL is fine */ }
    }
    return total;
  }

  close(): void {
    if (!this.db.open) return;
    if (!this.db.readonly) this.truncateWal();
    this.db.close();
  }

  /**
   * Folds the WAL into the file and empties it, when no reader is in the middle of a search; one
   * that is keeps its snapshot, and the WAL is checkpointed later. Never waits for it: a search
   * reads in one transaction (store/sqlite-index), and an index pass should not wait on it.
   */
  truncateWal(): void {
    const previous = Number(this.db.pragma('busy_timeout', { simple: true }));
    this.db.pragma('busy_timeout = 0');
    try { this.db.pragma('wal_checkpoint(TRUNCATE)'); } catch { /* a reader holds the WAL */ } finally { this.db.pragma(`busy_timeout = ${previous}`); }
  }
}

function migrate(db: Database.Database, file: string, readonly: boolean): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > SCHEMA_VERSION) {
    throw catalogueError('UNAVAILABLE', { key: 'index.newer_schema', params: { index: file, found: current, supported: SCHEMA_VERSION } });
  }
  if (current === SCHEMA_VERSION || readonly) return;
  // Step 12 writes the word index's averages record (store/word-totals).
  writingShadowTables(db, () => applyMigrations(db, MIGRATIONS));
}
