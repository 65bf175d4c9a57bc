/**
 * @module contracts/limits
 * Every cap and default Quarry enforces, written once with the reason for it.
 * Engine budgets (how much work a search may do) are kept apart from display
 * caps (how much of the result a caller sees), so truncating for display never
 * drops the best results before ranking.
 */

/** search_code: the contract of seed 000. */
export const SEARCH_CODE = {
  /** Queries longer than this are truncated (with a warning), not rejected. */
  queryMaxChars: 400,
  /** More words than this is rejected: such a query is a document, not a search. */
  queryMaxWords: 50,
  maxResults: { min: 1, max: 20, default: 10 },
  skip: { min: 0, max: 1000, default: 0 },
  /** 0 means "do not truncate the snippet". */
  snippetLines: { min: 0, max: 100, default: 0 },
  repositoryMaxChars: 200,
} as const;

/** Budgets of the indexed search engine (not visible as result caps). */
export const ENGINE = {
  /** Wall-clock budget for verifying exact/regex candidates; past it the search fails with TIMEOUT. */
  verifyBudgetMs: 20_000,
  /** A regex longer than this is refused: RE2 programs grow with pattern size. */
  regexMaxChars: 1000,
  /** RE2 program memory cap, so a huge counted repetition cannot exhaust memory. */
  regexMaxMemoryBytes: 8 << 20,
  /** Lines longer than this are verified but not returned whole in a snippet. */
  snippetLineMaxChars: 500,
  /** Minimum literal length that yields a trigram constraint. */
  trigramLength: 3,
} as const;

/** The ingest pipeline. */
export const INGEST = {
  /** Files larger than this are skipped (reason: too_large); configurable per run. */
  maxFileBytesDefault: 10 * 1024 * 1024,
  /** Bytes sniffed for a NUL to call a file binary (as git and ripgrep do). */
  binarySniffBytes: 8000,
  /** Chunk size targets: small chunks make trigram candidates cheap to verify. */
  chunkTargetLines: 40,
  chunkMaxLines: 80,
  chunkMaxChars: 6000,
  /** Files per write transaction: bounded so an interrupted run loses little and memory stays flat. */
  filesPerTransaction: 500,
  /** Bytes per write transaction, the other bound on a batch. */
  bytesPerTransaction: 32 * 1024 * 1024,
  /** Files larger than this are chunked by lines without parsing: parse time grows with size, and such files are mostly generated. */
  parseMaxChars: 1024 * 1024,
  /** Progress redraws per second on a terminal. */
  progressHz: 8,
} as const;

/** Structured tool-call logs. */
export const TOOL_LOG = {
  /** String parameters longer than this are cut in the log line. */
  paramMaxChars: 200,
  /** Arrays longer than this are cut in the log line. */
  arrayMaxItems: 20,
} as const;

/** Result cache of the indexed search (per door process; keyed by index version, so never stale). */
export const SEARCH_CACHE = {
  maxEntries: 256,
} as const;

/** Pagination cursors of search_code. */
export const CURSOR = {
  /** A cursor older than this is refused: the caller should search again. */
  ttlMs: 10 * 60 * 1000,
  /** Deepest offset a cursor may reach (skip stops at 1000; cursors go further, within the engine budget). */
  maxOffset: 100_000,
} as const;

/** Suggestions when a search finds nothing. */
export const SUGGESTIONS = {
  maxPerKind: 5,
  /** Vocabulary terms examined per query term (a sorted range scan, so bounded). */
  vocabScan: 5000,
  maxEditDistance: 2,
} as const;

/** find_references: reference sites of a symbol. */
export const FIND_REFERENCES = {
  symbolMaxChars: 200,
  maxResults: { min: 1, max: 100, default: 50 },
  skip: { min: 0, max: 10_000, default: 0 },
  /** Definitions listed beside the references. */
  definitionsMax: 20,
} as const;
