/**
 * @module ingest/indexer
 * `quarry index`: brings the index of a folder up to date. Unchanged files
 * (same size and mtime, else same content hash) are skipped, changed ones
 * replaced, vanished ones deleted. Writes go in bounded transactions; each one
 * that changes content bumps the index version, so an interrupted run leaves a
 * consistent, usable index and caches keyed by version stay honest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INGEST } from '../contracts/limits.js';
import { catalogueError } from '../contracts/errors.js';
import { SqliteStore, defaultIndexPath } from '../store/sqlite-store.js';
import { yieldToWriters } from '../store/write-queue.js';
import { CONTENT_FORMAT } from '../store/schema.js';
import type { PreparedFile } from './prepare-file.js';
import type { PrepareOutcome } from './prepare-job.js';
import { openPreparer } from './prepare-pool.js';
import { walkFolder, type SkippedFile, type SkipReason, type WalkedFile } from './walk.js';

export interface IndexOptions {
  root: string;
  indexPath?: string;
  maxFileBytes?: number;
  /** Name the files are searched under (`repository`); defaults to the folder's name. */
  repository?: string;
  onProgress?: (progress: IndexProgress) => void;
  /** Extract symbols and edges with tree-sitter (default true). */
  symbols?: boolean;
  /** Worker threads that read and parse files while this thread writes (0: all in this thread; default: one per core beyond this one when there is enough to do). */
  workers?: number;
  /**
   * The serving process's count of writes waiting for this index (store/write-queue, shared
   * memory): each transaction of the pass waits for it to drop to 0 first (bounded), so
   * uploads go between index transactions.
   */
  writersWaiting?: Int32Array;
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
  chunks: number;
  skipped: number;
  skipped_by_reason: Partial<Record<SkipReason, number>>;
  skipped_files: SkippedFile[];
  duration_ms: number;
  index_bytes: number;
  index_version: number;
  /** Peak resident memory of this process so far. */
  peak_rss_bytes: number;
}

/** Skipped paths listed in a summary; the counts by reason are always complete. */
const SKIPPED_LISTED_MAX = 100;

interface InFlight {
  entry: WalkedFile;
  state: { id: number; size: number; mtimeMs: number; hash: string } | undefined;
  outcome: Promise<PrepareOutcome>;
}

interface PendingWrite {
  replaceId: number | null;
  prepared: PreparedFile;
}

export function resolveRoot(root: string): string {
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(root));
  } catch {
    throw catalogueError('NOT_FOUND', { key: 'index.root_missing', params: { root } });
  }
  if (!fs.statSync(real).isDirectory()) throw catalogueError('INVALID_ARGUMENT', { key: 'index.root_missing', params: { root } });
  return real;
}

export async function indexFolder(options: IndexOptions): Promise<IndexSummary> {
  const started = Date.now();
  const root = resolveRoot(options.root);
  const indexPath = path.resolve(options.indexPath ?? defaultIndexPath(root));
  const repository = options.repository ?? path.basename(root);
  const maxFileBytes = options.maxFileBytes ?? INGEST.maxFileBytesDefault;
  const store = SqliteStore.open(indexPath, { create: true });
  try {
    const sourceId = store.transaction(() => store.ensureSource(repository, root));
    const stored = store.fileStates(sourceId);
    // Rows written in an older content format are stale: re-prepare every file (same size and hash or not).
    const staleFormat = store.contentFormat() !== CONTENT_FORMAT;
    if (staleFormat) for (const state of stored.values()) { state.mtimeMs = -1; state.hash = ''; }
    const walked = walkFolder(root, { maxFileBytes });
    const skipped = [...walked.skipped];
    const bytesTotal = walked.files.reduce((sum, f) => sum + f.size, 0);
    let added = 0, updated = 0, unchanged = 0, bytesDone = 0, filesDone = 0;
    let pending: PendingWrite[] = [];
    let pendingBytes = 0;
    const touches: { id: number; size: number; mtimeMs: number }[] = [];

    const flush = async () => {
      if (pending.length === 0 && touches.length === 0) return;
      const batch = pending;
      const batchTouches = touches.splice(0);
      pending = [];
      pendingBytes = 0;
      await yieldToWriters(options.writersWaiting);
      store.transaction(() => {
        for (const t of batchTouches) store.touchFile(t.id, t.size, t.mtimeMs);
        for (const write of batch) {
          if (write.replaceId !== null) store.deleteFile(write.replaceId);
          store.insertFile(sourceId, write.prepared.file, write.prepared.chunks, write.prepared.symbols, write.prepared.edges);
        }
        if (batch.length > 0) store.bumpIndexVersion();
      });
    };

    // Files whose size or mtime changed are read, hashed and prepared, in worker threads when
    // there is enough to do; outcomes are handled in walk order, so the summary does not depend on it.
    let bytesToPrepare = 0;
    for (const entry of walked.files) {
      const state = stored.get(entry.relPath);
      if (!state || state.size !== entry.size || state.mtimeMs !== entry.mtimeMs) bytesToPrepare += entry.size;
    }
    // Loading an empty index: secondary indexes are built once at the end (see SqliteStore.dropSecondaryIndexes).
    const bulkLoad = bytesToPrepare >= INGEST.bulkLoadMinBytes && store.counts().files === 0;
    if (bulkLoad) store.dropSecondaryIndexes(); else store.ensureIndexes();
    const preparer = openPreparer({
      symbols: options.symbols !== false, workers: options.workers, bytesToPrepare,
    });
    const inFlight: InFlight[] = [];
    let inFlightBytes = 0;
    const settleOldest = async () => {
      const { entry, state, outcome: pendingOutcome } = inFlight.shift()!;
      inFlightBytes -= entry.size;
      const outcome = await pendingOutcome;
      if (outcome.kind === 'unreadable' || outcome.kind === 'binary') {
        skipped.push({ path: entry.relPath, reason: outcome.kind });
        if (state) stored.set(entry.relPath, state); // delete it below: it can no longer be read as text
      } else if (outcome.kind === 'same') {
        unchanged++;
        touches.push({ id: state!.id, size: entry.size, mtimeMs: entry.mtimeMs });
      } else {
        if (state) updated++; else added++;
        pending.push({ replaceId: state?.id ?? null, prepared: outcome.prepared });
        pendingBytes += entry.size;
        if (pending.length >= INGEST.filesPerTransaction || pendingBytes >= INGEST.bytesPerTransaction) await flush();
      }
    };

    let lastProgress = 0;
    const progressEvery = 1000 / INGEST.progressHz;
    try {
      for (const entry of walked.files) {
        filesDone++;
        bytesDone += entry.size;
        const state = stored.get(entry.relPath);
        stored.delete(entry.relPath);
        if (state && state.size === entry.size && state.mtimeMs === entry.mtimeMs) {
          unchanged++;
        } else {
          const outcome = preparer.prepare({ relPath: entry.relPath, absPath: entry.absPath, mtimeMs: entry.mtimeMs, storedHash: state?.hash ?? null });
          outcome.catch(() => {}); // awaited in order below; this only keeps a failure from counting as unhandled meanwhile
          inFlight.push({ entry, state, outcome });
          inFlightBytes += entry.size;
          while (inFlight.length >= preparer.window.files || (inFlight.length > 0 && inFlightBytes >= preparer.window.bytes && preparer.window.bytes > 0)) {
            await settleOldest();
          }
        }
        const now = Date.now();
        if (options.onProgress && now - lastProgress >= progressEvery) {
          lastProgress = now;
          options.onProgress({ filesDone, filesTotal: walked.files.length, bytesDone, bytesTotal, elapsedMs: now - started });
        }
      }
      while (inFlight.length > 0) await settleOldest();
    } finally {
      await preparer.close();
    }
    await flush();

    // Whatever is left in `stored` vanished from the folder (or became unreadable/binary).
    const vanished = [...stored.values()];
    for (let i = 0; i < vanished.length; i += INGEST.filesPerTransaction) {
      const slice = vanished.slice(i, i + INGEST.filesPerTransaction);
      await yieldToWriters(options.writersWaiting);
      store.transaction(() => {
        for (const state of slice) store.deleteFile(state.id);
        store.bumpIndexVersion();
      });
    }
    if (bulkLoad) { await yieldToWriters(options.writersWaiting); store.ensureIndexes(); }
    // Recorded only once every file was re-prepared: an interrupted run starts over.
    if (staleFormat) store.setContentFormat(CONTENT_FORMAT);
    options.onProgress?.({ filesDone, filesTotal: walked.files.length, bytesDone, bytesTotal, elapsedMs: Date.now() - started });

    const counts = store.counts();
    const byReason: Partial<Record<SkipReason, number>> = {};
    for (const s of skipped) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
    const indexVersion = store.indexVersion();
    store.close();
    return {
      root, index: indexPath, repository,
      files: walked.files.length - skipped.filter((s) => s.reason === 'binary' || s.reason === 'unreadable').length,
      bytes: bytesTotal,
      added, updated, unchanged, deleted: vanished.length,
      chunks: counts.chunks,
      skipped: skipped.length,
      skipped_by_reason: byReason,
      skipped_files: skipped.slice(0, SKIPPED_LISTED_MAX),
      duration_ms: Date.now() - started,
      index_bytes: fileSize(indexPath),
      index_version: indexVersion,
      peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
    };
  } finally {
    store.close();
  }
}

function fileSize(file: string): number {
  try { return fs.statSync(file).size; } catch { return 0; }
}
