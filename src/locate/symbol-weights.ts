/**
 * @module locate/symbol-weights
 * The weights locate orders a file's functions, methods and classes by (locate/symbol-rank),
 * each with the measurement behind it (tuned on the SWE-bench Lite dev half only: see
 * docs/relevance.md).
 */

export const SYMBOL_RANKING = {
  /**
   * Weight of each kind of evidence (see SYMBOL_FEATURES in locate/symbol-rank). On every third dev
   * instance (52), function-level Acc@5 / Acc@10 went from 42.3 / 51.9 (the best chunks' symbols) to
   * 53.8 / 65.4; the chosen words in a definition's name, tried at 0.5, cost an instance there and
   * were dropped.
   */
  features: {
    frame: 100,
    named: 1,
    nameMentioned: 1,
    containerMentioned: 0.25,
    words: 1,
    /** A prior for longer definitions: log(1 + lines), scaled to the file's longest (a long function is edited more often). */
    span: 1,
  },
  /**
   * A container's own lines are its body between its members (attributes, docstring): it is the
   * edited definition less often than its methods. Measured on Python classes; the other
   * languages' containers are alike.
   */
  kindPrior: { class: 0.25, struct: 0.25, interface: 0.25, enum: 0.25, trait: 0.25 } as Readonly<Record<string, number>>,
  /**
   * Symbols named for each file after the first (the first names up to LOCATE.symbolsPerFile): a
   * gold function is most often the best candidate of its file, so one guess for each of more files
   * reaches it sooner than three for fewer.
   */
  symbolsAfterFirstFile: 1,
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
