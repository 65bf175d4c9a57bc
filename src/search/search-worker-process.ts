/**
 * @module search/search-worker-process
 * Starting a search worker process, and starting one before the server that
 * will use it has loaded. A server's first search otherwise waits for a
 * worker that was forked only once the server's own modules were loaded
 * (the MCP SDK, the tools, the engine: about 0.7 s here), and then loads the
 * engine itself; forked first, the worker loads on the other core while the
 * server loads, and is ready by the time the server answers `initialize`.
 * This module loads nothing of the engine, so forking early costs the
 * command nothing it would not pay anyway.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEARCH_POOL } from '../contracts/limits.js';
import type { StoreLocation } from '../store/store.js';

/** The built worker script; absent when running from TypeScript sources. */
export const SEARCH_WORKER_SCRIPT = fileURLToPath(new URL('./search-worker.js', import.meta.url));

export function forkSearchWorker(script: string): ChildProcess {
  return fork(script, [], {
    // stdout may be a protocol stream (stdio MCP): a worker never writes to it. Errors still reach stderr.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${SEARCH_POOL.workerHeapMb}`],
  });
}

/** A worker forked ahead of its pool, and whether it has said it is ready (its modules are loaded). */
export interface EarlyWorker {
  worker: ChildProcess;
  ready: boolean;
}

let early: { script: string; entry: EarlyWorker; stopListening: () => void } | null = null;

/**
 * Forks one search worker now, for the first pool of this process to take (SearchPool takes it as its
 * first worker), and has it open `index` and read ahead as the pool's prestart would. Idle, it keeps
 * neither this process nor its exit waiting; a process whose pool never starts (a server without the
 * code tools) leaves it idle until it exits. Nothing without a built worker.
 */
export function forkEarlySearchWorker(script: string = SEARCH_WORKER_SCRIPT, index?: { store: StoreLocation; root: string }): void {
  if (early || !fs.existsSync(script)) return;
  const entry: EarlyWorker = { worker: forkSearchWorker(script), ready: false };
  if (index) entry.worker.send({ open: index });
  // The worker says it is ready once, possibly before its pool listens: remember it here.
  const onMessage = (message: unknown) => {
    if (typeof message === 'object' && message !== null && 'ready' in message) entry.ready = true;
  };
  const onError = () => undefined;
  entry.worker.on('message', onMessage);
  entry.worker.on('error', onError);
  entry.worker.unref();
  entry.worker.channel?.unref();
  early = {
    script, entry,
    stopListening: () => {
      entry.worker.off('message', onMessage);
      entry.worker.off('error', onError);
    },
  };
}

/** The early worker for a pool running `script`, once; null when there is none, or it has exited. */
export function takeEarlySearchWorker(script: string): EarlyWorker | null {
  if (!early || early.script !== script) return null;
  const { entry, stopListening } = early;
  early = null;
  stopListening();
  if (entry.worker.exitCode !== null || entry.worker.signalCode !== null || !entry.worker.connected) return null;
  return entry;
}
