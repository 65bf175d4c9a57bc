/**
 * @module contracts/limits
 * Every cap and default Quarry enforces, written once with the reason for it.
 * Engine budgets (how much work a search may do) are kept apart from display
 * caps (how much of the result a caller sees), so truncating for display never
 * drops the best results before ranking.
 */

/** search_code: its contract's limits. */
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
  /**
   * Wall-clock budget for verifying exact/regex candidates (a regex with no trigram scans every
   * chunk). Past it the scan stops: hits found so far come back with `total_partial`, or TIMEOUT
   * when none was found yet, so running out of time never reads as "found nothing". The search
   * runs in a worker (SEARCH_POOL), so this bounds a caller's wait, not the server's liveness.
   */
  verifyBudgetMs: 5_000,
  /**
   * A regex longer than this is refused: RE2 programs grow with pattern size. Program memory is
   * bounded by RE2 itself (its built-in 8 MiB max_mem; the `re2` binding exposes no option to set
   * it), so `[\p{L}]{1000}` fails to compile as "pattern too large" (a QUERY_SYNTAX error).
   */
  regexMaxChars: 1000,
  /**
   * Lines longer than this are verified but not returned whole: a snippet line is cut at its end;
   * the matched line of an exact/regex item (and an ultra `line`) is cut around its first match,
   * with an ellipsis on each cut side, and the item says `line_truncated: true` and `line_offset`.
   */
  snippetLineMaxChars: 500,
  /** Minimum literal length that yields a trigram constraint. */
  trigramLength: 3,
  /** Trigrams a literal asks for at most: more narrow little and cost a posting-list read each. */
  trigramsPerLiteralMax: 12,
  /**
   * Up to this many distinct trigrams a literal asks for all of them; beyond, for every third and
   * the last, which still cover each of its characters. Measured on the kernel's case-sensitive
   * table: 2-3x cheaper FTS5 queries for `kmalloc_array`, `copy_from_user`, `spin_lock_irqsave`
   * (5.8 -> 1.8, 6.3 -> 2.6, 12.1 -> 4.6 ms) for 0.1-3% more candidates; for shorter literals the
   * skipped trigrams let in too many (`PM_RESUME`: 49 -> 218 candidates).
   */
  allTrigramsMax: 9,
} as const;

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

/** A PostgreSQL store (`--store postgres://…`). */
export const PG_STORE = {
  /** Waiting for a connection: past it the server counts as unreachable (UNAVAILABLE), not as slow. */
  connectTimeoutMs: 5_000,
  /**
   * One statement of a search, at most: above ENGINE.verifyBudgetMs (the scan checks its budget between
   * statements) and below SEARCH_POOL.hardTimeoutMs, so a statement stops with TIMEOUT before its worker is killed.
   */
  statementTimeoutMs: 10_000,
  /** Connections per process: a search worker reads on one at a time; the serving thread only asks the version. */
  poolMax: 2,
  /** Candidate and ranked rows fetched per round trip of a lazy scan. */
  scanBatchRows: 256,
  /** Memory for building the GIN indexes at the end of a bulk load (PostgreSQL's default, 64 MB, makes it several times slower). */
  maintenanceWorkMemMb: 256,
} as const;

/** Text encoding detection, shared by the indexer and live search. */
export const ENCODING = {
  /** chardet confidence (0-100) above which a non-UTF-8 guess is trusted (the live-search contract: > 70%). */
  detectMinConfidence: 70,
} as const;

/** How much of a search_code hit is shown. */
export const SEARCH_DISPLAY = {
  /** Highlighted lines kept per hit: enough to point at the match, few tokens. */
  highlightLinesMax: 20,
  /** Lines of a `compact` snippet. */
  compactLines: 3,
  /**
   * Highlight ranges kept per line and per item: a 300 KB minified line matched by `.` has 300,000
   * ranges (3 MB of JSON); a reader needs the first few to see the match. Past a cap the item
   * carries `highlights_truncated: true`.
   */
  highlightRangesPerLine: 50,
  highlightRangesPerItem: 200,
  /** Reference sites listed in a relationship answer (`references_total` counts them all). */
  referencesListed: 50,
} as const;

/**
 * The text a model reads of a tool reply (MCP text content, src/shape/*-text). It leaves out fields,
 * never hits: the JSON reply (structuredContent, REST, --json) keeps every field.
 */
export const TOOL_TEXT = {
  /** A row longer than this is cut around its first match: a model rarely needs more of one line to decide. */
  rowMaxChars: 160,
  /** An `ultra` row (one line per hit, the cheapest look) is cut shorter, still around its match. */
  ultraRowMaxChars: 100,
  /** Regex matches marked «…» per row: which part matched is news only for a pattern, and the first tells it. */
  marksPerRow: 1,
} as const;

/** The optional embeddings provider (src/embeddings): off unless an endpoint is configured. */
export const EMBEDDINGS = {
  /** Model asked for when none is named (an OpenAI embeddings model; a local server may ignore it). */
  defaultModel: 'text-embedding-3-small',
  /** Chunks sent in one request: a reply of 32 x 3072 floats is about 2 MB of JSON. */
  batchSize: 32,
  /** Characters of one chunk sent (path, symbol and text): about 1,000 tokens, far below the 8,191 an OpenAI model takes. */
  inputMaxChars: 4000,
  /** One request while indexing; a slower endpoint fails the pass, which the next `quarry index` resumes. */
  requestTimeoutMs: 30_000,
  /** The query's embedding at search time: past this the search answers with words alone and says so. */
  queryTimeoutMs: 5_000,
  /** A reply body larger than this is not read (a broken or hostile endpoint). */
  replyMaxBytes: 32 * 1024 * 1024,
  /** Widest vector accepted (the largest common models have 3,072 dimensions). */
  maxDimensions: 8192,
  /** Chunks embedded by one indexing pass, and its time; the rest waits for the next pass. */
  chunksPerPass: 50_000,
  passBudgetMs: 10 * 60_000,
  /**
   * Vector bytes a search worker loads to rank by similarity (a brute-force scan): 100,000 chunks
   * of 768 dimensions. Past it, searches rank by words alone and say so.
   */
  scanMaxBytes: 320 * 1024 * 1024,
  /** How many top hits of each ranking are fused; deeper pages follow the word ranking. */
  fusionDepth: 100,
  /** Reciprocal-rank fusion constant (Cormack et al. 2009): a hit's share is 1 / (k + rank). */
  rrfK: 60,
} as const;

/** Graph expansion and the extra retrievers of routed text queries (the query-routing contract). */
export const GRAPH_SEARCH = {
  /** Expanded results join at this fraction of their parent's score (the query-routing contract: 0.5). */
  expansionScoreFactor: 0.5,
  /** First results whose neighbours are expanded, and neighbours taken per relation. */
  expansionParents: 5,
  expansionPerRelation: 5,
  /** Extra hits (definitions, references, pattern matches) kept per query before ranking: bounds the work. */
  extrasMax: 300,
  /**
   * While a first build defers the graph's lookup indexes, a name's sites are read in one scan, up to
   * this many, and its total and page are taken from them (two scans otherwise: the count and the
   * page). A name with more sites is counted and paged as usual.
   */
  sitesReadWhileBuilding: 50_000,
} as const;

/**
 * The exact shortcut of an any-term BM25 page on SQLite (store/words-bound): FTS5's bm25 gives a
 * word in a row less than idf x (k1 + 1), so rows holding only common words cannot reach a page
 * whose last score is above the sum of those words' bounds, and are never scored.
 */
export const WORDS_BOUND = {
  /** FTS5's bm25 k1 (fixed inside SQLite, not a setting of ours). */
  fts5K1: 1.2,
  /** The bound is raised by this fraction: the JavaScript log and SQLite's may differ in the last bit. */
  margin: 1e-9,
  /** Cached chunk counts of index words, per index version. */
  docsCacheMax: 4096,
  /** Bounded tries (two questions each) before the whole expression is scored: a long prose query must not try every cut. */
  tries: 2,
  /** Groups up to which the sets of rows lacking some are counted out (2^n - 2 sets); a longer query starts from the rarest groups. */
  lackingGroupsMax: 6,
  /** Sets of rows lacking groups asked for one by one (a question each) after the rows holding every group; when the page needs more, the rarest groups are searched instead. */
  lackingSetsMax: 6,
  /**
   * Up to this many one-word groups, the exact total of their OR is counted from each word's chunks
   * less, for each word but the last, its ANDs with the later ones (`a AND (b OR c)`, `b AND c`: one
   * question fewer than words). On the kernel: 3 words 6-7 ms against 13-15 ms for counting the OR's
   * 273,986-307,179 rows (10-12 ms for the ANDs of every two or more words, 4 questions); 4 words
   * 11-32 against 14-44 ms, 6 words 9 against 20 ms.
   */
  unionCountGroupsMax: 8,
} as const;

/** Structured tool-call logs. */
export const TOOL_LOG = {
  /** String parameters longer than this are cut in the log line. */
  paramMaxChars: 200,
  /** Arrays longer than this are cut in the log line. */
  arrayMaxItems: 20,
  /** Values nested deeper than this are shown as a marker in the log line. */
  maxDepth: 8,
} as const;

/** Raw tool arguments, before any parser sees them. */
export const TOOL_INPUT = {
  /**
   * No tool's arguments nest deeper than 3 levels; JSON nested thousands deep
   * would overflow the stack of every recursive reader (schema, logger), so
   * it is refused before them.
   */
  maxDepth: 32,
} as const;

/** Result cache of the indexed search (per door process; keyed by index version, so never stale). */
export const SEARCH_CACHE = {
  maxEntries: 256,
  /**
   * Bytes (JSON length) of all cached answers together, least recently used evicted first: a
   * count alone lets 256 large answers hold hundreds of MB. An answer larger than this is not cached.
   */
  maxBytes: 16 * 1024 * 1024,
} as const;

/**
 * The pool of workers that runs indexed searches (search_code, find_references, REST project
 * search) off the HTTP/MCP thread, each with read-only SQLite connections (search/search-pool:
 * worker processes, since the re2 addon cannot be reloaded in a replacement thread).
 */
export const SEARCH_POOL = {
  /** Workers at most; default min(workersDefault, cores). Two keep one core for the serving thread and the indexer on small machines. */
  workersDefault: 2,
  workersMax: 16,
  /** Searches waiting for a worker before new ones are refused with UNAVAILABLE: bounds memory and queueing delay. */
  queueMax: 64,
  /**
   * Hard wall-clock limit of one search in a worker (from when the worker is ready), past which
   * the worker is killed and replaced and the caller gets TIMEOUT: catches work no budget check can reach (one long SQLite
   * statement). Above ENGINE.verifyBudgetMs plus the phrase check, so budgets stop first normally.
   */
  hardTimeoutMs: 15_000,
  hardTimeoutMsMin: 50,
  /** Indexes a worker keeps open (the served one plus recently searched projects); least recently used closed first. */
  storesPerWorker: 8,
  /** Heap of one worker: a search that tries to hold more fails alone instead of taking the server down. */
  workerHeapMb: 512,
  /** Times a worker's counting thread (store/counting-thread) is started again after it ended unasked; then its searches count alone. */
  countingThreadRestarts: 3,
  /**
   * Text queries a worker started ahead (SearchPool.prestart) runs on its SQLite index once it has
   * opened it, one at a time, until its first job comes, so that a session's first searches do not
   * pay for V8 compiling the ranking code (about half of their JavaScript time) and for the index's
   * first reads: the habit of Solr's firstSearcher queries. Common words of code, so they find
   * hits in most projects; a query that finds none warms the suggestions instead.
   */
  warmUpQueries: [
    'error handling', 'read file', 'parse config value', 'create user', 'open connection', 'start server',
    'update state', 'event handler', 'cache lookup', 'write buffer', 'close stream', 'check permission',
    'load data', 'send request', 'handle response', 'init module', 'free memory', 'lock timeout',
    'retry failed request', 'validate input', 'log message', 'test setup', 'list items', 'return error code',
  ],
  /** Warm-up stops once it has taken this long, whatever is left. */
  warmUpMaxMs: 3_000,
} as const;

/**
 * Searches while a door's index pass runs (`quarry mcp` and `quarry serve` index their folder at
 * start): a first build of a large tree takes minutes, longer than an agent waits for a tool call.
 */
export const INDEX_PASS = {
  /**
   * A search waits this long for the pass to end (a no-change refresh, or a small tree, is done by
   * then), and then answers from what the pass has committed, with a warning saying so
   * (QUARRY_INDEX_WAIT_MS, clamped to searchWaitMsMax).
   */
  searchWaitMs: 10_000,
  searchWaitMsMax: 3_600_000,
  /** While the pass has not yet created the index, a search tries to open it again this often. */
  openRetryMs: 100,
} as const;

/**
 * The first stage of a first build (ingest/first-stage): every file's byte trigrams, gathered on
 * every core before the SQLite index is written, so exact and regex searches answer for the whole
 * tree while the pass runs.
 */
export const FIRST_STAGE = {
  /**
   * A first build (an empty SQLite index) with at least this many bytes to prepare writes one
   * (QUARRY_FIRST_STAGE_MIN_BYTES): a smaller tree is indexed before a search stops waiting for it.
   */
  minBytes: 32 * 1024 * 1024,
  /** Files are handed to the threads in groups of this many, in turn. */
  groupFiles: 64,
  threadsMax: 8,
  /**
   * Postings name blocks of whole lines of about this many bytes, not files: a search reads only
   * the blocks that may hold a match, not the whole of a large file that holds each trigram somewhere.
   */
  blockBytes: 16 * 1024,
  /**
   * Candidate blocks read and verified per batch, and word hits read per batch in rank order for a
   * phrase check (the search's budget is checked between batches).
   */
  readBatchBlocks: 64,
  /** Expressions whose matching chunks a search worker keeps: a word search asks its count and its page of one. */
  matchedExpressionsKept: 4,
  /**
   * A thread hands on its shard once it holds this much text, and starts another: its postings are
   * then written while the next are built, and its memory (about 3 bytes of postings, tables and
   * slack per byte of text with the words) is bounded for any size of tree.
   */
  shardBytes: 64 * 1024 * 1024,
  /**
   * Decoded word lists a search worker keeps between the questions of a search and the searches
   * after it (search/first-stage-words): a common word of the kernel's is about 2 MB.
   */
  wordListsCacheBytes: 64 * 1024 * 1024,
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
  /**
   * "Did you mean" offers the whole query with a word corrected only up to this length; a longer
   * query (an issue pasted whole) gets the corrected words alone instead of its 400 characters back.
   */
  rewriteMaxChars: 80,
  /** Vocabulary terms examined per query term (a sorted range scan, so bounded). */
  vocabScan: 5000,
  maxEditDistance: 2,
} as const;

/** find_references: reference sites of a symbol. */
export const FIND_REFERENCES = {
  symbolMaxChars: 200,
  /** As search_code's repository filter. */
  repositoryMaxChars: 200,
  maxResults: { min: 1, max: 100, default: 50 },
  skip: { min: 0, max: 10_000, default: 0 },
  /** Definitions listed beside the references. */
  definitionsMax: 20,
} as const;

/** Live search over the file tree with fd and ripgrep (the live-search contract). */
export const LIVE = {
  /** list_files results: the live-search contract's "default 2000, hard-cap 10000"; larger values are clamped with a warning. */
  listLimit: { min: 1, max: 10_000, default: 2000 },
  /** find_and_grep files handed from fd to rg: the same caps as list_files. */
  fileLimit: { min: 1, max: 10_000, default: 2000 },
  /** Matches returned in full/group_by_file replies (display cap; totals keep counting past it). ~50 tokens each. */
  matchLimit: { min: 1, max: 2000, default: 200 },
  /** rg --max-filesize in bytes: the live-search contract's default 10M and hard cap 200M (a bigger file is rarely source and costs seconds). */
  maxFilesizeDefault: 10 * 1024 * 1024,
  maxFilesizeCap: 200 * 1024 * 1024,
  /** Wall clock of one search: the live-search contract's default 4000 ms and hard cap 30000 ms; the process is killed past it. */
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

/** The SÚKL medicines registry tools (the MCP contract) and their importer. */
export const MEDICINES = {
  /** The MCP contract: a search query longer than this is refused. */
  queryMaxChars: 200,
  /** The MCP contract: search-medicine `limit`, silently clamped into range. */
  searchLimit: { min: 1, max: 100, default: 20 },
  /** Paging offset of search-medicine (beyond the MCP contract): bounded so a page stays cheap. */
  searchOffset: { min: 0, max: 10_000, default: 0 },
  /** The MCP contract: get-atc-info `medicines_limit`, silently clamped into range. */
  atcMedicinesLimit: { min: 1, max: 100, default: 20 },
  /** The MCP contract: batch-check-availability takes at most this many codes (more is an error, not a slice). */
  batchMaxCodes: 50,
  /** find-pharmacies `limit` (beyond the MCP contract): a city like Praha has hundreds of pharmacies. */
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

/** Per-client rate limits (MCP's from the MCP contract, REST search's from the REST API contract). */
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

/**
 * Every ranking weight of search_code, in one place (measured on CoSQA dev: see README
 * "Relevance (CoSQA)"). Routed text queries put several retrievers on one score scale: BM25 first,
 * then extra hits (definitions, references, pattern matches) scored relative to the best BM25 score.
 */
export const RANKING = {
  /**
   * From this many terms on, a text query is a sentence, not a keyword list: hits are ranked by
   * BM25 over any of its terms (more terms matched scores higher) instead of requiring every term,
   * which drops the answer whenever it misses one word ("... in python"). Fewer terms: every term
   * first, any term only when that finds nothing.
   */
  anyTermMinTerms: 3,
  /** bm25 column weights (path, symbol, body): a word in a file's path or a definition's name says more than one in its body. */
  bm25Weights: { path: 3.0, symbol: 4.0, body: 1.0 },
  /** Extra hits are scaled from the best BM25 score, never from less than this: on tiny corpora BM25 scores are near 0. */
  extraScoreFloor: 1,
  /** A symbol question: definitions of the named symbol rank above every BM25 hit (2 x the best). */
  definitionBoost: 2,
  /** A relationship question is about the references (referenceBoost): its definitions rank just below them. */
  relationshipDefinitionBoost: 1.2,
  /** A definition whose name is the query's name exactly, not only case-insensitively, gets this much more. */
  exactNameBonus: 0.1,
  /** Reference sites of a relationship question and definitions fitting a name pattern rank above BM25 hits. */
  referenceBoost: 1.5,
  patternBoost: 1.5,
  /**
   * Within one retriever, its own order is kept by a small decay (1 - rank x rankDecayStep) that can
   * never outweigh the boosts above; ranks past rankDecayMaxRank decay no further.
   */
  rankDecayStep: 1e-4,
  rankDecayMaxRank: 999,
  /**
   * The first BM25 hits scored again by the second stage (search/rerank: BM25 with an IDF that
   * never reaches 0, file roles, named definitions). Past them the first stage's order stands.
   * CoSQA dev MRR was the same with 100 and 200; 100 costs half the work.
   */
  rerankPool: 100,
  /**
   * At most this many best rows of a first-stage statement keep their word counts for the second
   * stage (store/kept-hits): only its pool reads them, and a deep page (offset up to
   * CURSOR.maxOffset) would otherwise hold them for every row up to it.
   */
  keptHitsRowsMax: 1000,
  /**
   * The second stage's BM25 parameters: FTS5's own (k1 1.2, b 0.75). On CoSQA dev a grid of
   * b 0.85-1 and k1 0.8-1.2 gave 0.373-0.381, within the noise of 500 queries, so none is kept.
   */
  bm25K1: 1.2,
  bm25B: 0.75,
  /** Distinct index tokens whose chunk counts are remembered per index version (search/term-stats). */
  termStatsCacheMax: 4096,
  /**
   * Score multipliers for files that are not the code itself (text/file-roles), unless the query
   * points at them ("test", "docs", "vendor", a path under them): on SWE-bench Lite, docs/*.txt,
   * tests and extern/*.min.js filled the first places for issue texts about code.
   */
  rolePriors: { test: 0.5, docs: 0.5, vendored: 0.3, minified: 0.2 },
  /**
   * A query of at least this many words outside quotes is prose (an issue, a message): its quoted
   * strings ("GROUP BY", "a") are evidence, not phrases every hit must contain (21 of 300
   * SWE-bench Lite issues found nothing when they were requirements), and its "uses" or "process"
   * do not make it a relationship or flow question. Typed searches are shorter: CoSQA's web queries
   * have 14 words at most, and 8, 10 or 12 here gave the same dev MRR.
   */
  proseMinWords: 10,
  /** A chunk holding a quoted string of a prose query scores this many times more. */
  quotedPhraseFactor: 1.5,
  /**
   * In the first page, at most this many chunks of one file (unless the query names a file):
   * an agent asking "where" gets several places, and the rest of a file's chunks follow the page.
   */
  perFileInFirstPage: 2,
  /**
   * The first page is spread over files from the first re-scored pool of ranked hits; when that
   * prefix cannot fill it (the best hits crowd a few files), from the first this many, which
   * reads as many BM25 hits. Either prefix is the same for every page of a query.
   */
  firstPageScanMax: 320,
  /**
   * Definitions named by the query's words (`validate token` -> validateToken, validate_token),
   * looked up in the symbol table: at most this many candidate names (adjacent runs of up to
   * nameRunMaxWords words) and this many definitions per name.
   */
  nameCandidatesMax: 48,
  nameRunMaxWords: 3,
  nameDefinitionsPerName: 20,
  /** A definition the query names scores at least this many times the best chunk that only mentions its name. */
  definitionLead: 1.05,
} as const;

/** Bounds of every FTS5 MATCH expression Quarry builds (search/fts-expression). */
export const FTS_EXPRESSION = {
  /**
   * Nested groups at most. FTS5's parser stack overflows near 35 nested groups (measured on
   * SQLite 3.53); deeper parts of a plan are left out, which only widens the candidates.
   */
  maxDepth: 16,
  /** Strings at most: a flat OR of 1000 trigrams costs ~25 ms to parse, 20,000 ~3 s; more terms narrow little. */
  maxTerms: 256,
} as const;

/** Quoted phrases of text queries: each candidate's text is tokenised and checked (the word index keeps no positions). */
export const PHRASE_CHECK = {
  /**
   * Candidates (in rank order) whose text is checked before the answer stops with `total_partial`:
   * about 0.5 s of work on our machines, so a phrase of common words cannot hold a door for long.
   */
  maxCandidates: 20_000,
  /** Characters of candidate text checked at most, the same bound for large chunks. */
  maxChars: 40 * 1024 * 1024,
} as const;

/** The web page for people. */
export const WEB = {
  /** The file view sends the whole file; bigger files are refused (search them instead), so one request stays small. */
  fileViewMaxBytes: 2 * 1024 * 1024,
  /** Project progress events: how often the server looks for a change (an index build commits in batches). */
  progressPollMs: 250,
  /** First-load budget of the page, gzipped JS + CSS (the build prints it and fails above it). */
  firstLoadMaxGzipBytes: 150 * 1024,
} as const;

/**
 * locate: issue-sized text in (title, prose, stack traces, code, logs), ranked files out.
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

/**
 * Every ranking weight of locate, in one place (tuned on the SWE-bench Lite dev half only: see
 * README "Relevance (SWE-bench Lite)"). A file's score is the weighted sum of its evidence
 * (locate/evidence), times the prior of its kind unless the text names the file.
 */
export const LOCATE_RANKING = {
  /** Weight of each kind of evidence (see FEATURES in locate/evidence). */
  features: {
    pathNamed: 2,
    pathShared: 1,
    frame: 0.5,
    frameInnermost: 1.5,
    module: 1,
    moduleShared: 0.25,
    defines: 1,
    definesWord: 0.5,
    definesMember: 1,
    uses: 0.5,
    message: 2,
    words: 3,
    titleWords: 1,
    pathWords: 1.5,
  },
  /** A word of the title, or one written as code, says more than a word of the prose. */
  titleBoost: 2,
  codeBoost: 1.5,
  /** Whole-file BM25 (k1: term frequency saturation; b: length normalisation). */
  bm25K1: 1.2,
  bm25B: 0.75,
  /** Prior by file kind: tests, docs, examples, vendored and generated files start lower unless the text names them. */
  kindPrior: { source: 1, test: 0.3, doc: 0.3, example: 0.4, vendored: 0.2, generated: 0.2, data: 0.3 },
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
  /** The search_code baseline that locate is measured against: the first 50 words of the issue (the contract's limit), two pages of 20. */
  baselineWords: 50,
  baselinePages: 2,
  baselinePageSize: 20,
} as const;
