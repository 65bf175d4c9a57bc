/**
 * @module ingest/upload-worker
 * Worker thread that takes uploaded content off the serving thread
 * (ingest/upload-preparer): for each job it prepares the content with
 * `prepareFile`, the indexer's own path (grammars loaded once), then writes
 * it on its own connection to the project's index in one IMMEDIATE
 * transaction (ingest/put-content's `writeUpload` / `writeMessage`, quota
 * included), waiting for the lock at most WRITES.waitMaxMs. One job at a
 * time, in the order sent; the outcome or the QuarryError goes back.
 */
import { parentPort } from 'node:worker_threads';
import { catalogueError, toQuarryError } from '../contracts/errors.js';
import { WRITES } from '../contracts/limits.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { prepareFile } from './prepare-file.js';
import { checkQuota, prepareMessage, writeMessage, writeUpload, type AddMessageInput, type QuotaOptions } from './put-content.js';
import { loadParsers, type Parsers } from './symbols/parsers.js';

interface JobBase extends QuotaOptions { id: number; dbFile: string; bytes: Uint8Array }
export type UploadJob =
  | JobBase & { kind: 'file'; relPath: string }
  | JobBase & { kind: 'message'; message: Omit<AddMessageInput, 'content'> };

const port = parentPort;
if (!port) throw new Error('upload-worker runs only as a worker thread');
let parsers: Promise<Parsers> | null = null;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

async function run(job: UploadJob): Promise<unknown> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const quota: QuotaOptions = { quotaBytes: job.quotaBytes, locale: job.locale };
  const store = SqliteStore.open(job.dbFile);
  try {
    // The cheap check first again: an upload that cannot fit is not parsed.
    checkQuota(store, job.kind === 'file' ? job.relPath : '', bytes.length, quota);
    const write: () => unknown = job.kind === 'file'
      ? await (async () => {
        const file = prepareFile(job.relPath, bytes, Date.now(), undefined, await (parsers ??= loadParsers()));
        if (!file) throw catalogueError('INVALID_ARGUMENT', { key: 'file.binary' }, job.locale ?? 'en');
        return () => writeUpload(store, job.relPath, bytes.length, file, quota);
      })()
      : (() => {
        const file = prepareMessage(job.message.conversationId, bytes);
        return () => writeMessage(store, job.message, bytes.length, file, quota);
      })();
    // This thread may sleep on the lock: the serving thread never does.
    store.db.pragma(`busy_timeout = ${WRITES.waitMaxMs}`);
    try {
      return store.transaction(write);
    } catch (error) {
      if (!isBusy(error)) throw error;
      throw catalogueError('UNAVAILABLE', { key: 'write.busy', params: { seconds: Math.round(WRITES.waitMaxMs / 100) / 10 } }, job.locale ?? 'en', {
        retryable: true, waited_ms: WRITES.waitMaxMs,
      });
    }
  } finally {
    store.close();
  }
}

let chain = Promise.resolve();
port.on('message', (job: UploadJob) => {
  chain = chain.then(async () => {
    try {
      port.postMessage({ id: job.id, result: await run(job) });
    } catch (error) {
      const failure = toQuarryError(error);
      // The catalogue text travels too, as the index worker's do.
      port.postMessage({ id: job.id, failure: { code: failure.code, message: failure.message, text: failure.text, details: failure.details, cause: failure.code === 'INTERNAL' ? String((error as Error)?.stack ?? error) : undefined } });
    }
  });
});
