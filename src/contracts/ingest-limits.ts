/**
 * @module contracts/ingest-limits
 * The ingest pipeline's caps and defaults (`quarry index`'s options and what a file may be).
 */

/** The ingest pipeline. */
export const INGEST = {
  /**
   * Definitions nest at most this deep when chunks follow them. Chunks are cut
   * at line boundaries, so deeper nesting cannot make a smaller chunk, and the
   * bound keeps the chunker's recursion shallow (a minified line holds thousands).
   */
  definitionNestMaxDepth: 32,
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
  /**
   * Bytes per write transaction, the other bound on a batch. 16 MB builds drivers/gpu (461 MB) as
   * fast as 32 MB did (40-43 s) with ~100 MB less peak RSS; 8 MB was 8% slower.
   */
  bytesPerTransaction: 16 * 1024 * 1024,
  /** Files larger than this are chunked by lines without parsing: parse time grows with size, and such files are mostly generated. */
  parseMaxChars: 1024 * 1024,
  /** Progress redraws per second on a terminal. */
  progressHz: 8,
  /** Below this many bytes to (re)read, files are prepared in the indexing thread: starting workers and loading grammars in them costs more. */
  workerMinBytes: 4 * 1024 * 1024,
  /** An empty index receiving at least this many bytes is loaded without secondary indexes, which are built at the end. */
  bulkLoadMinBytes: 4 * 1024 * 1024,
  /** Prepare workers at most (default: one per core beyond the SQLite writer's, at least one). */
  prepareWorkersMax: 8,
  /**
   * While it waits for a worker, the indexing thread prepares queued files itself for at most this
   * many times the time it has waited so far: it also writes SQLite, and must not become the
   * slower side. drivers/net, one worker: share 8 27.8-29.9 s, unbounded 29.4 s, share 2 31.0 s,
   * against 34.4-36.7 s before claims (files handed out in advance by expected time).
   */
  preparingShareOfWaiting: 8,
  /**
   * Old-generation heap cap of each prepare worker, MB. A worker holds one file's work at a time, but
   * uncapped V8 let its heap grow to ~230 MB of garbage before collecting; capped at 128 MB, peak RSS
   * on drivers/gpu fell from 0.93-1.03 GB to 0.82 GB at the same speed. A file that needs more is
   * prepared again in the indexing thread (whose own cap, indexHeapMb, is rerun without when hit),
   * and the worker is replaced.
   */
  prepareWorkerHeapMb: 128,
  /**
   * Old-generation heap cap of the thread that runs an index pass (ingest/index-runner), MB. Its live
   * data on the kernel (78,288 files) stays near 120 MB, but uncapped V8 grew the heap to 400 MB
   * between collections. A tree whose file lists need more is indexed again without the cap. Only a
   * first build of `quarry index` is capped: Node can end the whole process instead of the worker
   * when a cap is hit (nodejs/node#47224), which a CLI build survives by its retry but a server would not.
   */
  indexHeapMb: 384,
  /** The range `--heap-mb` and `--prepare-heap-mb` accept. */
  heapMbMin: 16,
  heapMbMax: 16_384,
  /**
   * A folder listing is reused by the next walk only when the folder (and its
   * ignore files) last changed at least this long before it was listed: a
   * change in the same timestamp tick as the listing would leave the mtime
   * equal (racy, as git calls it). Generous for coarse filesystem clocks.
   */
  folderListingSettledMs: 3000,
} as const;
