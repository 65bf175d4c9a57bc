/**
 * @module contracts/live-limits
 * The live search tools' caps, defaults and budgets (ripgrep and fd).
 */

/** Live search over the file tree with fd and ripgrep (the live-search contract). */
export const LIVE = {
  /** list_files results: the live-search contract's "default 2000, hard-cap 10000"; larger values are clamped with a warning. */
  listLimit: { min: 1, max: 10_000, default: 2000 },
  /** find_and_grep files handed from fd to rg: the same seed caps. */
  fileLimit: { min: 1, max: 10_000, default: 2000 },
  /** Matches returned in full/group_by_file replies (display cap; totals keep counting past it). ~50 tokens each. */
  matchLimit: { min: 1, max: 2000, default: 200 },
  /** rg --max-filesize in bytes: seed default 10M, hard cap 200M (a bigger file is rarely source and costs seconds). */
  maxFilesizeDefault: 10 * 1024 * 1024,
  maxFilesizeCap: 200 * 1024 * 1024,
  /** Wall clock of one search: seed default 4000 ms, hard cap 30000 ms; the process is killed past it. */
  timeoutMs: { min: 1, max: 30_000, default: 4000 },
  /** list_files has no timeout parameter; fd is killed past this so a huge tree cannot hang a call. */
  listTimeoutMs: 10_000,
  /** Context lines per side: more is a file read, not a search. */
  contextLines: { min: 0, max: 20 },
  /** rg --max-count per file. */
  maxCount: { min: 1, max: 100_000 },
  /** Entries fd may list before it is stopped (an engine budget, 10x the display cap: sorting needs the whole list). */
  fdScanBudget: 100_000,
  /** Bytes of child stdout read before the process is killed and the reply marked truncated: bounds memory. */
  outputMaxBytes: 64 * 1024 * 1024,
  /** Bytes of child stderr kept for error messages. */
  stderrMaxBytes: 64 * 1024,
  /** argv bytes per rg invocation in find_and_grep; longer file lists run in several invocations (rg has no --files-from). */
  argvMaxBytes: 96 * 1024,
  /** Characters of a matched or context line returned; longer lines are cut with an ellipsis (minified files). */
  lineMaxChars: 500,
  /** count_only_matches lists at most this many files (highest counts first); file_count stays exact. */
  countFilesMax: 1000,
  /** summary_only: top files shown, sample lines per file, characters per sample line. */
  summaryFiles: 10,
  summarySamples: 3,
  summaryLineChars: 160,
  /** Replies estimated above this many tokens carry a hint to use a cheaper format. */
  tokenWarning: 10_000,
  /** Encoding detection (no `encoding` given, non-ASCII query): files sniffed at most, bytes read from each. */
  detectMaxFiles: 2000,
  detectSniffBytes: 64 * 1024,
  /** Minimum versions: --json needs rg 13 features we use (--no-require-git, --count-matches); fd 8 has -0 and --changed-within. */
  rgMinVersion: [13, 0, 0] as readonly number[],
  fdMinVersion: [8, 0, 0] as readonly number[],
  /** `--version` probe of a binary. */
  versionProbeTimeoutMs: 5000,
  /** Coarser-format cache: entries kept and their lifetime (the tree is live, so answers go stale fast). */
  cacheMaxEntries: 64,
  cacheTtlMs: 30_000,
  /**
   * rg/fd processes running at once in one Quarry process, shared by every door (QUARRY_LIVE_PROCESSES
   * overrides, kept in range). ripgrep already uses every core for one search, so more processes only
   * split the same cores and multiply memory; 4 lets short searches pass a long one on a small machine.
   */
  processSlots: { min: 1, max: 64, default: 4 },
  /**
   * Calls waiting for a process slot (QUARRY_LIVE_QUEUE overrides); one more is refused at once with
   * UNAVAILABLE. 32 covers an agent's burst of parallel calls; a longer queue would mostly wait past
   * the default timeout_ms (4000 ms) anyway, and every waiter holds a request open.
   */
  processQueue: { min: 0, max: 1000, default: 32 },
  /** A cancelled call's process gets SIGTERM, then SIGKILL after this grace (rg and fd exit at once on SIGTERM). */
  killGraceMs: 500,
} as const;
