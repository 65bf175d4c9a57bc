/**
 * @module ingest/prepare-pool
 * Where the indexer's per-file work runs: in worker threads when there is
 * enough of it to pay for starting them (so parsing overlaps SQLite writes
 * on the indexing thread), else in the indexing thread itself. Outcomes are
 * the same either way; the indexer consumes them in the order it asked.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { INGEST } from '../contracts/limits.js';
import { runPrepareJob, type PrepareJob, type PrepareOutcome } from './prepare-job.js';
import { loadParsers } from './symbols/parsers.js';

export interface Preparer {
  /** Jobs that may be outstanding at once (1 in-process: each outcome is ready at once). */
  readonly window: { files: number; bytes: number };
  readonly workers: number;
  prepare(job: PrepareJob): Promise<PrepareOutcome>;
  close(): Promise<void>;
}

/** The built worker script; absent when running from TypeScript sources (tests), which then prepare in-process. */
const WORKER_SCRIPT = fileURLToPath(new URL('./prepare-worker.js', import.meta.url));

/** Workers to use by default: every core but the one that writes SQLite, at least one. */
export function defaultPrepareWorkers(): number {
  return Math.min(INGEST.prepareWorkersMax, Math.max(1, os.availableParallelism() - 1));
}

/**
 * `workers` given explicitly is honoured whatever the amount of work;
 * by default workers start only when there is enough to prepare.
 */
export function openPreparer(options: { symbols: boolean; workers: number | undefined; bytesToPrepare: number }): Preparer {
  const workers = options.workers ?? (options.bytesToPrepare >= INGEST.workerMinBytes ? defaultPrepareWorkers() : 0);
  const useWorkers = workers > 0 && options.bytesToPrepare > 0 && fs.existsSync(WORKER_SCRIPT);
  if (!useWorkers) {
    // Grammars load on the first file that needs preparing: a run with nothing changed never pays for them.
    return {
      window: { files: 1, bytes: 0 },
      workers: 0,
      prepare: async (job) => runPrepareJob(job, options.symbols ? await loadParsers() : undefined),
      close: async () => {},
    };
  }
  return workerPreparer(workers, options.symbols);
}

function workerPreparer(count: number, symbols: boolean): Preparer {
  const waiting = new Map<number, { resolve: (o: PrepareOutcome) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { symbols } });
    worker.on('message', (m: { id: number; outcome?: PrepareOutcome; error?: string }) => {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.outcome) w.resolve(m.outcome); else w.reject(new Error(`prepare worker: ${m.error}`));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => { if (waiting.size > 0) failAll(new Error(`prepare worker exited with code ${code}`)); });
    return worker;
  });
  let next = 0;
  return {
    // Half a transaction ahead: enough for the workers to keep parsing while the indexing thread
    // writes a batch (seconds of their work), little enough to keep peak memory down when SQLite is the slower side.
    window: { files: INGEST.filesPerTransaction / 2, bytes: INGEST.bytesPerTransaction / 2 },
    workers: count,
    prepare(job) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        workers[id % count]!.postMessage({ id, job });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
