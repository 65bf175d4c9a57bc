/**
 * @module contracts/medicines-limits
 * The medicines tools' caps and defaults.
 */

/** The SÚKL medicines registry tools (the MCP contract) and their importer. */
export const MEDICINES = {
  /** The MCP contract: a search query longer than this is refused. */
  queryMaxChars: 200,
  /** The MCP contract: search-medicine `limit`, silently clamped into range. */
  searchLimit: { min: 1, max: 100, default: 20 },
  /** Paging offset of search-medicine (not in the contract): bounded so a page stays cheap. */
  searchOffset: { min: 0, max: 10_000, default: 0 },
  /** The MCP contract: get-atc-info `medicines_limit`, silently clamped into range. */
  atcMedicinesLimit: { min: 1, max: 100, default: 20 },
  /** The MCP contract: batch-check-availability takes at most this many codes (more is an error, not a slice). */
  batchMaxCodes: 50,
  /** find-pharmacies `limit` (not in the contract): a city like Praha has hundreds of pharmacies. */
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
  /** A fetched PDF larger than this is refused, by its Content-Length and again while the body streams (SÚKL SPCs are well under it). */
  fetchMaxBytes: 20 * 1024 * 1024,
  /** Redirects followed per fetch; each must stay on the SÚKL host (the host of the document URL). */
  fetchMaxRedirects: 5,
  /** A failed fetch is answered from memory for this long, so a retrying client does not hammer SÚKL. */
  fetchFailureCacheMs: 60_000,
  /**
   * Import caps, checked before reading: a CSV (file or zip entry) may inflate to
   * this many bytes (the largest DLP table is ~30 MB), a PDF to this many (read
   * whole into memory to extract its text). Zip entries are checked against their
   * declared size and again by counting the bytes inflated, since a header can lie.
   */
  importCsvMaxBytes: 512 * 1024 * 1024,
  importPdfMaxBytes: 50 * 1024 * 1024,
  /** csv-parse `max_record_size` (characters): the longest real SÚKL record (dlp_splp) is a few KB. */
  importCsvMaxRecordChars: 1024 * 1024,
} as const;
