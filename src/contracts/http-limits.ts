/**
 * @module contracts/http-limits
 * The HTTP doors' caps: requests, rate limits, the REST search, projects and their writes.
 */
import { INGEST } from './ingest-limits.js';

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
  /** A client must send all its request headers within this time (slow-loris: headers trickled forever hold a socket). */
  headersTimeoutMs: 10_000,
  /** A client must send its whole request (headers and body) within this time: a 16 MB upload needs well under it even at 1 MB/s. */
  requestTimeoutMs: 60_000,
  /** A socket with no bytes either way for this long is closed; above the longest tool budget (LIVE.timeoutMs.max) so a slow search is never cut. */
  connectionTimeoutMs: 120_000,
  /** How often node checks for requests past their headers/request timeout: sets how late a slow request is cut. */
  timeoutCheckIntervalMs: 1000,
  /** A bearer token shorter than this is refused at start-up: short tokens can be guessed. */
  tokenMinChars: 16,
} as const;

/** Per-client rate limits (the MCP contract for MCP, the REST API contract for project search). */
export const RATE_LIMIT = {
  /** Sliding window length: "per minute" in both contracts. */
  windowMs: 60_000,
  /** MCP requests per client IP per window (the MCP contract). */
  mcpPerWindow: 100,
  /** REST search requests per client IP per window (the REST API contract's suggested limiter). */
  searchPerWindow: 30,
  /**
   * Project, upload and conversation requests per client IP per window. Each can start real work
   * (a project create is a full index build, an upload chunks and indexes up to 16 MB): 120 a minute
   * lets a client upload a small tree in a loop, while one client cannot queue unbounded indexing.
   */
  projectsPerWindow: 120,
  /** Distinct clients tracked in memory; beyond it the oldest idle ones are dropped first, so memory stays bounded under spoofed floods. */
  memoryMaxKeys: 100_000,
  /** Key prefix of the shared windows in Redis (`--rate-key-prefix`): several deployments can share one Redis. */
  redisKeyPrefix: 'quarry:rate:',
  /** Waiting for Redis at start-up: past it the server starts on its own windows and keeps trying in the background. */
  redisConnectTimeoutMs: 2000,
  /**
   * A window decision Redis has not answered within this is taken from the server's own windows instead.
   * Redis answers in well under a millisecond; a second only passes when it hangs (stopped, partitioned).
   */
  redisCommandTimeoutMs: 1000,
  /** Longest pause between reconnection attempts: a Redis that comes back is in use again within about this. */
  redisReconnectMaxMs: 1000,
  /** After Redis failed, requests skip it this long before one tries again, so a hanging Redis delays one request per period, not all. */
  redisRetryAfterFailureMs: 1000,
} as const;

/** REST project search (the REST API contract). */
export const REST_SEARCH = {
  /** Same cap as search_code: longer text is a document, not a query. */
  queryMaxChars: 400,
  /** The REST API contract: default 10, larger limits are clamped to 100. */
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
  /**
   * Projects one server holds, the default one included: each is an open SQLite file with its
   * own page cache (up to 64 MiB), so an unbounded number exhausts memory and file handles.
   */
  projectsMax: 64,
  /**
   * Folder projects kept fresh (recursive watch or polling, and a full index build on creation):
   * a recursive inotify watch costs one kernel watch per subfolder out of a per-user budget, and
   * every folder adds index passes to the one build queue.
   */
  watchedFoldersMax: 8,
} as const;

/** Writers of an index inside the serving process (uploads, messages, conversations, project metadata). */
export const WRITES = {
  /**
   * How long a write may wait for its turn (the index pass or another process holding the
   * write lock) before the client gets UNAVAILABLE: longer than one bounded index transaction
   * (INGEST.filesPerTransaction / bytesPerTransaction), short enough for a client to retry.
   */
  waitMaxMs: 30_000,
  /** First and longest pause between attempts to take the write lock; the wait is a timer, never a blocked thread. */
  retryMinMs: 5,
  retryMaxMs: 50,
  /**
   * An index pass holds back its next transaction while a serving-process write waits, at most
   * this long per transaction, so a stream of uploads cannot stall indexing forever.
   */
  indexYieldMaxMs: 2_000,
  /** How often a yielding index pass looks whether the waiting writes are done. */
  indexYieldPollMs: 5,
  /**
   * The serving process never checkpoints on commit (that would copy an index pass's whole WAL
   * on the event loop); past this WAL size a write starts a checkpoint in a worker thread, so a
   * project only uploads write keeps a bounded WAL.
   */
  walCheckpointBytes: 16 * 1024 * 1024,
} as const;
