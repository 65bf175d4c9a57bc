/**
 * @module server/projects/index-runner
 * Runs `indexFolder` for the server: in a worker thread when the compiled
 * worker is present (the installed CLI), in-process otherwise (sources run
 * directly, e.g. under vitest), where the event loop blocks for the run.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { catalogueError, QuarryError, type ErrorCode, type ErrorText } from '../../contracts/errors.js';
import { indexFolder, type IndexOptions, type IndexSummary } from '../../ingest/indexer.js';

export type IndexJob = Pick<IndexOptions, 'root' | 'indexPath' | 'store' | 'repository' | 'maxFileBytes' | 'writersWaiting'>;
/**
 * Runs one index pass. Aborting terminates the worker: every batch is its own
 * transaction, so the index keeps the batches committed so far and stays consistent.
 */
export type IndexRunner = (job: IndexJob, signal?: AbortSignal) => Promise<IndexSummary>;

const WORKER = new URL('./index-worker.js', import.meta.url);

type WorkerReply = { ok: true; summary: IndexSummary } | { ok: false; code: ErrorCode; message: string; text?: ErrorText; details?: Record<string, unknown> };

export const runIndex: IndexRunner = (job, signal) => {
  if (!fs.existsSync(fileURLToPath(WORKER))) return Promise.resolve().then(() => indexFolder(job));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job });
    let settled = false;
    worker.once('message', (reply: WorkerReply) => {
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
};
