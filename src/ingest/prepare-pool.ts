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
import { ranOutOfHeap } from './worker-heap.js';

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
  /** Workers that ran out of heap (their files were prepared in the indexing thread). */
  readonly workerRestarts: number;
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
export function openPreparer(options: { symbols: boolean; workers: number | undefined; bytesToPrepare: number; workerHeapMb?: number }): Preparer {
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
      workerRestarts: 0,
      close: async () => {},
    };
  }
  return workerPreparer(workers, options.symbols, options.workerHeapMb ?? INGEST.prepareWorkerHeapMb, inThread);
}

interface WorkerReply { id: number; outcome?: PrepareOutcome; error?: string; ms?: number }

/** The outcome of a job whose worker ran out of heap: the indexing thread prepares the file when its turn comes. */
const PREPARE_HERE = Symbol('prepare in the indexing thread');

interface Waiting {
  slot: number;
  resolve: (o: PrepareOutcome | typeof PREPARE_HERE) => void;
  reject: (e: Error) => void;
}

function workerPreparer(count: number, symbols: boolean, heapMb: number, inThread: (job: PrepareJob) => Promise<PrepareOutcome>): Preparer {
  const waiting = new Map<number, Waiting>();
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  /** Preparing speed, ms per byte, as measured by the workers (a running total). */
  let workerMs = 0, workerBytes = 0;
  const sizes = new Map<number, number>();
  let restarts = 0;
  let closing = false;

  /**
   * A worker that runs out of heap (a file too large for its cap) is replaced if it had finished a
   * file before, and retired if not (it would die again at start); its jobs come back to this thread.
   */
  const spawn = (slot: number): Worker | null => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { symbols }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let finished = 0;
    worker.on('message', (m: WorkerReply) => {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      finished++;
      workerMs += m.ms ?? 0;
      workerBytes += sizes.get(m.id) ?? 0;
      sizes.delete(m.id);
      if (m.outcome) w.resolve(m.outcome); else w.reject(new Error(`prepare worker: ${m.error}`));
    });
    worker.on('error', (error: Error) => {
      if (workers[slot] !== worker) return;
      if (!ranOutOfHeap(error)) { failAll(error); return; }
      restarts++;
      workers[slot] = finished > 0 && !closing ? spawn(slot) : null;
      for (const [id, w] of waiting) {
        if (w.slot !== slot) continue;
        waiting.delete(id);
        sizes.delete(id);
        w.resolve(PREPARE_HERE);
      }
    });
    worker.on('exit', (code) => {
      if (workers[slot] === worker && [...waiting.values()].some((w) => w.slot === slot)) failAll(new Error(`prepare worker exited with code ${code}`));
    });
    return worker;
  };
  const workers: (Worker | null)[] = [];
  for (let slot = 0; slot < count; slot++) workers.push(spawn(slot));
  /**
   * Milliseconds the indexing thread spent waiting for workers and has not yet given back by
   * taking a file itself. A file is taken when this covers its expected preparing time.
   */
  let idleCredit = 0;
  let next = 0, posted = 0, preparedInThread = 0;

  const toWorker = (job: PrepareJob, bytes: number): PendingPrepare => {
    const live = workers.map((w, slot) => (w ? slot : -1)).filter((slot) => slot >= 0);
    if (live.length === 0) return { settle: () => inThread(job) };
    const slot = live[posted++ % live.length]!;
    const id = next++;
    sizes.set(id, bytes);
    const outcome = new Promise<PrepareOutcome | typeof PREPARE_HERE>((resolve, reject) => {
      if (failure) { reject(failure); return; }
      waiting.set(id, { slot, resolve, reject });
      workers[slot]!.postMessage({ id, job });
    });
    outcome.catch(() => {}); // settled in order by the indexer; this only keeps a failure from counting as unhandled meanwhile
    let done = false;
    void outcome.then(() => { done = true; }, () => { done = true; });
    const result = async (): Promise<PrepareOutcome> => {
      const settled = await outcome;
      return settled === PREPARE_HERE ? inThread(job) : settled;
    };
    return {
      async settle() {
        if (!done) {
          const start = performance.now();
          await outcome.catch(() => {}); // result() below throws the failure
          idleCredit += performance.now() - start;
        }
        return result();
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
    get workerRestarts() { return restarts; },
    async close() {
      closing = true; // a worker that runs out of heap now is not replaced: nothing would end the new one
      await Promise.all(workers.filter((w) => w !== null).map((w) => w.terminate()));
    },
  };
}
