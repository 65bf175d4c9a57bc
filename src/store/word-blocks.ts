/**
 * @module store/word-blocks
 * A page of a word query by FTS5's bm25 without scoring every row that holds
 * a common word: block-max pruning over the word index's rowids.
 *
 * The rowids are cut into blocks of 2^shift (store-tuning WORD_BLOCKS). Per word, its block
 * maxima (native/quarry_ranking.c quarry_word_blocks()) are the most one row
 * of each block adds to quarry_bm25() per unit of the word's idf, computed
 * with the same weights, lengths and average as the score. So a row of a
 * block scores at most the sum, over the expression's words, of idf times the
 * word's maximum there; and in an AND of groups, a block lacking a group holds
 * no row of the expression at all. The blocks are read best bound first, each
 * with the whole expression restricted to its rowids (`rowid BETWEEN`), so
 * every row is scored by the same statement text, phrases and counts as the
 * unrestricted one, to the same number; the page stops once the next bound is
 * below its last score. Rows are ordered as the statements order them (score
 * descending, then rowid), so the page is the unrestricted statement's page,
 * row for row.
 */
import { WORD_BLOCKS } from './store-tuning.js';

/** The two expressions the blocks answer: an AND (`every`) or an OR of groups, each group an OR of words. */
export interface BlockQuery {
  groups: readonly (readonly string[])[];
  every: boolean;
}

export interface BlockSource {
  /** A word's block maxima (per block, 0 where no row holds it), or null when they are not known. */
  maxima(term: string): Float64Array | null;
  /** A word's idf, as quarry_bm25() is given it. */
  idf(term: string): number;
}

/** Each block's bound (0: no row of the expression is in it), or null when a word's maxima are unknown. */
export function blockBounds(query: BlockQuery, source: BlockSource): Float64Array | null {
  const groups: { maxima: Float64Array; idf: number }[][] = [];
  for (const group of query.groups) {
    const words: { maxima: Float64Array; idf: number }[] = [];
    for (const term of group) {
      const maxima = source.maxima(term);
      if (!maxima) return null;
      words.push({ maxima, idf: source.idf(term) });
    }
    groups.push(words);
  }
  const blocks = Math.max(0, ...groups.flat().map((w) => w.maxima.length));
  const bounds = new Float64Array(blocks);
  for (let block = 0; block < blocks; block++) {
    let bound = 0;
    let lacking = false;
    for (const words of groups) {
      let group = 0;
      for (const { maxima, idf } of words) group += idf * (maxima[block] ?? 0);
      if (group === 0) lacking = true;
      bound += group;
    }
    // Summed in another order than the score's, and the idf may differ from SQLite's log in the last bit: raised a little.
    bounds[block] = query.every && lacking ? 0 : bound * (1 + WORD_BLOCKS.margin);
  }
  return bounds;
}
