/**
 * @module store/word-totals
 * FTS5's bm25 takes the row count N and the average row length from the word
 * index's averages record (`chunk_words_data`, id 1: SQLite varints, the row
 * count, then each column's token total). A row deleted from a
 * contentless-delete table leaves that record as it was, so every changed or
 * deleted file made N and the averages drift away from the rows left: an
 * updated index ranked differently from a fresh build of the same tree, and
 * more so the more it had been edited. Here the sizes of each deleted row
 * (its `chunk_words_docsize` record) are taken off the record once the
 * writing transaction has committed, in one more: FTS5 keeps the totals in
 * memory during a transaction and writes them back when it commits.
 * Schema step 12 recounts the record of an older index from its rows
 * (`word_totals()`, registered on every connection before the migrations).
 */
import type Database from 'better-sqlite3';

/** SQLite's varints, as FTS5 writes them: 7 bits a byte, most significant first, the ninth byte whole. */
export function readVarints(bytes: Uint8Array | undefined): number[] {
  const values: number[] = [];
  let value = 0;
  let length = 0;
  for (const byte of bytes ?? []) {
    length++;
    if (length === 9) {
      values.push(value * 256 + byte);
      value = 0;
      length = 0;
      continue;
    }
    value = value * 128 + (byte & 127);
    if (byte < 128) {
      values.push(value);
      value = 0;
      length = 0;
    }
  }
  return values;
}

/** The varints of `values` (each below 2^56, which a token count never reaches). */
export function writeVarints(values: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (const value of values) {
    const groups: number[] = [];
    for (let rest = value; ; rest = Math.floor(rest / 128)) {
      groups.unshift(rest % 128);
      if (rest < 128) break;
    }
    groups.forEach((group, i) => bytes.push(i < groups.length - 1 ? group | 128 : group));
  }
  return Buffer.from(bytes);
}

/** What bm25 reads as the word index's row count (the first varint of the averages record). */
export function averagesRowCount(averages: Uint8Array | undefined): number {
  return readVarints(averages)[0] ?? 0;
}

/** `word_totals(sz)`: the averages record of the rows whose sizes it sums (one column total per varint of `sz`). */
export function registerWordTotals(db: Database.Database): void {
  db.aggregate('word_totals', {
    start: () => [0] as number[],
    step: (totals: number[], sizes: unknown) => {
      if (!(sizes instanceof Uint8Array)) return totals;
      totals[0]!++;
      readVarints(sizes).forEach((n, column) => { totals[column + 1] = (totals[column + 1] ?? 0) + n; });
      return totals;
    },
    result: (totals: number[]) => writeVarints(totals),
  });
}

/** The averages record recounted from every row's sizes (slow on a large index: a pass over all of them). */
const RECOUNT = 'UPDATE chunk_words_data SET block = (SELECT word_totals(sz) FROM chunk_words_docsize) WHERE id = 1';

/**
 * Runs `write` on FTS5's shadow tables: better-sqlite3 opens connections in SQLite's defensive mode,
 * which refuses to compile a statement that writes them, so the mode is lifted for this call only
 * (the statements are Quarry's own, the values bound).
 */
export function writingShadowTables<T>(db: Database.Database, write: () => T): T {
  db.unsafeMode(true);
  try {
    return write();
  } finally {
    db.unsafeMode(false);
  }
}

/** The deleted rows' sizes of one write transaction, taken off the averages record after it commits. */
export class WordTotals {
  private readonly docsize: Database.Statement<[number], Buffer>;
  /** Rows and column tokens deleted in the open transaction; `recount` after a savepoint rolled back (which of them stayed is unknown). */
  private removed: { rows: number; tokens: number[]; recount: boolean } | null = null;

  /** `averages` reads the record (the store's `wordsAverages`). */
  constructor(private readonly db: Database.Database, private readonly averages: Database.Statement<[], Buffer>) {
    this.docsize = db.prepare<[number], Buffer>('SELECT sz FROM chunk_words_docsize WHERE id = ?').pluck();
  }

  /** A transaction starts (a nested one keeps counting for the outermost). */
  beginTransaction(): void {
    this.removed ??= { rows: 0, tokens: [], recount: false };
  }

  /** Call before a row leaves the word index, inside the transaction. */
  rowRemoved(rowid: number): void {
    const removed = this.removed;
    const sizes = removed && this.docsize.get(rowid);
    if (!removed || !sizes) return;
    removed.rows++;
    readVarints(sizes).forEach((n, column) => { removed.tokens[column] = (removed.tokens[column] ?? 0) + n; });
  }

  /** A transaction ended; after the outermost commits, the record loses what it deleted. */
  endTransaction(committed: boolean): void {
    const removed = this.removed;
    if (!removed) return;
    if (this.db.inTransaction) {
      if (!committed) removed.recount = true;
      return;
    }
    this.removed = null;
    if (!committed || removed.rows === 0) return;
    writingShadowTables(this.db, () => this.db.transaction(() => {
      if (removed.recount) { this.db.exec(RECOUNT); return; }
      const [rows = 0, ...tokens] = readVarints(this.averages.get());
      const left = [Math.max(0, rows - removed.rows), ...tokens.map((n, column) => Math.max(0, n - (removed.tokens[column] ?? 0)))];
      this.db.prepare<[Buffer]>('UPDATE chunk_words_data SET block = ? WHERE id = 1').run(writeVarints(left));
    }).immediate());
  }
}

/** Schema step 12's SQL: the record of an index written before, recounted once. */
export const RECOUNT_WORD_TOTALS = `${RECOUNT};`;
