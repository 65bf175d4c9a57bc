/**
 * @module search/search-worker
 * Worker thread of the search pool: runs one search job at a time against
 * read-only connections it keeps open, and posts the answer (or the failure,
 * as data) back. The serving thread only routes; if a job overruns the
 * pool's wall-clock limit, the pool terminates this thread and starts another.
 */
import { parentPort } from 'node:worker_threads';
import { ReadOnlyStores, runSearchJob, toJobFailure, type SearchJob } from './search-jobs.js';

interface JobMessage { id: number; job: SearchJob }

const port = parentPort;
if (!port) throw new Error('search-worker runs only as a worker thread');
const stores = new ReadOnlyStores();
port.on('message', (message: JobMessage) => {
  try {
    port.postMessage({ id: message.id, result: runSearchJob(message.job, stores) });
  } catch (error) {
    port.postMessage({ id: message.id, failure: toJobFailure(error) });
  }
});
