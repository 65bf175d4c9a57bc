/**
 * @module ingest/prepare-pool
 * Where the indexer's per-file work runs: in worker threads when there is
 * enough of it to pay for starting them (so parsing overlaps SQLite writes
 * on the indexing thread), else in the indexing thread itself. Outcomes are
 * the same either way; the indexer consumes them in the order it asked.
 *
 * With workers, the indexing thread also takes a share of the files: while
 * it waits for a worker's outcome it has time to spare (on kernel sources
 * the workers' parsing, not SQLite, is the slower side), and that time is
 * spent preparing later files itself, so both cores stay busy.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { INGEST } from '../contracts/limits.js';
import { runPrepareJob, type PrepareJob, type PrepareOutcome } from './prepare-job.js';
import { loadParsers } from './symbols/parsers.js';

/** A job handed out; `settle` gives its outcome, and is called once per job, in the order the jobs were given. */
export interface PendingPrepare {
  settle(): Promise<PrepareOutcome>;
}

export interface Preparer {
  /** Jobs that may be outstanding at once (1 in-process: each outcome is ready at once). */
  readonly window: { files: number; bytes: number };
  readonly workers: number;
  prepare(job: PrepareJob, bytes: number): PendingPrepare;
  /** Files prepared by the indexing thread itself while workers ran. */
  readonly preparedInThread: number;
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
  // Grammars load on the first file that needs preparing here: a run with nothing changed never pays for them.
  const inThread = async (job: PrepareJob) => runPrepareJob(job, options.symbols ? await loadParsers() : undefined);
  if (!useWorkers) {
    return {
      window: { files: 1, bytes: 0 },
      workers: 0,
      prepare: (job) => ({ settle: () => inThread(job) }),
      preparedInThread: 0,
      close: async () => {},
    };
  }
  return workerPreparer(workers, options.symbols, inThread);
}

interface WorkerReply { id: number; outcome?: PrepareOutcome; error?: string; ms?: number }

function workerPreparer(count: number, symbols: boolean, inThread: (job: PrepareJob) => Promise<PrepareOutcome>): Preparer {
  const waiting = new Map<number, { resolve: (o: PrepareOutcome) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  /** Preparing speed, ms per byte, as measured by the workers (a running total). */
  let workerMs = 0, workerBytes = 0;
  const sizes = new Map<number, number>();
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { symbols } });
    worker.on('message', (m: WorkerReply) => {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      workerMs += m.ms ?? 0;
      workerBytes += sizes.get(m.id) ?? 0;
      sizes.delete(m.id);
      if (m.outcome) w.resolve(m.outcome); else w.reject(new Error(`prepare worker: ${m.error}`));
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => { if (waiting.size > 0) failAll(new Error(`prepare worker exited with code ${code}`)); });
    return worker;
  });
  /**
   * Milliseconds the indexing thread spent waiting for workers and has not yet given back by
   * taking a file itself. A file is taken when this covers its expected preparing time.
   */
  let idleCredit = 0;
  let next = 0, posted = 0, preparedInThread = 0;

  const toWorker = (job: PrepareJob, bytes: number): PendingPrepare => {
    const id = next++;
    sizes.set(id, bytes);
    const outcome = new Promise<PrepareOutcome>((resolve, reject) => {
      if (failure) { reject(failure); return; }
      waiting.set(id, { resolve, reject });
      workers[posted++ % count]!.postMessage({ id, job });
    });
    outcome.catch(() => {}); // settled in order by the indexer; this only keeps a failure from counting as unhandled meanwhile
    let done = false;
    void outcome.then(() => { done = true; }, () => { done = true; });
    return {
      async settle() {
        if (done) return outcome;
        const start = performance.now();
        try {
          return await outcome;
        } finally {
          idleCredit += performance.now() - start;
        }
      },
    };
  };

  return {
    // Half a transaction ahead: enough for the workers to keep parsing while the indexing thread
    // writes a batch (seconds of their work), little enough to keep peak memory down when SQLite is the slower side.
    window: { files: INGEST.filesPerTransaction / 2, bytes: INGEST.bytesPerTransaction / 2 },
    workers: count,
    get preparedInThread() { return preparedInThread; },
    prepare(job, bytes) {
      const expectedMs = workerBytes > 0 ? (bytes * workerMs) / workerBytes : Infinity;
      if (idleCredit < expectedMs) return toWorker(job, bytes);
      idleCredit -= expectedMs;
      preparedInThread++;
      return { settle: () => inThread(job) };
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
