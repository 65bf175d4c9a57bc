/**
 * @module contracts/locate-limits
 * locate's caps and defaults.
 */

/**
 * locate: issue-sized text in (title, prose, stack traces, code, logs), ranked files out
 * Display caps first, then the engine's budgets: each bounds the work one call does.
 */
export const LOCATE = {
  /** Text longer than this is truncated with a warning: a long issue's first 20,000 characters name what matters. */
  textMaxChars: 20_000,
  /** Files returned; the top 10 fit in about 400 tokens in the compact rendering. */
  maxResults: { min: 1, max: 50, default: 10 },
  /** Likely functions or classes listed per file, and reasons per file. */
  symbolsPerFile: 3,
  reasonsPerFile: 2,
  /** Distinct identifiers looked up in the symbol table, most promising first (code-like, in the title, repeated). */
  identifiersMax: 400,
  /** Definitions read per identifier: a name defined in more files than this says little about any one of them. */
  definitionsPerName: 60,
  /** Files read that call or extend a named definition (graph neighbours), most references first. */
  usersPerName: 60,
  /** Path-like mentions and traceback frames read from the text. */
  pathMentionsMax: 200,
  /** Error messages looked up as phrases, and the longest phrase tried (the start of a message is its fixed part). */
  messagesMax: 5,
  messageWordsMax: 6,
  /** A message phrase found in more files than this is too common to point at one. */
  messageFilesMax: 20,
  /** Query terms scored with whole-file BM25: the most discriminative of the text's words. */
  termsMax: 32,
  /**
   * A term in more than this share of chunks (and in more than termCommonMinChunks of them) is not
   * scored: its weight is near 0 anyway, and its postings are the slowest to read. A small project
   * keeps every term, since reading them costs nothing there.
   */
  termMaxChunkShare: 0.2,
  termCommonMinChunks: 1000,
  /** Files ranked before the page is cut (the answer's `total` counts them). */
  candidatesMax: 500,
  /**
   * Chunks whose id, file and length one statement reads as one text (store/locate-statements): about
   * 20 MB of text per million chunks, far below SQLite's 1 GB limit on a value.
   */
  chunksPerRead: 1_000_000,
} as const;
