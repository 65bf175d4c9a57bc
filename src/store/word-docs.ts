/**
 * @module store/word-docs
 * The chunk counts of the word index's common words, kept with the index in
 * `word_docs` (schema step 14). bm25's idf and the bound of an any-term page
 * need each query word's chunk count; FTS5 has no stored count, and its
 * vocabulary finds one by a pass over the word's postings: 1 to 12 ms for a
 * common word on the kernel, the largest share of a first query's time.
 *
 * The counts are exact at one index version: the `word_docs_version` meta
 * value. Readers use them only when it is the index version they read
 * (store/sqlite-reader); otherwise, and for a word not kept (rarer than
 * STORE.wordDocsMin when counted), they ask the vocabulary as before.
 *
 * A write transaction that starts with exact counts keeps them exact: the rows
 * it adds and removes are tokenised by FTS5 itself, in two temporary tables
 * with the word index's tokenizer, and their vocabularies are added to and
 * taken from the kept counts before it commits. A removed row's text is
 * derived again from its stored chunk, path and symbol, as the indexer wrote
 * it, and the sizes FTS5 gives it are compared with the size record the word
 * index kept: a row written otherwise (an older CONTENT_FORMAT) stops the
 * keeping, as does a nested transaction that rolled back. A transaction that
 * changes rows without keeping counts (a bulk load, a large pass, an older
 * format) leaves the version behind, and SqliteStore.ensureIndexes counts
 * every word again.
 */
import type Database from 'better-sqlite3';
import { STORE } from './store-tuning.js';
import { CONTENT_FORMAT, WORD_TOKENIZER } from './schema.js';
import type { Statements } from './statements.js';

/** A word-index row's text, as inserted: its body, path and symbol columns. */
export interface RowWords {
  body: string;
  path: string;
  symbol: string;
}

/** The meta key of the index version at which the kept counts are exact. */
export const WORD_DOCS_VERSION_KEY = 'word_docs_version';
/** The meta key of the fewest chunks a kept word is in, where it is not STORE.wordDocsMin. */
const MIN_KEY = 'word_docs_min';

/**
 * The rows added and removed by one transaction, tokenised as the word index does, in temporary
 * tables of this connection. A removed row keeps the word index's columns and their sizes, which
 * are compared with the size record the word index kept for it.
 */
function deltaTables(columns: readonly string[]): string {
  const table = (side: string, definition: string) => `
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_docs_${side} USING fts5(${definition}, tokenize = ${WORD_TOKENIZER});
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_docs_${side}_vocab USING fts5vocab(temp, word_docs_${side}, 'row');`;
  return table('added', "words, content = '', detail = none, columnsize = 0")
    + table('removed', `${columns.join(', ')}, content = '', detail = none`);
}

interface DeltaStatements {
  added: Database.Statement<[number, string]>;
  removed: Database.Statement<RowWords & { rowid: number }>;
  /** The size record of a removed row, as tokenised here and as the word index kept it. */
  removedSizes: Database.Statement<[number], Buffer>;
  keptSizes: Database.Statement<[number], Buffer>;
  /** The kept counts take the temporary tables' counts. */
  apply: Database.Statement<[]>[];
  /** The temporary tables emptied for the next transaction. */
  clear: Database.Statement<[]>[];
}

export class WordDocs {
  /** Statements over the temporary tables: a writable connection creates them when it opens, outside any transaction that could take them back. */
  private readonly delta: DeltaStatements | null;
  /** In the open transaction: the counts were exact when it started, so its changes are added to them. */
  private keeping = false;
  /** In the open transaction: rows changed while the counts were not kept (they are no longer exact). */
  private changedUnkept = false;
  private open = false;
  /** Rows given to the temporary tables in the open transaction (their rowids). */
  private rows = 0;

  /**
   * `statements`: the store's meta statements, and the word index's columns in its order (their size
   * records are compared in it). Only a writable connection keeps counts, and it has migrated the
   * index to the step that has the table when it opened.
   */
  constructor(private readonly db: Database.Database, private readonly statements: Pick<Statements, 'metaGet' | 'metaSet' | 'metaDelete' | 'wordColumns'>) {
    this.delta = db.readonly ? null : this.prepareDelta(statements.wordColumns);
  }

  private meta(key: string): string | undefined {
    return this.statements.metaGet.get(key)?.value;
  }

  private setMeta(key: string, value: string): void {
    this.statements.metaSet.run({ key, value });
  }

  /** The counts are exact for the index as it is now, and its rows are in today's format. */
  exact(): boolean {
    const version = this.meta(WORD_DOCS_VERSION_KEY);
    return version !== undefined && version === (this.meta('index_version') ?? '0')
      && Number(this.meta('content_format') ?? 0) === CONTENT_FORMAT;
  }

  /** The outermost write transaction starts (under the write lock). Returns false inside another. */
  begin(): boolean {
    if (this.open) return false;
    this.open = true;
    this.keeping = this.delta !== null && this.exact();
    this.changedUnkept = false;
    this.rows = 0;
    return true;
  }

  /** Whether the open transaction needs the rows' words (`rowAdded`, `rowRemoved`): else they are not derived. */
  get wantsWords(): boolean {
    return this.keeping;
  }

  rowAdded(words: () => RowWords): void {
    if (this.keeping) this.delta!.added.run(++this.rows, joined(words()));
    else this.changed();
  }

  /**
   * Call before row `rowid` leaves the word index. Its words are derived again from what is stored;
   * where FTS5 counts other sizes for them than the word index kept for the row, it was written
   * otherwise (in an older format), and the counts are not kept from here on.
   */
  rowRemoved(rowid: number, words: () => RowWords): void {
    if (!this.keeping) { this.changed(); return; }
    const delta = this.delta!;
    delta.removed.run({ rowid: ++this.rows, ...words() });
    const derived = delta.removedSizes.get(this.rows);
    const kept = delta.keptSizes.get(rowid);
    if (!derived || !kept || !derived.equals(kept)) this.abandon();
  }

  /** Rows change while the counts are not kept: outside a transaction, they are not exact from now on. */
  private changed(): void {
    if (this.open) this.changedUnkept = true;
    else this.statements.metaDelete.run(WORD_DOCS_VERSION_KEY);
  }

  /**
   * The counts cannot be kept up to the end of the open transaction (a part of it was rolled back,
   * or a removed row's words were not what it was written with): its commit marks them not exact.
   */
  abandon(): void {
    // Not emptied here: a nested transaction's rollback would restore them; the commit empties them.
    this.keeping = false;
    this.changedUnkept = true;
  }

  /**
   * The transaction's writes are done (still inside it): the kept counts take its rows' counts and
   * are marked exact at `indexVersion`, or, where rows changed while counts were not kept, lose that mark.
   */
  commit(indexVersion: number): void {
    if (this.keeping) for (const statement of this.delta!.apply) statement.run();
    // Whatever the transaction left in them, kept or not: the next one starts empty.
    if (this.rows > 0) for (const statement of this.delta!.clear) statement.run();
    if (this.keeping) this.setMeta(WORD_DOCS_VERSION_KEY, String(indexVersion));
    else if (this.changedUnkept) this.statements.metaDelete.run(WORD_DOCS_VERSION_KEY);
  }

  /** The outermost transaction ended, committed or not (a rollback takes the temporary rows back too). */
  end(): void {
    this.open = false;
    this.keeping = false;
  }

  /** The counts are no longer exact (until `recount`): the next transactions change rows without keeping them up. */
  forget(): void {
    this.stopKeeping();
    this.statements.metaDelete.run(WORD_DOCS_VERSION_KEY);
  }

  /** The open transaction's changes so far are dropped from the temporary tables and the rest not kept. */
  private stopKeeping(): void {
    if (this.rows > 0) for (const statement of this.delta!.clear) statement.run();
    this.keeping = false;
  }

  /**
   * Counts every word in at least `min` chunks from the vocabulary (a pass over the word index:
   * about 2 s on the kernel) and marks the counts exact. Call inside a write transaction, once
   * the rows are in today's format. `min` is kept for the next recounts (tests keep every word).
   */
  recount(min?: number): void {
    this.stopKeeping();
    if (min !== undefined) this.setMeta(MIN_KEY, String(min));
    this.db.exec('DELETE FROM word_docs');
    this.db.prepare<[number]>('INSERT INTO word_docs(term, docs) SELECT term, doc FROM chunk_words_vocab WHERE doc >= ?')
      .run(Number(this.meta(MIN_KEY) ?? STORE.wordDocsMin));
    this.setMeta(WORD_DOCS_VERSION_KEY, this.meta('index_version') ?? '0');
    // Exact from here: the rest of the transaction keeps them so.
    this.changedUnkept = false;
    this.keeping = this.open;
  }

  private prepareDelta(columns: readonly string[]): DeltaStatements {
    this.db.exec(deltaTables(columns));
    // A contentless table takes no row without its rowid.
    const added = this.db.prepare<[number, string]>('INSERT INTO temp.word_docs_added(rowid, words) VALUES (?, ?)');
    const removed = this.db.prepare<RowWords & { rowid: number }>(
      `INSERT INTO temp.word_docs_removed(rowid, ${columns.join(', ')}) VALUES (@rowid, ${columns.map((c) => `@${c}`).join(', ')})`,
    );
    // Only kept words change: a word not kept is counted from the vocabulary whatever its count.
    const apply = (side: string, sign: string) => this.db.prepare<[]>(
      `UPDATE word_docs SET docs = docs ${sign} v.doc FROM temp.word_docs_${side}_vocab v WHERE word_docs.term = v.term`,
    );
    const clear = (side: string) => this.db.prepare<[]>(`INSERT INTO temp.word_docs_${side}(word_docs_${side}) VALUES ('delete-all')`);
    return {
      added, removed,
      removedSizes: this.db.prepare<[number], Buffer>('SELECT sz FROM temp.word_docs_removed_docsize WHERE id = ?').pluck(),
      keptSizes: this.db.prepare<[number], Buffer>('SELECT sz FROM chunk_words_docsize WHERE id = ?').pluck(),
      apply: [apply('added', '+'), apply('removed', '-')],
      clear: [clear('added'), clear('removed')],
    };
  }
}

/** One text for the three columns: a row counts once for a word however many of its columns hold it. */
function joined(words: RowWords): string {
  return `${words.body}\n${words.path}\n${words.symbol}`;
}
