/**
 * @module contracts/limits
 * Every cap and default a caller of Quarry meets, written once with the reason for it. Tuning a
 * caller never sees lives beside the code that owns it (store/store-tuning, store/ranking-weights,
 * store/postgres/pg-tuning, locate/locate-weights); the evaluations' settings are bench/'s.
 * Engine budgets (how much work a search may do) are kept apart from display
 * caps (how much of the result a caller sees), so truncating for display never
 * drops the best results before ranking.
 */

// The limits of the larger doors and tools, each in its own file; importers name this module.
export * from './ingest-limits.js';
export * from './live-limits.js';
export * from './medicines-limits.js';
export * from './http-limits.js';
export * from './locate-limits.js';

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
   * Lines of context before and after the matched line of an exact or regex hit (its snippet; fewer
   * only at the file's edges): a bare line rarely says what it belongs to, and two lines each side is
   * what `rg -C2` shows. `compact` still cuts the snippet to compactLines,
   * `ultra` to the line alone.
   */
  lineContextLines: 2,
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

/** The tool definitions an agent reads (MCP tools/list) before its first call, in every session. */
export const TOOL_LIST = {
  /**
   * o200k tokens of the default tools/list (the code and live groups) as JSON. Every agent pays it
   * at the start of every session, so descriptions say when to use a tool and what a parameter's
   * name and schema do not, once; find_and_grep names list_files' and search_content's parameters.
   * It was 4,994 before they did (docs/benchmarks.md); src/server/mcp-default-groups.test.ts checks it.
   */
  defaultTokensMax: 2_500,
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
