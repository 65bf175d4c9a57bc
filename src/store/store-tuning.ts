/**
 * @module store/store-tuning
 * The SQLite index's tuning: page size, caches, transaction and checkpoint sizes, the chunk-text
 * dictionary, each with the measurement behind it. Callers never see these; what they see is in
 * contracts/.
 */

/** The SQLite index file. */
export const STORE = {
  /** Page size of a new index: chunks up to INGEST.chunkMaxChars fit a page instead of spilling into half-empty overflow pages (5% smaller than 4 KiB pages on kernel C). */
  pageSize: 16384,
  /** How long a SQLite connection waits for another writer (an import, an index pass) before SQLITE_BUSY. */
  busyTimeoutMs: 5000,
  /** Pause between tries of the WAL switch, which SQLite can refuse at once while another process creates the file. */
  walSwitchRetryMs: 10,
  /** SQLite page cache per connection, in KiB (PRAGMA cache_size takes it negated). */
  cacheSizeKiB: 65_536,
  /**
   * Bytes of the file a read-only connection maps into memory (SQLite's own ceiling, 0x7fff0000):
   * pages are then read in place instead of copied by pread into the page cache. On the kernel
   * index, in one process on an idle machine, literal searches took 14.5-16.0 ms instead of
   * 19.4-19.9 ms (medians of 7); writers keep reading by pread.
   */
  readerMmapBytes: 0x7fff0000,
  /**
   * Chunk text shorter than this (characters) is stored as plain text: packing it saves a few
   * bytes at best and costs a call per read. Measured on the kernel's fs/: a zlib call costs ~11 us
   * of overhead whatever the size.
   */
  chunkTextPackMinBytes: 96,
  /**
   * zstd level of stored chunk text (store/chunk-text). On 23 MB of kernel chunks: level 1 keeps
   * 36.8%, 3 36.2% at 156 MB/s, 5 35.2% at 90 MB/s; the deflate it replaced (level 1) kept 35.6% at
   * 43 MB/s. Packing runs in the prepare workers, the slower side of a kernel build.
   */
  chunkTextZstdLevel: 3,
  /**
   * Content bytes of an index's zstd dictionary for chunk text (store/text-dictionary). On kernel
   * chunks, 64 KiB kept 30.4% of the text against 35.7% without one, and unpacked at 938-979
   * against 605-613 MB/s; 128 KiB kept 29.7% but unpacked 6% slower.
   */
  textDictionaryBytes: 65_536,
  /** Text sampled (evenly over the files to prepare, a quarter of them at most) to build the dictionary: 8 MiB take about 0.85 s. */
  textDictionarySampleBytes: 8 * 1024 * 1024,
  /** Less sample text than this teaches nothing worth a dictionary: the pass packs without one. */
  textDictionaryMinSampleBytes: 64 * 1024,
  /** Files larger than this are not sampled: mostly generated tables, unlike the rest of a tree. */
  textDictionarySampleFileMaxBytes: 1024 * 1024,
  /** Pieces of the samples parsed for the dictionary's entropy tables. */
  textDictionaryParsedSamples: 3000,
  /**
   * A pass with at least this much to prepare builds the index's dictionary when it has none; the
   * rows of smaller passes are packed without one until then.
   */
  textDictionaryMinBytes: 4 * 1024 * 1024,
  /** Graph name ids a writer remembers (cleared when full): about 10 MB of heap, most of a build's repeated names. */
  edgeNameIdsRemembered: 100_000,
  /**
   * Words in at least this many chunks have their chunk count kept with the index (store/word-docs);
   * a rarer word is counted from the vocabulary when asked, a pass over its postings of under 20 us
   * (about 18 ns a chunk). On the kernel: 6,772 of 5.0 M words, 66 KB, counted in about 2 s.
   */
  wordDocsMin: 1000,
  /**
   * A pass preparing more bytes than this per chunk of the index counts the common words again at
   * its end instead of keeping their counts up row by row: keeping them costs about 80 ms of the
   * writer's CPU per MB of changed files (each row tokenised once more, a removed one twice),
   * counting again about 1.7 us per chunk (2 s on the kernel, where the two meet at 25 MB).
   */
  wordDocsKeptBytesPerChunk: 21,
} as const;

/** Word pages scored with block maxima (store/word-blocks), where a store is opened with them. */
export const WORD_BLOCKS = {
  /** Rowids per block, as a power of two (the kernel's 1.2 M chunks: 2^11 gives 575 blocks, 15 MB of float32 maxima for its 6,772 words in 1,000 chunks or more). */
  shift: 11,
  /** Bounds are raised by this fraction: summed in another order than a score, with a JavaScript log that may differ from SQLite's in the last bit. */
  margin: 1e-9,
} as const;
