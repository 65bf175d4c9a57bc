/**
 * @module store/ranking-weights
 * The ranking weights of search_code's text queries, shared by the statements that rank
 * (store/statements, store/postgres/pg-words) and the search that fuses their hits (search/),
 * each with the measurement behind it.
 */

/**
 * Every ranking weight of search_code, in one place (measured on CoSQA dev: see docs/relevance.md).
 * Routed text queries put several retrievers on one score scale: BM25 first,
 * then extra hits (definitions, references, pattern matches) scored relative to the best BM25 score.
 */
export const RANKING = {
  /**
   * From this many terms on, a text query is a sentence, not a keyword list: hits are ranked by
   * BM25 over any of its terms (more terms matched scores higher) instead of requiring every term,
   * which drops the answer whenever it misses one word ("... in python"). Fewer terms: every term
   * first, any term only when that finds nothing.
   */
  anyTermMinTerms: 3,
  /** bm25 column weights (path, symbol, body): a word in a file's path or a definition's name says more than one in its body. */
  bm25Weights: { path: 3.0, symbol: 4.0, body: 1.0 },
  /** Extra hits are scaled from the best BM25 score, never from less than this: on tiny corpora BM25 scores are near 0. */
  extraScoreFloor: 1,
  /** A symbol question: definitions of the named symbol rank above every BM25 hit (2 x the best). */
  definitionBoost: 2,
  /** A relationship question is about the references (referenceBoost): its definitions rank just below them. */
  relationshipDefinitionBoost: 1.2,
  /** A definition whose name is the query's name exactly, not only case-insensitively, gets this much more. */
  exactNameBonus: 0.1,
  /** Reference sites of a relationship question and definitions fitting a name pattern rank above BM25 hits. */
  referenceBoost: 1.5,
  patternBoost: 1.5,
  /**
   * Within one retriever, its own order is kept by a small decay (1 - rank x rankDecayStep) that can
   * never outweigh the boosts above; ranks past rankDecayMaxRank decay no further.
   */
  rankDecayStep: 1e-4,
  rankDecayMaxRank: 999,
  /**
   * The first BM25 hits scored again by the second stage (search/rerank: BM25 with an IDF that
   * never reaches 0, file roles, named definitions). Past them the first stage's order stands.
   * CoSQA dev MRR was the same with 100 and 200; 100 costs half the work.
   */
  rerankPool: 100,
  /**
   * At most this many best rows of a first-stage statement keep their word counts for the second
   * stage (store/kept-hits): only its pool reads them, and a deep page (offset up to
   * CURSOR.maxOffset) would otherwise hold them for every row up to it.
   */
  keptHitsRowsMax: 1000,
  /**
   * The second stage's BM25 parameters: FTS5's own (k1 1.2, b 0.75). On CoSQA dev a grid of
   * b 0.85-1 and k1 0.8-1.2 gave 0.373-0.381, within the noise of 500 queries, so none is kept.
   */
  bm25K1: 1.2,
  bm25B: 0.75,
  /** Distinct index tokens whose chunk counts are remembered per index version (search/term-stats). */
  termStatsCacheMax: 4096,
  /**
   * Score multipliers for files that are not the code itself (text/file-roles), unless the query
   * points at them ("test", "docs", "vendor", a path under them): on SWE-bench Lite, docs/*.txt,
   * tests and extern/*.min.js filled the first places for issue texts about code.
   */
  rolePriors: { test: 0.5, docs: 0.5, vendored: 0.3, minified: 0.2 },
  /**
   * A query of at least this many words outside quotes is prose (an issue, a message): its quoted
   * strings ("GROUP BY", "a") are evidence, not phrases every hit must contain (21 of 300
   * SWE-bench Lite issues found nothing when they were requirements), and its "uses" or "process"
   * do not make it a relationship or flow question. Typed searches are shorter: CoSQA's web queries
   * have 14 words at most, and 8, 10 or 12 here gave the same dev MRR.
   */
  proseMinWords: 10,
  /** A chunk holding a quoted string of a prose query scores this many times more. */
  quotedPhraseFactor: 1.5,
  /**
   * In the first page, at most this many chunks of one file (unless the query names a file):
   * an agent asking "where" gets several places, and the rest of a file's chunks follow the page.
   */
  perFileInFirstPage: 2,
  /**
   * The first page is spread over files from the first re-scored pool of ranked hits; when that
   * prefix cannot fill it (the best hits crowd a few files), from the first this many, which
   * reads as many BM25 hits. Either prefix is the same for every page of a query.
   */
  firstPageScanMax: 320,
  /**
   * Definitions named by the query's words (`validate token` -> validateToken, validate_token),
   * looked up in the symbol table: at most this many candidate names (adjacent runs of up to
   * nameRunMaxWords words) and this many definitions per name.
   */
  nameCandidatesMax: 48,
  nameRunMaxWords: 3,
  nameDefinitionsPerName: 20,
  /** A definition the query names scores at least this many times the best chunk that only mentions its name. */
  definitionLead: 1.05,
} as const;
