/**
 * @module store/postgres/pg-words
 * The word index of a PostgreSQL store, made to rank exactly as SQLite's
 * FTS5 table does (store/schema: unicode61, `_` a token character, bm25 with
 * path/symbol/body weights), so a BM25 query gives the same items in the
 * same order on either store.
 *
 * Text is tokenised here exactly as unicode61 does, with SQLite's own table
 * of token characters and folds (text/fts5-tokens, text/unicode61-table), not by
 * PostgreSQL's parser, whose rules differ. Each chunk gets:
 * - a weighted tsvector for the GIN index: each word once per column it is
 *   in (A: path, B: symbol, D: body);
 * - its term frequencies per column (`tf`, JSON) and its token count, which
 *   with the table's totals and each word's chunk count (`vocab`) are every
 *   input of FTS5's bm25, computed here in the same order of operations.
 */
import { RANKING } from '../ranking-weights.js';
import { pathIndexText, wordIndexText } from '../../text/identifiers.js';
import type { NewChunk } from '../store.js';
import { fts5Tokens } from '../../text/fts5-tokens.js';

/** PostgreSQL keeps lexemes up to 2047 bytes; a longer token is counted but not in the tsvector (queries are shorter). */
const LEXEME_MAX_BYTES = 2046;
/** Counts of one word in one column are kept up to this (16 bits each, packed into one number). */
const COUNT_MAX = 0xffff;

function indexable(lexeme: string): boolean {
  return lexeme.length * 3 <= LEXEME_MAX_BYTES || Buffer.byteLength(lexeme) <= LEXEME_MAX_BYTES;
}

/** What a chunk's row holds for the word index. */
export interface ChunkWords {
  /** tsvector input text. */
  vector: string;
  /** JSON object: word -> path count * 2^32 + symbol count * 2^16 + body count. */
  tf: string;
  /** Tokens in all three columns (FTS5's row size). */
  tokenCount: number;
  /** The distinct words (for `vocab`). */
  words: string[];
}

/** tsvector input quotes a lexeme; ours hold no quote or backslash, but they are escaped all the same. */
function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The word-index row of a chunk of the file at `path` (written in `language`), as SQLite's insertFile words it. */
export function chunkWords(path: string, language: string, chunk: NewChunk): ChunkWords {
  const columns = [pathIndexText(path, language), wordIndexText(chunk.symbol ?? ''), chunk.words].map(fts5Tokens);
  const counts = new Map<string, [number, number, number]>();
  columns.forEach((tokens, column) => {
    for (const token of tokens) {
      let entry = counts.get(token);
      if (!entry) { entry = [0, 0, 0]; counts.set(token, entry); }
      entry[column] = Math.min(COUNT_MAX, entry[column]! + 1);
    }
  });
  const vector: string[] = [];
  const tf: Record<string, number> = {};
  const words: string[] = [];
  for (const [word, [inPath, inSymbol, inBody]] of counts) {
    if (word.length === 0) continue;
    // A word too long for a lexeme still counts (vocab, bm25); no query is that long, so none looks for it.
    if (indexable(word)) {
      const positions = [inPath > 0 ? '1A' : '', inSymbol > 0 ? '2B' : '', inBody > 0 ? '3' : ''].filter(Boolean).join(',');
      vector.push(`${quoteLexeme(word)}:${positions}`);
    }
    tf[word] = inPath * 2 ** 32 + inSymbol * 2 ** 16 + inBody;
    words.push(word);
  }
  return { vector: vector.join(' '), tf: JSON.stringify(tf), tokenCount: columns.reduce((n, c) => n + c.length, 0), words };
}

/** How often a word is in a chunk's body, from its packed counts (`tf`). */
export function bodyCount(packed: number | null | undefined): number {
  return packed ? packed % 2 ** 16 : 0;
}

/** The weighted frequency bm25 adds up for one word in one chunk: each instance counts its column's weight. */
export function weightedFrequency(packed: number | null | undefined): number {
  if (!packed) return 0;
  const inBody = bodyCount(packed);
  const inSymbol = Math.floor(packed / 2 ** 16) % 2 ** 16;
  const inPath = Math.floor(packed / 2 ** 32);
  const { path, symbol, body } = RANKING.bm25Weights;
  return inPath * path + inSymbol * symbol + inBody * body;
}

/** FTS5's bm25 constants. */
const K1 = 1.2;
const B = 0.75;

/** IDF of a phrase found in `hits` of `rows` chunks, clamped as FTS5 clamps it. */
export function inverseDocumentFrequency(rows: number, hits: number): number {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * bm25 of one chunk, as FTS5's fts5Bm25Function computes it (the score SQLite's
 * statements return as `-bm25(...)`): the phrases in query order, each with its
 * IDF and weighted frequency, over the chunk's token count and the average.
 */
export function bm25(idf: readonly number[], frequency: readonly number[], tokens: number, averageTokens: number): number {
  let score = 0.0;
  for (let i = 0; i < idf.length; i++) {
    const f = frequency[i]!;
    score += idf[i]! * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * tokens / averageTokens)));
  }
  return score;
}
