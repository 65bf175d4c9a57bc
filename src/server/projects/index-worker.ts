/**
 * @module server/projects/index-worker
 * Worker-thread entry: runs one incremental `indexFolder` and posts its
 * summary back. Indexing is mostly synchronous SQLite, parsing and file I/O, so it runs off
 * the server's event loop and requests keep being answered meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { indexFolder, type IndexOptions } from '../../ingest/indexer.js';
import { toQuarryError } from '../../contracts/errors.js';

const options = workerData as Pick<IndexOptions, 'root' | 'indexPath' | 'store' | 'repository' | 'maxFileBytes' | 'writersWaiting'>;
try {
  parentPort?.postMessage({ ok: true, summary: await indexFolder(options) });
} catch (error) {
  const failure = toQuarryError(error);
  // The catalogue text travels too, so the door can say it in its caller's locale.
  parentPort?.postMessage({ ok: false, code: failure.code, message: failure.message, text: failure.text, details: failure.details });
}
