/**
 * @module search/chunk-bm25
 * The second ranking stage's word score: BM25 as FTS5's bm25() computes it
 * over the word index's three columns (path words, definition name, body;
 * each word counted with its column's weight, the row's length normalised),
 * recomputed from a chunk's own text for the first hits of the first stage,
 * with one change: the IDF never reaches 0 (search/term-stats). FTS5 clamps
 * it to ~0 for a word in more than half the chunks, so in a small repository
 * every hit scored 0 and came back in arbitrary order. Where the first stage
 * kept the word counts it scored a row by (store/kept-hits), they stand for
 * the counts read from the text (hitColumns). They are the same numbers (a
 * test compares the answers) except where the word index folds a letter the
 * text keeps: its tokenizer drops diacritics, so a document's "café" counts
 * for the query word "cafe" there, as the first stage already counted it.
 */
import { addedIndexWords, addedWordCounts, pathIndexText, wordIndexText } from '../text/identifiers.js';
import { foldCase, tokenOccurrences, tokenize } from '../text/tokens.js';
import type { WordHits } from '../store/rows.js';
import { inverseDocumentFrequency, type TermStats } from './term-stats.js';

/** A query word with the index tokens that count for it (its stem, the full word of an abbreviation). */
export interface ScoringTerm {
  word: string;
  forms: string[];
}

export interface ChunkScoring {
  terms: ScoringTerm[];
  /** Column weights, as the first stage's bm25() is given them. */
  weights: { path: number; symbol: number; body: number };
  /** BM25's term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
}

/** What a chunk is scored on: the same text its word-index row was made from. */
export interface ScorableChunk {
  path: string;
  language: string;
  symbol: string | null;
  content: string;
}

type Column = keyof ChunkScoring['weights'];
const COLUMNS: readonly Column[] = ['path', 'symbol', 'body'];

/** One column: how many tokens it has, and how often each wanted token occurs (lower case, as the word index folds them). */
export interface ColumnCounts {
  counts: ReadonlyMap<string, number>;
  length: number;
}

export type ChunkColumns = Record<Column, ColumnCounts>;

/** Each column's length in tokens, as the word index counted them when the row was written. */
export type ColumnLengths = Record<Column, number>;

/** The tokens the word index adds to a chunk's body (its compound identifiers' parts and the stems). */
function addedLength(content: string): number {
  const { parts, stems } = addedIndexWords(content);
  return parts.reduce((sum, words) => sum + words.length, 0) + stems.length;
}

/**
 * The three columns of a chunk as its word-index row was made from them,
 * counting only the `wanted` tokens (the query's forms, names to look for).
 * With the row's `lengths` (the word index keeps them) nothing else of the
 * text is read: the wanted tokens are found where they occur, and only the
 * identifiers that can add one are split and stemmed. Without them every
 * token is counted for the lengths.
 */
export function chunkColumns(chunk: ScorableChunk, wanted: ReadonlySet<string>, lengths?: ColumnLengths): ChunkColumns {
  const path = pathIndexText(chunk.path, chunk.language);
  const symbol = wordIndexText(chunk.symbol ?? '');
  return {
    path: { counts: tokenOccurrences(path, wanted), length: lengths?.path ?? tokenize(path).length },
    symbol: { counts: tokenOccurrences(symbol, wanted), length: lengths?.symbol ?? tokenize(symbol).length },
    body: { counts: bodyWordCounts(chunk.content, wanted), length: lengths?.body ?? tokenize(chunk.content).length + addedLength(chunk.content) },
  };
}

/** How often each of `wanted` occurs in the body column of a chunk's word-index row: as a token of the text, or among the words the index adds. */
export function bodyWordCounts(content: string, wanted: ReadonlySet<string>): Map<string, number> {
  // Both scans read the text folded: fold it once.
  const folded = foldCase(content);
  const body = tokenOccurrences(content, wanted, folded);
  for (const [token, n] of addedWordCounts(content, wanted, folded)) body.set(token, (body.get(token) ?? 0) + n);
  return body;
}

/**
 * The columns of a chunk from the counts its word-index row was scored by (store/kept-hits), which
 * the caller has checked hold every query form. Other `wanted` tokens (names looked for, which the
 * expression does not hold) are counted in the body from the text, as chunkColumns counts them.
 */
export function hitColumns(hits: WordHits, lengths: ColumnLengths, content: string, wanted: ReadonlySet<string>): ChunkColumns {
  const more = new Set([...wanted].filter((token) => !hits.counted.has(token)));
  let body = hits.body;
  if (more.size > 0) {
    const counts = new Map(hits.body);
    for (const [token, n] of bodyWordCounts(content, more)) counts.set(token, (counts.get(token) ?? 0) + n);
    body = counts;
  }
  return {
    path: { counts: hits.path, length: lengths.path },
    symbol: { counts: hits.symbol, length: lengths.symbol },
    body: { counts: body, length: lengths.body },
  };
}

/** The tokens a scoring looks for: every form of every query word. */
export function scoringForms(scoring: ChunkScoring): string[] {
  return [...new Set(scoring.terms.flatMap((term) => term.forms))];
}

const rowLength = (columns: ChunkColumns) => COLUMNS.reduce((sum, c) => sum + columns[c].length, 0);

/**
 * BM25 scores of chunks (same order), with row lengths normalised by their
 * average over these chunks. Each form of a word counts as its own word
 * with its own IDF, as the first stage scores an OR of words. Every chunk
 * holding a query word scores above 0.
 */
export function chunkScores(chunks: readonly ChunkColumns[], scoring: ChunkScoring, stats: TermStats): number[] {
  const forms = scoringForms(scoring);
  if (chunks.length === 0 || forms.length === 0) return chunks.map(() => 0);
  const averageLength = Math.max(1, chunks.reduce((sum, c) => sum + rowLength(c), 0) / chunks.length);
  const idf = forms.map((form) => inverseDocumentFrequency(stats.chunks, stats.docs(form)));
  const { k1, b } = scoring;
  return chunks.map((columns) => {
    const norm = 1 - b + (b * rowLength(columns)) / averageLength;
    let score = 0;
    forms.forEach((form, i) => {
      let tf = 0;
      for (const c of COLUMNS) tf += scoring.weights[c] * (columns[c].counts.get(form) ?? 0);
      if (tf > 0) score += (idf[i]! * tf * (k1 + 1)) / (tf + k1 * norm);
    });
    return score;
  });
}
