/**
 * @module ingest/prepare-worker
 * Worker thread of the prepare pool: loads the grammars once, then runs each
 * job it is sent (read, hash, decode, parse, chunk) and posts the outcome
 * back, in the order the jobs came. The indexing thread only writes SQLite.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runPrepareJob, type PrepareJob } from './prepare-job.js';
import { loadParsers, type Parsers } from './symbols/parsers.js';

interface JobMessage { id: number; job: PrepareJob }

const port = parentPort;
if (!port) throw new Error('prepare-worker runs only as a worker thread');
const parsers: Promise<Parsers | undefined> = (workerData as { symbols: boolean }).symbols ? loadParsers() : Promise.resolve(undefined);
// Messages are handled one after another: the chain keeps outcomes in job order.
let chain = Promise.resolve();
port.on('message', (message: JobMessage) => {
  chain = chain.then(async () => {
    try {
      const loaded = await parsers;
      const start = performance.now();
      const outcome = runPrepareJob(message.job, loaded);
      // The time it took lets the indexing thread judge how many files it can prepare itself.
      port.postMessage({ id: message.id, outcome, ms: performance.now() - start });
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  });
});
