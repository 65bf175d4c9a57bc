/**
 * @module ingest/index-runner
 * Runs `indexFolder` in a worker thread when the compiled worker is present
 * (the installed CLI), in-process otherwise (sources run directly, e.g. under
 * vitest), where the event loop blocks for the run. The server runs its
 * refreshes this way so requests are answered meanwhile (uncapped); `quarry
 * index` runs a first build this way for its heap cap (`heapMb`,
 * INGEST.indexHeapMb), so V8 collects instead of growing into garbage. A
 * tree whose lists need more is indexed again by an uncapped worker, which
 * resumes from the batches the first one committed.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { catalogueError, QuarryError, type ErrorCode, type ErrorText } from '../contracts/errors.js';
import type { IndexOptions, IndexProgress, IndexSummary } from './indexer.js';
import { ranOutOfHeap } from './worker-heap.js';

export type IndexJob = Pick<IndexOptions,
  'root' | 'indexPath' | 'store' | 'repository' | 'maxFileBytes' | 'writersWaiting' | 'workers' | 'workerHeapMb' | 'embeddings' | 'onProgress'>;
/**
 * Runs one index pass. Aborting terminates the worker: every batch is its own
 * transaction, so the index keeps the batches committed so far and stays consistent.
 */
export type IndexRunner = (job: IndexJob, signal?: AbortSignal, heapMb?: number) => Promise<IndexSummary>;

const WORKER = new URL('./index-worker.js', import.meta.url);

type WorkerReply =
  | { progress: IndexProgress }
  | { ok: true; summary: IndexSummary }
  | { ok: false; code: ErrorCode; message: string; text?: ErrorText; details?: Record<string, unknown> };

export const runIndex: IndexRunner = async (job, signal, heapMb) => {
  // Loaded here only when needed: the thread that starts a worker never runs the indexer itself.
  if (!fs.existsSync(fileURLToPath(WORKER))) return (await import('./indexer.js')).indexFolder(job);
  if (heapMb === undefined) return runInWorker(job, null, signal);
  try {
    return await runInWorker(job, heapMb, signal);
  } catch (error) {
    if (!ranOutOfHeap(error) || signal?.aborted) throw error;
    const again = await runInWorker(job, null, signal);
    return { ...again, index_heap_retried: true };
  }
};

function runInWorker(job: IndexJob, heapMb: number | null, signal?: AbortSignal): Promise<IndexSummary> {
  const { onProgress, ...options } = job;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { options, progress: onProgress !== undefined },
      ...(heapMb === null ? {} : { resourceLimits: { maxOldGenerationSizeMb: heapMb } }),
    });
    let settled = false;
    worker.on('message', (reply: WorkerReply) => {
      if ('progress' in reply) { onProgress?.(reply.progress); return; }
      settled = true;
      if (reply.ok) resolve(reply.summary);
      else reject(new QuarryError(reply.code, reply.message, reply.details, { text: reply.text }));
    });
    worker.once('error', (error) => { settled = true; reject(error); });
    worker.once('exit', (code) => {
      if (!settled) reject(catalogueError(signal?.aborted ? 'UNAVAILABLE' : 'INTERNAL', { key: 'index.worker_stopped', params: { code: String(code) } }));
    });
    signal?.addEventListener('abort', () => { void worker.terminate(); }, { once: true });
  });
}
