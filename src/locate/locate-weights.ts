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
    changes: 1,
    coChanged: 1,
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

/**
 * How much git history locate reads (locate/history) and how it is used (locate/history-evidence).
 * `git log` of 2,000 commits names about 10,000 paths and takes 0.05-0.2 s on django's clone; it is read
 * once per index version and folder, beside the rest of the evidence.
 */
export const LOCATE_HISTORY = {
  /** Commits read, newest first. */
  commits: 2000,
  /** A commit changing more files than this (a reformatting, a mass rename) is left out. */
  commitFilesMax: 30,
  /** The best files of the ranking without history, whose commits name the files changed with them. */
  seeds: 5,
  /** git is given this long and this much output; past either the folder has no history. */
  timeoutMs: 3000,
  maxBytes: 32 * 1024 * 1024,
} as const;
