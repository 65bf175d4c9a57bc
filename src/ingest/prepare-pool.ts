/**
 * @module ingest/prepare-pool
 * Where the indexer's per-file work runs: in worker threads when there is
 * enough of it to pay for starting them (so parsing overlaps SQLite writes
 * on the indexing thread), else in the indexing thread itself. Outcomes are
 * the same either way; the indexer consumes them in the order it asked.
 *
 * With workers, the indexing thread also takes a share of the files: while
 * it waits for a worker's outcome (on kernel sources the workers' parsing,
 * not SQLite, is the slower side), it prepares the next queued file that no
 * worker has started, so both cores stay busy; a worker skips a file it
 * finds taken (ingest/job-claims).
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { INGEST } from '../contracts/limits.js';
import { claimJob, claimRing, offerJob } from './job-claims.js';
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
  prepare(job: PrepareJob): PendingPrepare;
  /** Files prepared by the indexing thread itself while workers ran. */
  readonly preparedInThread: number;
  /** Workers that ran out of heap (their files were prepared in the indexing thread). */
  readonly workerRestarts: number;
  /** Where preparing took time so far (the workers' share is known once closed). */
  readonly times: PrepareTimes;
  close(): Promise<void>;
}

/** Wall milliseconds of preparing (reading, chunking, tree-sitter's symbols and edges, packing the text). */
export interface PrepareTimes {
  /** The indexing thread waiting for a worker's outcome. */
  waited_ms: number;
  /** The indexing thread preparing files itself (all of them without workers). */
  in_thread_ms: number;
  /** The workers' busy time, summed over workers (in parallel with the indexing thread; those replaced after running out of heap not counted). */
  workers_busy_ms: number;
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
export function openPreparer(options: {
  symbols: boolean; workers: number | undefined; bytesToPrepare: number; workerHeapMb?: number;
  /** The index's chunk-text dictionary, for the workers to pack with (store/text-dictionary). */
  textDictionary?: Uint8Array | null;
}): Preparer {
  const workers = options.workers ?? (options.bytesToPrepare >= INGEST.workerMinBytes ? defaultPrepareWorkers() : 0);
  const useWorkers = workers > 0 && options.bytesToPrepare > 0 && fs.existsSync(WORKER_SCRIPT);
  // Grammars load on the first file that needs preparing here: a run with nothing changed never pays for them.
  const inThread = async (job: PrepareJob) => runPrepareJob(job, options.symbols ? await loadParsers() : undefined);
  if (!useWorkers) {
    const times: PrepareTimes = { waited_ms: 0, in_thread_ms: 0, workers_busy_ms: 0 };
    const timed = async (job: PrepareJob) => {
      const start = performance.now();
      try { return await inThread(job); } finally { times.in_thread_ms += performance.now() - start; }
    };
    return {
      window: { files: 1, bytes: 0 },
      workers: 0,
      prepare: (job) => ({ settle: () => timed(job) }),
      preparedInThread: 0,
      workerRestarts: 0,
      times,
      close: async () => {},
    };
  }
  return workerPreparer(workers, { symbols: options.symbols, textDictionary: options.textDictionary ?? null }, options.workerHeapMb ?? INGEST.prepareWorkerHeapMb, inThread);
}

interface WorkerReply { id: number; outcome?: PrepareOutcome; error?: string; taken?: true }

/** The outcome of a job whose worker ran out of heap: the indexing thread prepares the file when its turn comes. */
const PREPARE_HERE = Symbol('prepare in the indexing thread');

/** A job posted to a worker. */
interface Posted {
  id: number;
  job: PrepareJob;
  slot: number;
  /** Its outcome is known (from a worker's message, or prepared here): set when it is delivered, not a microtask later. */
  resolved: boolean;
  resolve: (o: PrepareOutcome | typeof PREPARE_HERE) => void;
  reject: (e: Error) => void;
}

function workerPreparer(
  count: number, setup: { symbols: boolean; textDictionary: Uint8Array | null }, heapMb: number, inThread: (job: PrepareJob) => Promise<PrepareOutcome>,
): Preparer {
  const window = { files: INGEST.filesPerTransaction / 2, bytes: INGEST.bytesPerTransaction / 2 };
  const claims = claimRing(window.files);
  /** Posted jobs whose outcome is still to come, in id order (a Map keeps insertion order). */
  const byId = new Map<number, Posted>();
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const p of byId.values()) p.reject(failure);
    byId.clear();
  };
  let restarts = 0;
  let closing = false;

  /**
   * A worker that runs out of heap (a file too large for its cap) is replaced if it had finished a
   * file before, and retired if not (it would die again at start); its jobs come back to this thread.
   */
  const spawn = (slot: number): Worker | null => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { ...setup, claims }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let finished = 0;
    worker.on('message', (m: WorkerReply) => {
      const p = byId.get(m.id);
      // A job this thread took: its outcome is already known.
      if (!p || m.taken) return;
      byId.delete(m.id);
      finished++;
      if (m.outcome) p.resolve(m.outcome); else p.reject(new Error(`prepare worker: ${m.error}`));
    });
    worker.on('error', (error: Error) => {
      if (workers[slot] !== worker) return;
      if (!ranOutOfHeap(error)) { failAll(error); return; }
      restarts++;
      workers[slot] = finished > 0 && !closing ? spawn(slot) : null;
      for (const [id, p] of byId) {
        if (p.slot !== slot) continue;
        byId.delete(id);
        p.resolve(PREPARE_HERE);
      }
    });
    worker.on('exit', (code) => {
      if (workers[slot] === worker && [...byId.values()].some((p) => p.slot === slot)) failAll(new Error(`prepare worker exited with code ${code}`));
    });
    return worker;
  };
  const workers: (Worker | null)[] = [];
  for (let slot = 0; slot < count; slot++) workers.push(spawn(slot));
  let next = 0, preparedInThread = 0;
  /** Milliseconds this thread waited for workers, and spent preparing files it took. */
  let waitedMs = 0, tookMs = 0;
  /** The workers' event loops' active time, read as they are closed. */
  let workersBusyMs = 0;

  /**
   * While the indexer waits for job `waitingFor`, this thread prepares the next queued job that no
   * worker has started: its outcome is written soon after, so little waits in memory (taking the
   * last queued job instead held a window of outcomes: peak RSS on drivers/net 0.97-1.05 GB
   * against 0.88-0.93 GB, and 32.0-32.9 s against 29.5-29.9 s). Null when there is none. It does
   * so only up to a share of the time it has waited (INGEST): this thread also writes SQLite, and
   * taking a file each time it waited made it the slower side.
   */
  const takeNext = (waitingFor: number): Promise<void> | null => {
    for (const p of byId.values()) {
      if (p.id <= waitingFor || !claimJob(claims, p.id)) continue;
      byId.delete(p.id);
      preparedInThread++;
      const start = performance.now();
      return inThread(p.job).then(p.resolve, p.reject).finally(() => { tookMs += performance.now() - start; });
    }
    return null;
  };

  const toWorker = (job: PrepareJob): PendingPrepare => {
    const live = workers.map((w, slot) => (w ? slot : -1)).filter((slot) => slot >= 0);
    if (live.length === 0) return { settle: () => inThread(job) };
    const id = next++;
    let resolveOutcome!: Posted['resolve'], rejectOutcome!: Posted['reject'];
    const outcome = new Promise<PrepareOutcome | typeof PREPARE_HERE>((resolve, reject) => { resolveOutcome = resolve; rejectOutcome = reject; });
    outcome.catch(() => {}); // settled in order by the indexer; this only keeps a failure from counting as unhandled meanwhile
    const p: Posted = {
      id, job, slot: live[id % live.length]!, resolved: false,
      resolve: (o) => { p.resolved = true; resolveOutcome(o); },
      reject: (e) => { p.resolved = true; rejectOutcome(e); },
    };
    if (failure) p.reject(failure);
    else {
      offerJob(claims, id);
      byId.set(id, p);
      workers[p.slot]!.postMessage({ id, job });
    }
    return {
      async settle() {
        while (!p.resolved && tookMs < INGEST.preparingShareOfWaiting * waitedMs) {
          const taking = takeNext(id);
          if (!taking) break;
          await taking;
          // A file prepared here settles in microtasks; the workers' outcomes arrive as messages, read only between tasks.
          await new Promise(setImmediate);
        }
        const start = performance.now();
        const settled = await outcome;
        waitedMs += performance.now() - start;
        return settled === PREPARE_HERE ? inThread(job) : settled;
      },
    };
  };

  return {
    // Half a transaction ahead: enough for the workers to keep parsing while the indexing thread
    // writes a batch (seconds of their work), little enough to keep peak memory down when SQLite is the slower side.
    window,
    workers: count,
    get preparedInThread() { return preparedInThread; },
    prepare: (job) => toWorker(job),
    get workerRestarts() { return restarts; },
    get times() { return { waited_ms: waitedMs, in_thread_ms: tookMs, workers_busy_ms: workersBusyMs }; },
    async close() {
      closing = true; // a worker that runs out of heap now is not replaced: nothing would end the new one
      for (const w of workers) if (w) workersBusyMs += w.performance.eventLoopUtilization().active;
      await Promise.all(workers.filter((w) => w !== null).map((w) => w.terminate()));
    },
  };
}
