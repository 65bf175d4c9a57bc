/**
 * @module locate/locate-weights
 * The weights locate ranks files by (locate/rank), each with the measurement behind it.
 */

/**
 * Every ranking weight of locate, in one place (tuned on the SWE-bench Lite dev half only: see
 * docs/relevance.md). A file's score is the weighted sum of its evidence
 * (locate/evidence), times the prior of its kind unless the text names the file.
 */
export const LOCATE_RANKING = {
  /** Weight of each kind of evidence (see FEATURES in locate/evidence). */
  features: {
    pathNamed: 2,
    pathShared: 1,
    frame: 0.5,
    frameInnermost: 1.5,
    module: 1,
    moduleShared: 0.25,
    defines: 1,
    definesWord: 0.5,
    definesMember: 1,
    uses: 0.5,
    message: 2,
    words: 3,
    titleWords: 1,
    pathWords: 1.5,
  },
  /** A word of the title, or one written as code, says more than a word of the prose. */
  titleBoost: 2,
  codeBoost: 1.5,
  /** Whole-file BM25 (k1: term frequency saturation; b: length normalisation). */
  bm25K1: 1.2,
  bm25B: 0.75,
  /** Prior by file kind: tests, docs, examples, vendored and generated files start lower unless the text names them. */
  kindPrior: { source: 1, test: 0.3, doc: 0.3, example: 0.4, vendored: 0.2, generated: 0.2, data: 0.3 },
} as const;
