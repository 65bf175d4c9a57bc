/**
 * @module bench/eval-settings
 * The settings of the relevance evaluations (`npm run eval:cosqa`, `npm run eval:swebench`):
 * where their data sits and what they report.
 */

/** The CoSQA relevance evaluation (`npm run eval:cosqa`). */
export const EVAL_COSQA = {
  /** Where the data sits, relative to the project root: read in place, never copied in. */
  defaultDataDir: '../shared/data/cosqa',
  /** The published corpus: every function of code_idx_map.txt; another count means another data set. */
  corpusSize: 6267,
  /** Queries in each retrieval split (dev, test). */
  queriesPerSplit: 500,
  /** Acc@k cut-offs reported beside MRR (the paper's Acc@1 and a first page of 10). */
  accuracyAt: [1, 10] as const,
  /**
   * Results ranked per query. 0 means every chunk of the index, so MRR is over the whole
   * corpus as the paper computes it; a smaller window only drops reciprocal ranks below 1/N.
   */
  windowDefault: 0,
} as const;

/** The file-localisation evaluation on SWE-bench Lite (`npm run eval:swebench`). */
export const EVAL_SWEBENCH = {
  /** The dev half, relative to the project root: read in place, never copied in. */
  defaultDataFile: '../shared/data/swebench-lite/swe-bench-lite-dev.json',
  /** Acc@k cut-offs reported beside MRR. */
  accuracyAt: [1, 3, 5, 10] as const,
  /** Files locate returns per instance: MRR counts ranks up to here. */
  locateFiles: 50,
  /** Files kept per instance by --dump (beyond the contract's cap, for studying weights offline). */
  dumpFiles: 300,
  /** Symbol candidates kept per scored file by --dump, best first. */
  dumpSymbols: 40,
  /** The search_code baseline: the first 50 words of the issue (the contract's limit), two pages of 20. */
  baselineWords: 50,
  baselinePages: 2,
  baselinePageSize: 20,
} as const;
