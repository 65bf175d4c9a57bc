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
 * it; that holds only while the rows are in today's CONTENT_FORMAT, so an
 * index recording another format keeps no counts until a pass has prepared
 * every file again. A transaction that changes rows without keeping counts
 * (a bulk load, an older format) leaves the version behind, and
 * SqliteStore.ensureIndexes counts every word again.
 */
import type Database from 'better-sqlite3';
import { STORE } from '../contracts/limits.js';
import { CONTENT_FORMAT, WORD_TOKENIZER } from './schema.js';

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

/** The rows added and removed by one transaction, tokenised as the word index does; kept in memory by the connection. */
const DELTA_TABLES = ['added', 'removed'].map((side) => `
  CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_docs_${side} USING fts5(
    words, content = '', detail = none, columnsize = 0, tokenize = ${WORD_TOKENIZER}
  );
  CREATE VIRTUAL TABLE IF NOT EXISTS temp.word_docs_${side}_vocab USING fts5vocab(temp, word_docs_${side}, 'row');`).join('');

interface DeltaStatements {
  insert: Record<'added' | 'removed', Database.Statement<[number, string]>>;
  /** The kept counts take the temporary tables' counts. */
  apply: Database.Statement<[]>[];
  /** The temporary tables emptied for the next transaction. */
  clear: Database.Statement<[]>[];
}

export class WordDocs {
  /** Statements over the temporary tables, prepared with them on the first transaction that keeps counts. */
  private delta: DeltaStatements | null = null;
  /** In the open transaction: the counts were exact when it started, so its changes are added to them. */
  private keeping = false;
  /** In the open transaction: rows changed while the counts were not kept (they are no longer exact). */
  private changedUnkept = false;
  private open = false;
  /** Rows given to the temporary tables in the open transaction (their rowids). */
  private rows = 0;

  private readonly metaGet: Database.Statement<[string], string>;
  private readonly metaSet: Database.Statement<[string, string]>;
  private readonly metaDelete: Database.Statement<[string]>;
  private readonly tables: Database.Statement<[], number>;

  constructor(private readonly db: Database.Database) {
    this.metaGet = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
    this.metaSet = db.prepare<[string, string]>('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    this.metaDelete = db.prepare<[string]>('DELETE FROM meta WHERE key = ?');
    // An index that a read-only connection has not migrated lacks the table.
    this.tables = db.prepare<[], number>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'word_docs'").pluck();
  }

  /** The counts are exact for the index as it is now, and its rows are in today's format. */
  exact(): boolean {
    const version = this.metaGet.get(WORD_DOCS_VERSION_KEY);
    return version !== undefined && version === (this.metaGet.get('index_version') ?? '0')
      && Number(this.metaGet.get('content_format') ?? 0) === CONTENT_FORMAT && this.tables.get()! > 0;
  }

  /** The outermost write transaction starts (under the write lock). Returns false inside another. */
  begin(): boolean {
    if (this.open) return false;
    this.open = true;
    this.keeping = this.exact();
    this.changedUnkept = false;
    this.rows = 0;
    if (this.keeping) this.delta ??= this.prepareDelta();
    return true;
  }

  /** Whether the open transaction needs the rows' words (`rowAdded`, `rowRemoved`): else they are not derived. */
  get wantsWords(): boolean {
    return this.keeping;
  }

  rowAdded(words: () => RowWords): void {
    if (this.keeping) this.delta!.insert.added.run(++this.rows, joined(words()));
    else this.changedUnkept = true;
  }

  rowRemoved(words: () => RowWords): void {
    if (this.keeping) this.delta!.insert.removed.run(++this.rows, joined(words()));
    else this.changedUnkept = true;
  }

  /**
   * The transaction's writes are done (still inside it): the kept counts take its rows' counts and
   * are marked exact at `indexVersion`, or, where rows changed while counts were not kept, lose that mark.
   */
  commit(indexVersion: number): void {
    if (this.keeping) {
      for (const statement of [...this.delta!.apply, ...this.delta!.clear]) statement.run();
      this.metaSet.run(WORD_DOCS_VERSION_KEY, String(indexVersion));
    } else if (this.changedUnkept) {
      this.metaDelete.run(WORD_DOCS_VERSION_KEY);
    }
  }

  /**
   * The outermost transaction's work ended: `done` when it is about to commit. Else its rollback takes
   * the temporary rows back with the rest, and the temporary tables too if it created them: they are
   * created and prepared again by the next transaction that keeps counts.
   */
  end(done: boolean): void {
    this.open = false;
    this.keeping = false;
    if (!done) this.delta = null;
  }

  /** The counts are no longer exact (until `recount`): the next transactions change rows without keeping them up. */
  forget(): void {
    this.stopKeeping();
    this.metaDelete.run(WORD_DOCS_VERSION_KEY);
  }

  /** The open transaction's changes so far are dropped from the temporary tables and the rest not kept. */
  private stopKeeping(): void {
    if (this.keeping) for (const statement of this.delta!.clear) statement.run();
    this.keeping = false;
  }

  /**
   * Counts every word in at least `min` chunks from the vocabulary (a pass over the word index:
   * about 2 s on the kernel) and marks the counts exact. Call inside a write transaction, once
   * the rows are in today's format. `min` is kept for the next recounts (tests keep every word).
   */
  recount(min?: number): void {
    this.stopKeeping();
    if (min !== undefined) this.metaSet.run(MIN_KEY, String(min));
    this.db.exec('DELETE FROM word_docs');
    this.db.prepare<[number]>('INSERT INTO word_docs(term, docs) SELECT term, doc FROM chunk_words_vocab WHERE doc >= ?')
      .run(Number(this.metaGet.get(MIN_KEY) ?? STORE.wordDocsMin));
    this.metaSet.run(WORD_DOCS_VERSION_KEY, this.metaGet.get('index_version') ?? '0');
    // Exact from here: the rest of the transaction keeps them so.
    this.changedUnkept = false;
    if (this.open) {
      this.delta ??= this.prepareDelta();
      this.keeping = true;
    }
  }

  private prepareDelta(): DeltaStatements {
    this.db.exec(DELTA_TABLES);
    // A contentless table takes no row without its rowid.
    const insert = (side: string) => this.db.prepare<[number, string]>(`INSERT INTO temp.word_docs_${side}(rowid, words) VALUES (?, ?)`);
    // Only kept words change: a word not kept is counted from the vocabulary whatever its count.
    const apply = (side: string, sign: string) => this.db.prepare<[]>(
      `UPDATE word_docs SET docs = docs ${sign} v.doc FROM temp.word_docs_${side}_vocab v WHERE word_docs.term = v.term`,
    );
    const clear = (side: string) => this.db.prepare<[]>(`INSERT INTO temp.word_docs_${side}(word_docs_${side}) VALUES ('delete-all')`);
    return {
      insert: { added: insert('added'), removed: insert('removed') },
      apply: [apply('added', '+'), apply('removed', '-')],
      clear: [clear('added'), clear('removed')],
    };
  }
}

/** One text for the three columns: a row counts once for a word however many of its columns hold it. */
function joined(words: RowWords): string {
  return `${words.body}\n${words.path}\n${words.symbol}`;
}
