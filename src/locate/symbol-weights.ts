/**
 * @module locate/symbol-weights
 * The weights locate orders a file's functions, methods and classes by (locate/symbol-rank),
 * each with the measurement behind it (tuned on the SWE-bench Lite dev half only: see
 * docs/relevance.md).
 */

export const SYMBOL_RANKING = {
  /** Weight of each kind of evidence (see SYMBOL_FEATURES in locate/symbol-rank). */
  features: {
    frame: 100,
    named: 2,
    nameMentioned: 1,
    containerMentioned: 0.25,
    words: 1,
    nameWords: 0.5,
  },
  /** A name written as prose (`separability`) counts this share of one written as code. */
  proseNameShare: 0.5,
  /** Shortest definition name matched against the text's identifiers (`id`, `pk` are everywhere). */
  nameMinChars: 3,
  /** The files, best first, whose definitions are all scored; the rest keep the hints of their best chunks. */
  filesScored: 10,
  /** BM25 over a definition's own lines (k1: term frequency saturation; b: length normalisation). */
  bm25K1: 1.2,
  bm25B: 0.75,
} as const;
