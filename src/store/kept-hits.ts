/**
 * @module store/kept-hits
 * The word counts quarry_bm25() keeps for a statement's best rows
 * (native/quarry_ranking.c: quarry_keep_rows, quarry_kept_rows): how often
 * each phrase of the expression occurs in each column of the row, the
 * numbers it scored the row by. The second ranking stage scores its pool
 * from them (search/rerank) instead of reading each chunk's text for the
 * query's words. They are used only where each phrase of the expression is
 * one plain word (ASCII letters, digits, `_`), whose lower case is the
 * token the word index holds and the form the second stage looks for.
 */
import type { ScoredChunkRow, WordHits } from './rows.js';
import { expressionPhrases } from './ranking-extension.js';

/** A phrase of one ASCII token, as Quarry's expressions spell it (double-quoted). */
const ONE_WORD = /^"([A-Za-z0-9_]+)"$/;

/** The token of each phrase of `match`, in FTS5's phrase order, when every phrase is one plain word, each once; else null. */
export function phraseTokens(match: string): string[] | null {
  const phrases = expressionPhrases(match);
  if (!phrases || phrases.length === 0) return null;
  const tokens: string[] = [];
  for (const phrase of phrases) {
    const word = ONE_WORD.exec(phrase)?.[1];
    if (word === undefined) return null;
    tokens.push(word.toLowerCase());
  }
  return new Set(tokens).size === tokens.length ? tokens : null;
}

/** The word-index columns a row's counts are kept for, by name. */
type HitColumn = 'path' | 'symbol' | 'body';
const HIT_COLUMNS: readonly string[] = ['path', 'symbol', 'body'] satisfies HitColumn[];

/** Whether the table's columns are exactly the three the counts are kept for, in any order. */
const sameColumns = (columns: readonly string[]) => columns.length === HIT_COLUMNS.length && HIT_COLUMNS.every((name) => columns.includes(name));

/**
 * `rows` with the counts quarry_kept_rows() gave for them (`kept`: its blob of doubles, see the C
 * module) attached; a row the blob lacks, or a blob of other phrases or columns, is left without.
 */
export function withKeptHits(
  rows: ScoredChunkRow[], kept: Buffer | null, tokens: readonly string[], columns: readonly string[],
): ScoredChunkRow[] {
  // At least its header: the phrases, the columns and the rows, a double each.
  if (!kept || kept.length < 3 * 8 || kept.length % 8 !== 0 || !sameColumns(columns)) return rows;
  // A copy, aligned for a Float64Array (a blob's buffer may start anywhere).
  const values = new Float64Array(new Uint8Array(kept).buffer);
  const [phrases, columnCount, rowCount] = [values[0]!, values[1]!, values[2]!];
  const stride = 1 + phrases * columnCount;
  if (phrases !== tokens.length || columnCount !== columns.length || values.length !== 3 + rowCount * stride) return rows;
  const at = new Map<number, number>();
  for (let r = 0; r < rowCount; r++) at.set(values[3 + r * stride]!, 3 + r * stride + 1);
  const counted = new Set(tokens);
  return rows.map((row) => {
    const start = at.get(row.chunk_id);
    if (start === undefined) return row;
    const hits = { counted, path: new Map<string, number>(), symbol: new Map<string, number>(), body: new Map<string, number>() };
    tokens.forEach((token, phrase) => {
      columns.forEach((column, c) => {
        const n = values[start + phrase * columnCount + c]!;
        if (n > 0) hits[column as HitColumn].set(token, n);
      });
    });
    return { ...row, hits: hits satisfies WordHits };
  });
}
