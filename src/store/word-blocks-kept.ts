/**
 * @module store/word-blocks-kept
 * The common words' block maxima (store/word-blocks), kept with the index in
 * `word_blocks` (schema step 15). A word's maxima come from a pass over its
 * postings (native/quarry_ranking.c quarry_word_blocks()): for a word in a
 * few thousand chunks a search computes them when it asks, but a common
 * word's pass costs about what scoring all its rows costs, so they are
 * computed once, at the end of a pass that counted the common words again
 * (the words of `word_docs`), and kept.
 *
 * They are exact at one state of the word rows (their lengths, the average,
 * every row holding the word): the `word_blocks_state` meta value, the word
 * rows' key (SqliteStore.wordRowsKey) and the block size. Readers use them only
 * at that state; after a smaller pass, which keeps the counts up row by row,
 * a common word's page is asked in one statement again, as before the maxima.
 * Each maximum is kept as a float32 rounded up (half the bytes of a double,
 * still a bound).
 */
import type Database from 'better-sqlite3';
import { ftsString } from '../text/escape.js';
import type { Statements } from './statements.js';

/** The meta key of the word rows' state (and block size) the kept maxima are exact at. */
export const WORD_BLOCKS_STATE_KEY = 'word_blocks_state';

/** The words the maxima are kept for: indexed tokens a block-max page can ask (store/sqlite-reader SINGLE_TOKEN). */
const KEPT_TOKEN = /^[a-z0-9_]+$/;

/** The state value of maxima computed at the word rows' `key` with blocks of 2^shift rowids. */
export function blocksState(key: string, shift: number): string {
  return `${key}/${shift}`;
}

/** Each value as a float32 no smaller than it (the next float32 up where rounding went down). */
export function float32Up(values: Float64Array): Float32Array {
  const out = Float32Array.from(values);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < out.length; i++) {
    // Maxima are positive or 0: the next float32 up is the next bit pattern.
    if (out[i]! < values[i]!) bits[i] = bits[i]! + 1;
  }
  return out;
}

/** Kept maxima (a blob of float32) as doubles. */
export function keptMaxima(blob: Buffer): Float64Array {
  return Float64Array.from(new Float32Array(new Uint8Array(blob).buffer));
}

/**
 * Computes the maxima of every word `word_docs` holds, at the word rows' `key`, into `word_blocks`, and
 * records the state. Runs inside the caller's write transaction. Returns how many words it kept.
 */
export function keepWordBlocks(db: Database.Database, statements: Statements, key: string, shift: number): number {
  if (!statements.wordBlocks || !statements.wordBlocksKept) return 0;
  db.exec('DELETE FROM word_blocks');
  const insert = db.prepare<[string, Buffer]>('INSERT INTO word_blocks(term, maxima) VALUES (?, ?)');
  const terms = db.prepare<[], string>('SELECT term FROM word_docs ORDER BY term').pluck().all().filter((term) => KEPT_TOKEN.test(term));
  for (const term of terms) {
    const blob = statements.wordBlocks.get({ match: ftsString(term), shift, lengths: key });
    const maxima = blob ? new Float64Array(new Uint8Array(blob).buffer) : new Float64Array(0);
    insert.run(term, Buffer.from(float32Up(maxima).buffer));
  }
  statements.metaSet.run({ key: WORD_BLOCKS_STATE_KEY, value: blocksState(key, shift) });
  return terms.length;
}
