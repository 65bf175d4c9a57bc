/**
 * @module search/search-watchdog
 * The hard wall-clock limit of a search that runs in the calling thread (a
 * one-shot `quarry search`, which does not start a worker process for its
 * one search). The calling thread cannot keep the limit itself: what the
 * limit catches is one long SQLite statement, which holds that thread and
 * its timers. So a small worker thread keeps it: past the limit it writes the
 * TIMEOUT message to stderr and kills the whole process (SIGKILL, as the
 * pool kills an overrunning worker). It loads no module of ours, and it does
 * not keep the process alive.
 */
import { Worker } from 'node:worker_threads';

/** The watchdog thread's whole program (CommonJS, evaluated: no file to find). */
const WATCHDOG_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const timer = setTimeout(() => {
  require('node:fs').writeSync(2, workerData.message);
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
parentPort.once('message', () => { clearTimeout(timer); parentPort.close(); });
`;

export interface Watchdog {
  /** The search ended in time: the watchdog stands down. */
  stop(): void;
}

/** Starts a watchdog that ends this process `ms` after now, writing `message` (one line) to stderr first, unless stopped. */
export function startWatchdog(ms: number, message: string): Watchdog {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { ms, message: `quarry: ${message}\n`, pid: process.pid } });
  worker.unref();
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
