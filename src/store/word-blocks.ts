/**
 * @module store/word-blocks
 * Block maxima for a word page scored by FTS5's bm25 (opt-in: SqliteIndex's
 * `wordBlocks`; by default every row of a page's statements is scored).
 *
 * The rowids are cut into blocks of 2^shift (store-tuning WORD_BLOCKS). Per
 * word, its block maxima (native/quarry_ranking.c quarry_word_blocks()) are
 * the most one row of each block adds to quarry_bm25() per unit of the word's
 * idf, computed with the same weights, lengths and average as the score. So a
 * row of a block scores at most the sum, over the expression's words, of idf
 * times the word's maximum there; in an AND of groups, a block lacking a group
 * holds no row of the expression at all. The page's one statement
 * (quarry_bm25_bounded()) keeps its best rows as it goes and does not score a
 * row whose block's bound is below the worst of them: that row cannot enter
 * the page. The rows it scores get the same numbers as quarry_bm25() gives
 * them, so the page is the same row for row.
 *
 * Measured on the Linux kernel (docs/architecture.md, "Word pages by block
 * maxima"), it costs more than it saves: FTS5 still steps through every row,
 * and blocks of 2,048 rows have some row near the most a word can add, so an
 * AND of two words skips about 4% of its rows.
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
