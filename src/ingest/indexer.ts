/**
 * @module ingest/indexer
 * `quarry index`: brings the index of a folder up to date. Unchanged files
 * (same size and mtime, else same content hash) are skipped, changed ones
 * replaced, vanished ones deleted. Writes go in bounded transactions through
 * the store's one writer (store/store); each one that changes content
 * publishes the next index version in that same transaction, so an
 * interrupted run leaves a consistent, usable index, caches keyed by version
 * stay honest, and the next run resumes from what was committed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { INGEST } from '../contracts/limits.js';
import { STORE } from '../store/store-tuning.js';
import { registerTextDictionary } from '../store/chunk-text.js';
import { dictionarySamples } from './dictionary-samples.js';
import { message } from '../contracts/messages/index.js';
import { openStore } from '../store/open-store.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import type { FileWrite, IndexWriter, Store, StoredFileState, StoreLocation } from '../store/store.js';
import { displayLocation, resolveStoreLocation } from '../store/store-location.js';
import { yieldToWriters } from '../store/write-queue.js';
import { CONTENT_FORMAT } from '../store/schema.js';
import type { PendingPrepare, PrepareTimes } from './prepare-pool.js';
import type { EmbeddingsConfig } from '../embeddings/config.js';
import type { EmbeddingSummary } from '../embeddings/embed-pass.js';
import { needsPreparing, planIndexPass, type IndexPlan } from './index-plan.js';
import { resolveRoot } from '../fs/root.js';
import { walkFolder, type SkippedFile, type SkipReason, type WalkedFile } from './walk.js';
import { listingsPathFor, loadFolderListings, saveFolderListings } from './folder-listings.js';
import { binaryFilesPathFor, loadBinaryFiles, saveBinaryFiles, type BinaryFiles } from './binary-files.js';
import { readGitIndex, vouchedBlobs } from './git-tree.js';
import { phaseClock, roundedPhases, type PassPhases } from './pass-phases.js';
import { firstStageMinBytes, firstStagePath, firstStageWordsPath, removeFirstStage, type FirstStageSummary } from '../store/first-stage/first-stage-files.js';

export interface IndexOptions {
  root: string;
  /** SQLite index file (default ROOT/.quarry/index.db); `store` names any store instead. */
  indexPath?: string;
  store?: StoreLocation;
  maxFileBytes?: number;
  /** Name the files are searched under (`repository`); defaults to the folder's name. */
  repository?: string;
  onProgress?: (progress: IndexProgress) => void;
  /** Extract symbols and edges with tree-sitter (default true). */
  symbols?: boolean;
  /** Worker threads that read and parse files while this thread writes (0: all in this thread; default: one per core beyond this one when there is enough to do). */
  workers?: number;
  /** Old-generation heap cap of each prepare worker, MB (default INGEST.prepareWorkerHeapMb). */
  workerHeapMb?: number;
  /**
   * The serving process's count of writes waiting for this index (store/write-queue, shared
   * memory): each transaction of the pass waits for it to drop to 0 first (bounded), so
   * uploads go between index transactions.
   */
  writersWaiting?: Int32Array;
  /**
   * The optional embeddings endpoint: after the word index, chunks without a vector are embedded
   * (embeddings/embed-pass). Only `quarry index` passes it: a serving process's refreshes, whose
   * first pass searches wait for, stay word-only.
   */
  embeddings?: EmbeddingsConfig | null;
  /** A pass with this much to prepare builds the index's chunk-text dictionary when it has none (default STORE.textDictionaryMinBytes). */
  textDictionaryMinBytes?: number;
  /** A first build of a SQLite index with this much to prepare writes a first stage (default: QUARRY_FIRST_STAGE_MIN_BYTES, else FIRST_STAGE.minBytes). */
  firstStageMinBytes?: number;
}

export interface IndexProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  elapsedMs: number;
}

export interface IndexSummary {
  root: string;
  index: string;
  repository: string;
  files: number;
  bytes: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Files read this pass (new, or of another size, mtime or git blob); every other file was taken as unchanged unread. */
  read: number;
  chunks: number;
  skipped: number;
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  skipped_files: SkippedFile[];
  duration_ms: number;
  index_bytes: number;
  index_version: number;
  /** The first stage this pass wrote before the index (ingest/first-stage), and removed at its end; `ready_ms` after the pass started. */
  first_stage?: FirstStageSummary & { ready_ms: number };
  /** The first stage's words, written after its trigrams (absent when they could not be). */
  first_stage_words?: FirstStageSummary & { ready_ms: number };
  /** Peak resident memory of this process so far (prepare workers are threads of it). */
  peak_rss_bytes: number;
  /** Files the indexing thread prepared itself while prepare workers ran (it takes files when it would otherwise wait for them). */
  prepared_in_thread: number;
  /** Prepare workers that ran out of heap; the files they held were prepared in the indexing thread. */
  prepare_worker_restarts: number;
  /** The pass outgrew its thread's heap cap (INGEST.indexHeapMb) and was run again without it, resuming (ingest/index-runner). */
  index_heap_retried?: true;
  /** CPU time of this process during the run, all threads: cpu_ms / duration_ms is how many cores the run kept busy. */
  cpu_ms: number;
  /** The embedding pass, when embeddings are on (its `error` says why it stopped early). */
  embeddings?: EmbeddingSummary;
  /** Where the pass's wall time went (ingest/pass-phases). */
  phases: PassPhases;
}

/** Skipped paths listed in a summary; the counts by reason are always complete. */
const SKIPPED_LISTED_MAX = 100;

interface InFlight {
  entry: WalkedFile;
  state: StoredFileState | undefined;
  pending: PendingPrepare;
}

export async function indexFolder(options: IndexOptions): Promise<IndexSummary> {
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const clock = phaseClock();
  const root = resolveRoot(options.root);
  const location = options.store ?? resolveStoreLocation({ root, index: options.indexPath, env: {} });
  const repository = options.repository ?? path.basename(root);
  const maxFileBytes = options.maxFileBytes ?? INGEST.maxFileBytesDefault;
  const store = await openStore(location, { create: true, root });
  const writer = await store.openWriter().catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  try {
    const sourceId = await writer.ensureSource(repository, root);
    const stored = await writer.fileStates(sourceId);
    // Rows written in an older content format are stale: re-prepare every file (same size and hash or not).
    let staleFormat = await writer.contentFormat() !== CONTENT_FORMAT;
    if (staleFormat && (await writer.counts()).files === 0) {
      // An empty index holds nothing stale: its format is today's from the first row on, so an interrupted first build resumes.
      await writer.setContentFormat(CONTENT_FORMAT);
      staleFormat = false;
    }
    clock.lap('open');
    const sidecars = sidecarBase(location, root);
    const listingsPath = listingsPathFor(sidecars);
    const previousListings = loadFolderListings(listingsPath, root);
    // Git's index is read while the walk runs (a child process); outside a git work tree it vouches for nothing.
    const gitIndex = readGitIndex(root);
    const walked = walkFolder(root, { maxFileBytes, previous: previousListings });
    if (walked.foldersListed > 0 || walked.folders.size !== previousListings.size) saveFolderListings(listingsPath, root, walked.folders);
    const blobs = vouchedBlobs(await gitIndex, walked.files);
    const binaryPath = binaryFilesPathFor(sidecars);
    const binary = loadBinaryFiles(binaryPath, root);
    clock.lap('walk');
    const plan = planIndexPass({
      storeKind: location.kind, walked: walked.files, stored, staleFormat, blobs, binary,
      // Loading an empty index: secondary indexes are built once at the end (see IndexWriter.beginBulkLoad).
      emptyIndex: (await writer.counts()).files === 0,
      bulkLoadMinBytes: INGEST.bulkLoadMinBytes,
      firstStageMinBytes: options.firstStageMinBytes ?? firstStageMinBytes(process.env),
      textDictionaryMinBytes: options.textDictionaryMinBytes ?? STORE.textDictionaryMinBytes,
    });
    const done = await executeIndexPlan(plan, { options, root, repository, location, store, writer, sourceId, walkedFiles: walked.files, stored, staleFormat, blobs, started, clock });
    rememberBinaryFiles(binaryPath, root, binary, plan, done.skipped, blobs);

    const counts = await writer.counts();
    const skipped = [...walked.skipped, ...done.skipped];
    const byReason: Partial<Record<SkipReason, number>> = {};
    for (const s of skipped) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
    const indexVersion = await writer.indexVersion();
    const writes = writer.writeTimes?.();
    await writer.close();
    const indexBytes = await store.sizeBytes();
    clock.lap('close');
    return {
      root, index: displayLocation(location), repository,
      files: walked.files.length - skipped.filter((s) => s.reason === 'binary' || s.reason === 'unreadable').length,
      bytes: plan.bytesTotal,
      added: done.added, updated: done.updated, unchanged: done.unchanged, deleted: done.deleted, read: plan.toPrepare.length,
      chunks: counts.chunks,
      skipped: skipped.length,
      skipped_by_reason: byReason,
      skipped_files: skipped.slice(0, SKIPPED_LISTED_MAX),
      duration_ms: Date.now() - started,
      index_bytes: indexBytes,
      index_version: indexVersion,
      peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
      prepared_in_thread: done.preparedInThread,
      prepare_worker_restarts: done.workerRestarts,
      cpu_ms: cpuMs(process.cpuUsage(cpuAtStart)),
      ...(done.firstStage ? { first_stage: done.firstStage } : {}),
      ...(done.firstStageWords ? { first_stage_words: done.firstStageWords } : {}),
      ...(done.embedded ? { embeddings: done.embedded } : {}),
      phases: roundedPhases({ sequential_ms: clock.ms, prepare: done.prepareTimes, ...(writes ? { writes } : {}) }),
    };
  } finally {
    // Searches use a first stage only while the pass runs: it goes with the pass, whole or failed.
    if (location.kind === 'sqlite') removeFirstStage(firstStagePath(location.file));
    await writer.close();
    await store.close();
  }
}

/** What the executing step works with: the pass's options and the store as opened for it. */
interface PassContext {
  options: IndexOptions;
  root: string;
  repository: string;
  location: StoreLocation;
  store: Store;
  writer: IndexWriter;
  sourceId: number;
  /** The walk's files, in walk order, and the index's files as stored when the pass began. */
  walkedFiles: readonly WalkedFile[];
  stored: ReadonlyMap<string, StoredFileState>;
  staleFormat: boolean;
  /** Blob ids git vouches for, by path (ingest/git-tree). */
  blobs: ReadonlyMap<string, string>;
  /** When the pass started (Date.now()), for progress and the first stage's ready time. */
  started: number;
  clock: ReturnType<typeof phaseClock>;
}

/** What the executing step did, for the summary. */
interface PassOutcome {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Files the preparer found unreadable or binary (the walk's own skips are the walk's). */
  skipped: SkippedFile[];
  preparedInThread: number;
  workerRestarts: number;
  firstStage: (FirstStageSummary & { ready_ms: number }) | null;
  firstStageWords: (FirstStageSummary & { ready_ms: number }) | null;
  embedded: EmbeddingSummary | undefined;
  prepareTimes: PrepareTimes;
}

/**
 * The executing step: runs `plan` against the open writer. Files are prepared (in worker threads
 * when there is enough to do) and written in bounded transactions, outcomes handled in walk order
 * so the summary does not depend on the threads; then vanished files are deleted and what a bulk
 * load or a stale format deferred is built.
 */
async function executeIndexPlan(plan: IndexPlan, pass: PassContext): Promise<PassOutcome> {
  const { options, root, repository, location, writer, sourceId, stored, staleFormat, blobs, started, walkedFiles, clock } = pass;
  let added = 0, updated = 0, unchanged = 0, bytesDone = 0, filesDone = 0;
  let pending: FileWrite[] = [];
  let pendingBytes = 0;
  const touches: { id: number; size: number; mtimeMs: number }[] = [];
  // Files still binary as an earlier pass found them: skipped as then, unread.
  const skipped: SkippedFile[] = plan.knownBinary.map((entry) => ({ path: entry.relPath, reason: 'binary' }));
  const knownBinary = new Set(plan.knownBinary);
  // Stored files that can no longer be read as text: deleted with the vanished ones.
  const unreadableStored: StoredFileState[] = [];

  const flush = async () => {
    if (pending.length === 0 && touches.length === 0) return;
    const batch = pending;
    const batchTouches = touches.splice(0);
    pending = [];
    pendingBytes = 0;
    await yieldToWriters(options.writersWaiting);
    await writer.apply({ sourceId, touches: batchTouches, writes: batch, deletes: [] });
  };

  const { toPrepare, bytesToPrepare } = plan;
  clock.lap('plan');
  // A pass that changes much of its index counts the words once at the end instead of keeping them up
  // (store/word-docs), so the indexes made sure of first do not count them too.
  const wordCountsDeferred = plan.mayDeferWordCounts && await writer.deferWordCounts(plan.bytesChanged, (await writer.counts()).chunks);
  // A first build of a large tree: every file's trigrams first, so exact and regex searches answer for the whole
  // tree while the index is written; a first stage left by an earlier pass is stale either way.
  const stageFile = location.kind === 'sqlite' ? firstStagePath(location.file) : null;
  if (stageFile) removeFirstStage(stageFile);
  // It only spares searches a wait: a first stage that fails (a full disk, a thread that died) leaves the pass as it was.
  // Its writer (and the native builders it loads) only when one is wanted.
  const writeStage = (file: string, part: 'grams' | 'words') => import('./first-stage.js')
    .then(({ writeFirstStage }) => writeFirstStage(file, root, repository, toPrepare, part))
    .then((stage) => stage && { ...stage, ready_ms: Date.now() - started }, () => null);
  const firstStage = plan.firstStage && stageFile ? await writeStage(stageFile, 'grams') : null;
  clock.lap('first_stage');
  // Then its words, so word searches rank every file too, before the index's own writing takes both cores.
  const firstStageWords = firstStage ? await writeStage(firstStageWordsPath(stageFile!), 'words') : null;
  clock.lap('first_stage_words');
  if (plan.bulkLoad) await writer.beginBulkLoad(); else await writer.ensureIndexes({ wordCounts: !wordCountsDeferred });
  clock.lap('plan');
  // Chunk text is packed by whoever prepares the file (store/chunk-text), not by the one writer; PostgreSQL keeps it plain.
  const packText = plan.packText;
  // The index's dictionary for that text: a large enough pass learns one from its files when the index has none.
  // A pass with nothing to prepare packs nothing: it does not read the dictionary either.
  const textDictionary = plan.textDictionary === 'none' ? null
    : await writer.textDictionary(plan.textDictionary === 'learn' ? () => dictionarySamples(toPrepare, Math.min(STORE.textDictionarySampleBytes, bytesToPrepare / 4)) : null);
  const dictionaryId = textDictionary ? registerTextDictionary(textDictionary) : null;
  clock.lap('dictionary');
  // A pass with nothing to prepare (no file changed) loads no preparer: its modules (tree-sitter's among them) are a tenth of such a pass.
  const preparer = !plan.preparer ? null : (await import('./prepare-pool.js')).openPreparer({
    symbols: options.symbols !== false, workers: options.workers, workerHeapMb: options.workerHeapMb, bytesToPrepare, textDictionary,
  });
  const inFlight: InFlight[] = [];
  let inFlightBytes = 0;
  const settleOldest = async () => {
    const { entry, state, pending: job } = inFlight.shift()!;
    inFlightBytes -= entry.size;
    const outcome = await job.settle();
    if (outcome.kind === 'unreadable' || outcome.kind === 'binary') {
      skipped.push({ path: entry.relPath, reason: outcome.kind });
      if (state) unreadableStored.push(state); // delete it below: it can no longer be read as text
    } else if (outcome.kind === 'same') {
      unchanged++;
      touches.push({ id: state!.id, size: entry.size, mtimeMs: entry.mtimeMs });
    } else {
      if (state) updated++; else added++;
      const { file, chunks, symbols, edges } = outcome.prepared;
      pending.push({ replaceId: state?.id ?? null, rewrite: staleFormat, file, chunks, symbols, edges });
      pendingBytes += entry.size;
      if (pending.length >= INGEST.filesPerTransaction || pendingBytes >= INGEST.bytesPerTransaction) await flush();
    }
  };

  let preparedInThread = 0, workerRestarts = 0;
  let prepareTimes: PrepareTimes = { waited_ms: 0, in_thread_ms: 0, workers_busy_ms: 0 };
  let lastProgress = 0;
  const progressEvery = 1000 / INGEST.progressHz;
  const progress = (now: number) => options.onProgress?.({ filesDone, filesTotal: walkedFiles.length, bytesDone, bytesTotal: plan.bytesTotal, elapsedMs: now - started });
  try {
    for (const entry of walkedFiles) {
      filesDone++;
      bytesDone += entry.size;
      const state = stored.get(entry.relPath);
      if (knownBinary.has(entry)) {
        // counted with the skipped files above
      } else if (!needsPreparing(entry, state, staleFormat, blobs.get(entry.relPath))) {
        unchanged++;
        // The same blob at another mtime (a checkout wrote it again): the row takes the mtime, so a pass without git agrees.
        if (state!.mtimeMs !== entry.mtimeMs) touches.push({ id: state!.id, size: entry.size, mtimeMs: entry.mtimeMs });
      } else {
        // Only files of plan.toPrepare get here: the preparer exists. In a stale format no stored hash counts as the same.
        const pending = preparer!.prepare({
          relPath: entry.relPath, absPath: entry.absPath, mtimeMs: entry.mtimeMs, storedHash: state ? (staleFormat ? '' : state.hash) : null, packText, dictionaryId,
        });
        inFlight.push({ entry, state, pending });
        inFlightBytes += entry.size;
        while (inFlight.length >= preparer!.window.files || (inFlight.length > 0 && inFlightBytes >= preparer!.window.bytes && preparer!.window.bytes > 0)) {
          await settleOldest();
        }
      }
      const now = Date.now();
      if (options.onProgress && now - lastProgress >= progressEvery) {
        lastProgress = now;
        progress(now);
      }
    }
    while (inFlight.length > 0) await settleOldest();
  } finally {
    preparedInThread = preparer?.preparedInThread ?? 0;
    workerRestarts = preparer?.workerRestarts ?? 0;
    await preparer?.close();
    if (preparer) prepareTimes = preparer.times;
  }
  await flush();
  clock.lap('prepare_and_write');

  // Files that vanished from the folder, and stored ones that became unreadable or binary.
  const deletes = [...plan.vanished, ...unreadableStored];
  for (let i = 0; i < deletes.length; i += INGEST.filesPerTransaction) {
    const slice = deletes.slice(i, i + INGEST.filesPerTransaction);
    await yieldToWriters(options.writersWaiting);
    await writer.apply({ sourceId, touches: [], writes: [], deletes: slice.map((state) => state.id) });
  }
  clock.lap('removals');
  // Recorded only once every file was re-prepared: an interrupted run starts over.
  if (staleFormat) await writer.setContentFormat(CONTENT_FORMAT);
  // What a bulk load deferred, and what rows in an older format kept from being kept up (the words' counts, store/word-docs).
  if (plan.bulkLoad || staleFormat || wordCountsDeferred) { await yieldToWriters(options.writersWaiting); await writer.ensureIndexes(); }
  progress(Date.now());
  clock.lap('finalize');
  const embeddings = options.embeddings ?? null;
  const embedded = !embeddings ? undefined : pass.store instanceof SqliteIndex
    ? await embedWith(pass.store, embeddings, options.writersWaiting)
    : noVectorsHere(embeddings.model, (await writer.counts()).chunks);
  clock.lap('embeddings');
  return {
    added, updated, unchanged, deleted: deletes.length, skipped, preparedInThread, workerRestarts, firstStage, firstStageWords, embedded, prepareTimes,
  };
}

/**
 * Keeps the pass's binary files for the next one: those it took as still binary and those the
 * preparer found binary, with their git blob id where git vouched for one. Written only when that
 * changed what was remembered.
 */
function rememberBinaryFiles(
  file: string, root: string, before: BinaryFiles, plan: IndexPlan, skipped: readonly SkippedFile[], blobs: ReadonlyMap<string, string>,
): void {
  const walked = new Map(plan.toPrepare.map((entry) => [entry.relPath, entry]));
  const now: BinaryFiles = new Map();
  for (const entry of plan.knownBinary) now.set(entry.relPath, before.get(entry.relPath)!);
  for (const { path: relPath, reason } of skipped) {
    const entry = reason === 'binary' ? walked.get(relPath) : undefined;
    if (entry) now.set(relPath, { size: entry.size, mtimeMs: entry.mtimeMs, blob: blobs.get(relPath) ?? null });
  }
  const same = now.size === before.size && [...now].every(([relPath, known]) => {
    const was = before.get(relPath);
    return was !== undefined && was.size === known.size && was.mtimeMs === known.mtimeMs && was.blob === known.blob;
  });
  if (!same) saveBinaryFiles(file, root, now);
}

/**
 * Where a pass keeps what it remembers for the next (the walk's folder listings, the binary files):
 * beside a SQLite index, named after it; for a PostgreSQL store, in the folder's own .quarry (where
 * its SQLite index would be), named after the store. A folder that cannot be written to keeps
 * nothing: the next pass lists every folder and reads every binary file again.
 */
function sidecarBase(location: StoreLocation, root: string): string {
  if (location.kind === 'sqlite') return location.file;
  const folder = path.join(root, '.quarry');
  try { fs.mkdirSync(folder, { recursive: true }); } catch { /* read-only: saving fails quietly too */ }
  const store = createHash('sha256').update(displayLocation(location)).digest('hex').slice(0, 16);
  return path.join(folder, `postgres-${store}`);
}

/** The embedding pass, its modules loaded only when embeddings are on. */
async function embedWith(store: SqliteIndex, embeddings: EmbeddingsConfig, writersWaiting: Int32Array | undefined): Promise<EmbeddingSummary> {
  const [{ embedMissingChunks }, { OpenAiEmbeddings }] = await Promise.all([import('../embeddings/embed-pass.js'), import('../embeddings/openai-embeddings.js')]);
  return embedMissingChunks(store.sqlite, new OpenAiEmbeddings(embeddings), { writersWaiting });
}

/** Vectors are kept in SQLite indexes only: the pass of a PostgreSQL index says so in its summary, and the word index is complete. */
function noVectorsHere(model: string, missing: number): EmbeddingSummary {
  return {
    model, embedded: 0, missing, vectors: 0, duration_ms: 0,
    error: { code: 'INVALID_ARGUMENT', message: message('store.vectors_not_stored', { missing }) },
  };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return Math.round((usage.user + usage.system) / 1000);
}
