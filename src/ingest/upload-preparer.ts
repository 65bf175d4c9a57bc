/**
 * @module ingest/upload-preparer
 * The serving process's side of the upload worker (ingest/upload-worker):
 * uploaded files and messages are prepared (decoded, parsed, chunked) and
 * written there, on the worker's own connection, never on the serving
 * thread, so a 10 MB upload does not hold /healthz or any other request for
 * seconds. One worker, started on the first upload and kept; it does not
 * keep the process alive, and one that dies (out of heap on a pathological
 * file) fails its pending uploads and is replaced on the next. Running from
 * TypeScript sources (tests: no built worker script) there is none, and
 * put-content prepares and writes in the calling thread.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { QuarryError, catalogueError, type ErrorCode, type ErrorText } from '../contracts/errors.js';
import { UPLOADS } from '../contracts/file-read-limits.js';
import type { AddMessageInput, AddMessageResult, PutFileResult, QuotaOptions } from './put-content.js';
import type { UploadJob } from './upload-worker.js';

interface JobCommon extends QuotaOptions { dbFile: string; bytes: Buffer }

export interface UploadWorker {
  putFile(job: JobCommon & { relPath: string }): Promise<PutFileResult>;
  addMessage(job: JobCommon & { message: Omit<AddMessageInput, 'content'> }): Promise<AddMessageResult>;
}

interface Failure { code: ErrorCode; message: string; text?: ErrorText; details?: Record<string, unknown>; cause?: string }
interface Reply { id: number; result?: unknown; failure?: Failure }
interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }

const WORKER_SCRIPT = fileURLToPath(new URL('./upload-worker.js', import.meta.url));

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const started = new Worker(WORKER_SCRIPT, { resourceLimits: { maxOldGenerationSizeMb: UPLOADS.workerHeapMb } });
  started.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    const f = reply.failure;
    if (f) p.reject(new QuarryError(f.code, f.message, f.details ?? {}, { text: f.text, cause: f.cause }));
    else p.resolve(reply.result);
  });
  // A worker that dies takes its pending uploads with it (nothing was committed: each is one transaction).
  const retire = (cause: unknown) => {
    if (worker === started) worker = null;
    for (const p of pending.values()) p.reject(catalogueError('INTERNAL', { key: 'internal', params: { id: 'upload-worker' } }, 'en', {}, cause));
    pending.clear();
  };
  started.on('error', retire);
  started.on('exit', (code) => retire(new Error(`upload worker exited with code ${code}`)));
  // After the listeners: adding a 'message' listener refs the worker again.
  started.unref();
  return started;
}

function send<T>(job: Omit<UploadJob, 'id'>): Promise<T> {
  worker ??= startWorker();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker!.postMessage({ ...job, id });
  });
}

const viaWorker: UploadWorker = {
  putFile: (job) => send({ kind: 'file', ...job }),
  addMessage: (job) => send({ kind: 'message', ...job }),
};

/** The upload worker of this process; undefined when it is not built (put-content then works in the calling thread). */
export function uploadWorker(): UploadWorker | undefined {
  return fs.existsSync(WORKER_SCRIPT) ? viaWorker : undefined;
}

/** Stops the upload worker, if one runs; the next upload starts another. */
export async function closeUploadWorker(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.terminate();
}
