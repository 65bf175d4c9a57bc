/**
 * @module ingest/index-worker
 * Worker-thread entry of ingest/index-runner: runs one incremental
 * `indexFolder`, posts its progress when asked, then its summary. Indexing is
 * mostly synchronous SQLite, parsing and file I/O, so a server's requests
 * keep being answered meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { indexFolder, type IndexOptions } from './indexer.js';
import { toQuarryError } from '../contracts/errors.js';

const { options, progress } = workerData as { options: IndexOptions; progress: boolean };
try {
  const onProgress: IndexOptions['onProgress'] = progress ? (p) => parentPort?.postMessage({ progress: p }) : undefined;
  parentPort?.postMessage({ ok: true, summary: await indexFolder({ ...options, onProgress }) });
} catch (error) {
  const failure = toQuarryError(error);
  // The catalogue text travels too, so the door can say it in its caller's locale.
  parentPort?.postMessage({ ok: false, code: failure.code, message: failure.message, text: failure.text, details: failure.details });
}
