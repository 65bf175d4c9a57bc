/**
 * @module ingest/prepare-worker
 * Worker thread of the prepare pool: loads the grammars (and the index's
 * chunk-text dictionary) once, then runs each
 * job it is sent (read, hash, decode, parse, chunk) and posts the outcome
 * back, in the order the jobs came. A job the indexing thread has claimed
 * first (it prepares files itself while it would wait) is skipped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registerTextDictionary } from '../store/chunk-text.js';
import { claimJob } from './job-claims.js';
import { runPrepareJob, type PrepareJob } from './prepare-job.js';
import { loadParsers, type Parsers } from './symbols/parsers.js';

interface JobMessage { id: number; job: PrepareJob }

const port = parentPort;
if (!port) throw new Error('prepare-worker runs only as a worker thread');
const { symbols, claims, textDictionary } = workerData as { symbols: boolean; claims: Int32Array; textDictionary: Uint8Array | null };
// The pass's jobs name the index's dictionary by id: this thread must know it before packing.
if (textDictionary) registerTextDictionary(textDictionary);
const parsers: Promise<Parsers | undefined> = symbols ? loadParsers() : Promise.resolve(undefined);
// Messages are handled one after another: the chain keeps outcomes in job order.
let chain = Promise.resolve();
port.on('message', (message: JobMessage) => {
  chain = chain.then(async () => {
    try {
      const loaded = await parsers;
      if (!claimJob(claims, message.id)) {
        port.postMessage({ id: message.id, taken: true });
        return;
      }
      port.postMessage({ id: message.id, outcome: runPrepareJob(message.job, loaded) });
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) });
    }
  });
});
