/**
 * @module search/search-pool
 * Where indexed searches run: a few workers (search-worker) with read-only
 * SQLite connections, so the HTTP/MCP thread only routes and a heavy search
 * never holds up /healthz or another caller. Jobs wait in a bounded queue
 * (full = UNAVAILABLE). Each job has a hard wall-clock limit: a worker past
 * it (stuck in one long SQLite statement, say) is killed and replaced, and
 * its caller gets TIMEOUT. Idle workers do not keep the process alive.
 *
 * Workers are child processes, not worker threads: the `re2` addon (1.23)
 * keeps V8 handles in static storage, and loading it in a new thread after a
 * thread that loaded it was terminated crashes the whole process (measured:
 * SIGSEGV / "Check failed: node->IsInUse()"). A process can be killed and
 * replaced safely. When the built worker script is absent (tests running the
 * TypeScript sources) jobs run in the calling thread instead. A one-shot
 * command (`quarry search`) asks for the calling thread too: starting a
 * worker process for one search would cost a second Node start and a second
 * load of the engine; a watchdog thread keeps its hard limit (search-watchdog).
 */
import fs from 'node:fs';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { catalogueError } from '../contracts/errors.js';
import { SEARCH_POOL } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { ReadOnlyStores, fromJobFailure, runSearchJob, type JobFailure, type SearchJob, type SearchOp, type SearchOps } from './search-jobs.js';
import { SEARCH_WORKER_SCRIPT, forkSearchWorker, takeEarlySearchWorker } from './search-worker-process.js';
import { startWatchdog } from './search-watchdog.js';

export { SEARCH_WORKER_SCRIPT };

export interface SearchPoolOptions {
  workers?: number;
  queueMax?: number;
  hardTimeoutMs?: number;
  /** Worker script; null runs every job in the calling thread. */
  script?: string | null;
  /**
   * Every job in the calling thread, under the hard limit all the same: past it the process ends
   * with the TIMEOUT message in this locale on stderr. For a command that makes one search and exits.
   */
  inProcess?: { locale: Locale };
}

/** Default workers: min(SEARCH_POOL.workersDefault, cores). */
export function defaultSearchWorkers(): number {
  return Math.max(1, Math.min(SEARCH_POOL.workersDefault, os.availableParallelism()));
}

/** An operator's integer setting, clamped to [min, max]; undefined when absent, blank or not an integer. */
export function envInt(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : undefined;
}

/** Operator knobs: QUARRY_SEARCH_WORKERS and QUARRY_SEARCH_TIMEOUT_MS (clamped to SEARCH_POOL's bounds). */
export function searchPoolOptionsFromEnv(env: NodeJS.ProcessEnv): SearchPoolOptions {
  return {
    workers: envInt(env.QUARRY_SEARCH_WORKERS, 1, SEARCH_POOL.workersMax),
    hardTimeoutMs: envInt(env.QUARRY_SEARCH_TIMEOUT_MS, SEARCH_POOL.hardTimeoutMsMin, SEARCH_POOL.hardTimeoutMs),
  };
}

/** The error a cancelled search ends with: nobody reads it, the tool-call log says "cancelled". */
function cancelledError() {
  return catalogueError('UNAVAILABLE', { key: 'search.cancelled' });
}

interface Pending {
  job: SearchJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: ChildProcess;
  /** The worker has loaded its modules: a job's wall clock starts then, not while the thread starts. */
  ready: boolean;
  busy: (Pending & { id: number; timer: NodeJS.Timeout | null }) | null;
}

type Reply = { ready: true } | { id: number; result: unknown } | { id: number; failure: JobFailure };

export class SearchPool {
  readonly workers: number;
  readonly queueMax: number;
  readonly hardTimeoutMs: number;
  /** 'workers' when searches leave the calling thread. */
  readonly mode: 'workers' | 'in-process';
  private readonly script: string | null;
  /** The locale of the watchdog's message when jobs run here under the hard limit, else null (no limit here). */
  private readonly watchdogLocale: Locale | null;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private localStores: ReadOnlyStores | null = null;
  private nextId = 0;
  private closed = false;
  /** Workers terminated for overrunning the hard limit (for tests and logs). */
  replaced = 0;
  /** Workers killed because their caller cancelled (for tests and logs). */
  cancelled = 0;

  constructor(options: SearchPoolOptions = {}) {
    this.workers = options.workers ?? defaultSearchWorkers();
    this.queueMax = options.queueMax ?? SEARCH_POOL.queueMax;
    this.hardTimeoutMs = options.hardTimeoutMs ?? SEARCH_POOL.hardTimeoutMs;
    const script = options.inProcess ? null : options.script === undefined ? SEARCH_WORKER_SCRIPT : options.script;
    this.watchdogLocale = options.inProcess?.locale ?? null;
    this.script = script !== null && fs.existsSync(script) ? script : null;
    this.mode = this.script ? 'workers' : 'in-process';
  }

  /**
   * Runs a job. An aborted `signal` (the caller went away or cancelled)
   * drops a queued job and kills the worker of a running one, so no CPU is
   * spent on an answer nobody reads.
   */
  run<Op extends SearchOp>(job: SearchJob<Op>, signal?: AbortSignal): Promise<SearchOps[Op]['result']> {
    if (this.closed) return Promise.reject(catalogueError('UNAVAILABLE', { key: 'search.pool_closed', params: {} }));
    if (signal?.aborted) return Promise.reject(cancelledError());
    if (!this.script) return this.runHere(job) as Promise<SearchOps[Op]['result']>;
    if (this.queue.length >= this.queueMax) {
      return Promise.reject(catalogueError('UNAVAILABLE', { key: 'search.pool_busy', params: { queued: this.queue.length } }));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => this.cancel(pending);
      const done = () => signal?.removeEventListener('abort', onAbort);
      const pending: Pending = {
        job,
        resolve: (value) => { done(); resolve(value as SearchOps[Op]['result']); },
        reject: (error) => { done(); reject(error); },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  /**
   * Starts one worker before any search and has it open `index`, so the first search does not wait
   * for a process to load its modules and open the index (about 150-250 ms). Nothing happens with
   * workers already running, or without a worker script. The worker stays idle: it does not keep
   * this process alive, and the first job goes to it.
   */
  prestart(index: Pick<SearchJob, 'store' | 'root'>): void {
    if (this.closed || !this.script || this.slots.length > 0) return;
    this.spawn().worker.send({ open: { store: index.store, root: index.root } });
  }

  /**
   * After an index pass: idle workers open `index` again if it was replaced, and read ahead what
   * its first search at the new state would otherwise read (Store.read's warm: on the kernel the
   * rows' lengths, about 0.1 s). A busy worker reads them with its next search.
   */
  warm(index: Pick<SearchJob, 'store' | 'root'>): void {
    if (this.closed) return;
    for (const slot of this.slots) if (slot.busy === null) slot.worker.send({ open: { store: index.store, root: index.root } });
  }

  /** Worker processes running now (for tests and logs). */
  get liveWorkers(): number {
    return this.slots.length;
  }

  /** A cancelled job leaves the queue, or its worker is killed (and replaced on the next job). */
  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      pending.reject(cancelledError());
      return;
    }
    const slot = this.slots.find((s) => s.busy?.resolve === pending.resolve);
    if (slot) {
      this.cancelled++;
      this.retire(slot, cancelledError());
    }
  }

  /** No worker script: the job runs now, in this thread, under the watchdog when one was asked for (else no hard limit). */
  private async runHere(job: SearchJob): Promise<unknown> {
    this.localStores ??= new ReadOnlyStores();
    if (this.watchdogLocale === null) return runSearchJob(job, this.localStores);
    const ms = this.hardTimeoutMs;
    const watchdog = startWatchdog(ms, catalogueError('TIMEOUT', { key: 'search.hard_timeout', params: { ms } }, this.watchdogLocale).message);
    try {
      return await runSearchJob(job, this.localStores);
    } finally {
      watchdog.stop();
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.busy === null) ?? (this.slots.length < this.workers ? this.spawn() : null);
      if (!slot) return;
      this.dispatch(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    // The command may have forked the first worker before its server loaded (search-worker-process).
    const early = takeEarlySearchWorker(this.script!);
    const worker = early?.worker ?? forkSearchWorker(this.script!);
    const slot: Slot = { worker, ready: early?.ready ?? false, busy: null };
    worker.on('message', (reply: Reply) => this.settle(slot, reply));
    // A dead worker's channel errors on send; its exit event retires it.
    worker.on('error', () => undefined);
    // A worker that dies (out of memory, a crash) fails its job as INTERNAL and is replaced on the next job.
    const fail = (error: Error) => this.retire(slot, error);
    worker.on('exit', (code, signal) => fail(new Error(`search worker exited with ${signal ?? `code ${code}`}`)));
    idle(worker);
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    slot.busy = { ...pending, id, timer: null };
    if (slot.ready) this.startClock(slot);
    busy(slot.worker); // a search in flight keeps the process alive
    slot.worker.send({ id, job: pending.job });
  }

  private startClock(slot: Slot): void {
    if (slot.busy && slot.busy.timer === null) slot.busy.timer = setTimeout(() => this.overrun(slot), this.hardTimeoutMs);
  }

  private settle(slot: Slot, reply: Reply): void {
    if ('ready' in reply) {
      slot.ready = true;
      this.startClock(slot);
      return;
    }
    const busy = slot.busy;
    if (!busy || busy.id !== reply.id) return;
    if (busy.timer) clearTimeout(busy.timer);
    slot.busy = null;
    idle(slot.worker);
    if ('failure' in reply) busy.reject(fromJobFailure(reply.failure));
    else busy.resolve(reply.result);
    this.pump();
  }

  /** Past the hard limit: the caller gets TIMEOUT at once, the worker is terminated, a new one takes the next job. */
  private overrun(slot: Slot): void {
    this.replaced++;
    this.retire(slot, catalogueError('TIMEOUT', { key: 'search.hard_timeout', params: { ms: this.hardTimeoutMs } }, 'en', { ms: this.hardTimeoutMs }));
  }

  private retire(slot: Slot, error: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    const busy = slot.busy;
    slot.busy = null;
    slot.worker.removeAllListeners('exit');
    slot.worker.kill('SIGKILL');
    if (busy) {
      if (busy.timer) clearTimeout(busy.timer);
      busy.reject(error);
    }
    if (!this.closed) this.pump();
  }

  /** Terminates the workers; queued searches fail with UNAVAILABLE. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(catalogueError('UNAVAILABLE', { key: 'search.pool_closed', params: {} }));
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.busy) { if (slot.busy.timer) clearTimeout(slot.busy.timer); slot.busy.reject(catalogueError('UNAVAILABLE', { key: 'search.pool_closed', params: {} })); }
      slot.worker.removeAllListeners('exit');
    }
    await this.localStores?.closeAll();
    await Promise.all(slots.map((s) => new Promise<void>((resolve) => {
      if (s.worker.exitCode !== null || s.worker.signalCode !== null) { resolve(); return; }
      s.worker.once('exit', () => resolve());
      s.worker.ref(); // wait for the exit even when nothing else keeps the process running
      s.worker.kill('SIGKILL');
    })));
  }
}

/** An idle worker (and its message channel) does not keep this process alive. */
function idle(worker: ChildProcess): void {
  worker.unref();
  worker.channel?.unref();
}

function busy(worker: ChildProcess): void {
  worker.ref();
  worker.channel?.ref();
}
