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

/** Result cache of the indexed search. */
export const SEARCH_CACHE = {
  maxEntries: 256,
} as const;

/** The HTTP server (`quarry serve`). */
export const HTTP = {
  defaultHost: '127.0.0.1',
  defaultPort: 7700,
  /** Request bodies above this get 413: MCP and search requests are small, so a big body is a mistake or an attack. */
  bodyLimitBytes: 1024 * 1024,
  /** File uploads may carry a whole source file (JSON-escaped, hence the headroom over INGEST.maxFileBytesDefault). */
  fileBodyLimitBytes: 16 * 1024 * 1024,
  /** Quiet time after the last file change before the served folder is re-indexed (editors save in bursts). */
  reindexDebounceMs: 500,
  /** Polling period when the OS cannot watch the folder (inotify limits): an incremental re-index only stats files. */
  reindexIntervalMs: 30_000,
  /** In-flight requests get this long to finish on shutdown before connections are cut. */
  shutdownGraceMs: 10_000,
  /** During shutdown, connections that went idle after their last reply are closed this often. */
  shutdownSweepMs: 100,
} as const;

/** Per-client rate limits (seed 001 for MCP, seed 003 for REST search). */
export const RATE_LIMIT = {
  /** Sliding window length: "per minute" in both seeds. */
  windowMs: 60_000,
  /** MCP requests per client IP per window (seed 001). */
  mcpPerWindow: 100,
  /** REST search requests per client IP per window (seed 003's suggested limiter). */
  searchPerWindow: 30,
  /** Distinct clients tracked in memory; beyond it the oldest idle ones are dropped first, so memory stays bounded under spoofed floods. */
  memoryMaxKeys: 100_000,
} as const;

/** REST project search (seed 003). */
export const REST_SEARCH = {
  /** Same cap as search_code: longer text is a document, not a query. */
  queryMaxChars: 400,
  /** Seed 003: default 10, larger limits are clamped to 100. */
  limit: { min: 1, max: 100, default: 10 },
  /** OFFSET is a linear scan in SQLite; past this, narrow the query instead. */
  offsetMax: 10_000,
  /** Filter lists are short in practice; a cap keeps a request from building a huge JSON parameter. */
  filterMaxItems: 50,
  filterItemMaxChars: 200,
} as const;

/** Projects and their content over REST. */
export const PROJECTS = {
  nameMaxChars: 200,
  /** Relative file paths as stored; the same order of size as common OS limits. */
  pathMaxChars: 1000,
  /** Uploaded file content, the same cap as files read from disk. */
  contentMaxBytes: INGEST.maxFileBytesDefault,
  speakerMaxChars: 100,
  roundNumberMax: 1_000_000,
} as const;
