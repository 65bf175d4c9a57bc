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

/** The SÚKL medicines registry tools (seed 001) and their importer. */
export const MEDICINES = {
  /** Seed 001: a search query longer than this is refused. */
  queryMaxChars: 200,
  /** Seed 001: search-medicine `limit`, silently clamped into range. */
  searchLimit: { min: 1, max: 100, default: 20 },
  /** Paging offset of search-medicine (not in the seed): bounded so a page stays cheap. */
  searchOffset: { min: 0, max: 10_000, default: 0 },
  /** Seed 001: get-atc-info `medicines_limit`, silently clamped into range. */
  atcMedicinesLimit: { min: 1, max: 100, default: 20 },
  /** Seed 001: batch-check-availability takes at most this many codes (more is an error, not a slice). */
  batchMaxCodes: 50,
  /** find-pharmacies `limit` (not in the seed): a city like Praha has hundreds of pharmacies. */
  pharmacyLimit: { min: 1, max: 100, default: 20 },
  /** SÚKL codes are 7 digits; shorter numeric input is left-padded with zeros. */
  suklCodeDigits: 7,
  /** Typo tolerance: query words shorter than this are never corrected (too many neighbours). */
  fuzzyMinWordChars: 4,
  /** Edit distance allowed for words of 4-6 characters, and for longer words. */
  fuzzyMaxDistanceShort: 1,
  fuzzyMaxDistanceLong: 2,
  fuzzyLongWordChars: 7,
  /** Corrections kept per query word, best first; more would flood the OR. */
  fuzzyMaxCandidates: 5,
  /** Rows inserted between progress callbacks of the importer. */
  importProgressRows: 5000,
  /** PIL/SPC text returned per call: a whole SPC is ~30k tokens; sections past this are listed, not sent. */
  documentMaxChars: 20_000,
  /** Characters of context around a hit when a document is searched. */
  documentSnippetChars: 240,
  /** Online document fetching (opt-in): per-attempt timeout, attempts, and backoff between them. */
  fetchTimeoutMs: 10_000,
  fetchAttempts: 3,
  fetchBackoffMs: 500,
  /** A fetched PDF larger than this is refused (SÚKL SPCs are well under it). */
  fetchMaxBytes: 20 * 1024 * 1024,
} as const;
