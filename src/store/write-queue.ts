/**
 * @module store/write-queue
 * The one way the serving process writes an index: a FIFO queue per
 * database file whose jobs run as `BEGIN IMMEDIATE` transactions. When
 * another writer holds the lock (an index pass in a worker thread, another
 * process), the attempt fails at BEGIN with nothing applied, and the job
 * tries again after a timer: the wait never blocks the event loop (SQLite's
 * own busy timeout would sleep the thread) and is bounded by
 * WRITES.waitMaxMs, after which the caller gets UNAVAILABLE, never
 * SQLite's text. A shared counter of waiting writes lets an index pass in
 * a worker hold back its next transaction (see `yieldToWriters`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { catalogueError } from '../contracts/errors.js';
import { WRITES } from '../contracts/limits.js';
import type { SqliteStore } from './sqlite-store.js';

/** SQLite's primary busy/locked codes; extended codes (SQLITE_BUSY_SNAPSHOT …) start with these. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

type Attempt<T> = { done: true; value: T } | { done: false };

/**
 * One `BEGIN IMMEDIATE` attempt with the busy timeout off, so a held lock
 * fails at once instead of sleeping the thread. BEGIN IMMEDIATE takes the
 * write lock before `fn` runs, so a busy failure means nothing was applied.
 */
function attemptImmediate<T>(store: SqliteStore, fn: () => T): Attempt<T> {
  const { db } = store;
  leaveCheckpointsToOthers(db);
  const previous = Number(db.pragma('busy_timeout', { simple: true }));
  db.pragma('busy_timeout = 0');
  try {
    return { done: true, value: store.transaction(fn) };
  } catch (error) {
    if (isBusy(error)) return { done: false };
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${previous}`);
  }
}

const quiet = new WeakSet<Database.Database>();

/**
 * A commit on this connection would otherwise checkpoint the whole WAL, index pass pages
 * included (tens of MB), on the event loop: the index pass checkpoints on its own commits and
 * when it closes, and `checkpointOffThread` covers files only uploads write.
 */
function leaveCheckpointsToOthers(db: Database.Database): void {
  if (quiet.has(db)) return;
  db.pragma('wal_autocheckpoint = 0');
  quiet.add(db);
}

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');
const CHECKPOINT_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
try { db.pragma('busy_timeout = 1000'); db.pragma('wal_checkpoint(PASSIVE)'); } finally { db.close(); }`;
const checkpointing = new Set<string>();

/** A PASSIVE checkpoint in a short-lived worker thread once the WAL passes WRITES.walCheckpointBytes. */
function checkpointOffThread(file: string): void {
  if (checkpointing.has(file)) return;
  let walBytes = 0;
  try { walBytes = fs.statSync(`${file}-wal`).size; } catch { return; }
  if (walBytes < WRITES.walCheckpointBytes) return;
  checkpointing.add(file);
  const worker = new Worker(CHECKPOINT_SOURCE, { eval: true, workerData: { driver: BETTER_SQLITE3, file } });
  // A failed checkpoint is harmless (the WAL stays readable and the next write retries); it is never the writer's error.
  worker.on('error', () => undefined);
  worker.once('exit', () => { checkpointing.delete(file); });
  worker.unref();
}

export interface WriteOptions {
  /** Longest wait for the lock, counted from the call (default WRITES.waitMaxMs). */
  maxWaitMs?: number;
}

export class WriteQueue {
  /** Writes queued or waiting for the lock; shared with index workers (SharedArrayBuffer). */
  readonly waiting = new Int32Array(new SharedArrayBuffer(4));
  private tail: Promise<unknown> = Promise.resolve();
  /** Writes this process makes on other connections (`whileElsewhere`), still running. */
  private readonly elsewhere = new Set<Promise<unknown>>();

  /** Runs `fn` in its own IMMEDIATE transaction on `store`, after every write queued before it. */
  run<T>(store: SqliteStore, fn: () => T, options: WriteOptions = {}): Promise<T> {
    const maxWaitMs = options.maxWaitMs ?? WRITES.waitMaxMs;
    const deadline = Date.now() + maxWaitMs;
    Atomics.add(this.waiting, 0, 1);
    const job = this.tail.then(async () => {
      let pause: number = WRITES.retryMinMs;
      for (;;) {
        const attempt = attemptImmediate(store, fn);
        if (attempt.done) {
          checkpointOffThread(store.file);
          return attempt.value;
        }
        if (Date.now() + pause > deadline) {
          throw catalogueError('UNAVAILABLE', { key: 'write.busy', params: { seconds: Math.round(maxWaitMs / 100) / 10 } }, 'en', {
            retryable: true, waited_ms: maxWaitMs,
          });
        }
        await sleep(pause);
        pause = Math.min(pause * 2, WRITES.retryMaxMs);
      }
    }).finally(() => { Atomics.sub(this.waiting, 0, 1); });
    this.tail = job.catch(() => undefined);
    return job;
  }

  /**
   * A write this process makes on another connection of the file (the upload worker's, which
   * prepares and writes off the serving thread): counted among the waiting writes while it runs,
   * so an index pass holds back its next transaction for it as for the queue's own, and awaited
   * by `drained`. The lock itself is SQLite's: that connection waits for it, bounded.
   */
  whileElsewhere<T>(write: () => Promise<T>): Promise<T> {
    Atomics.add(this.waiting, 0, 1);
    const running = write().finally(() => {
      Atomics.sub(this.waiting, 0, 1);
      this.elsewhere.delete(running);
    });
    this.elsewhere.add(running);
    return running;
  }

  /** Resolves once every write queued so far, and every write made elsewhere, has finished. */
  async drained(): Promise<void> {
    await this.tail;
    await Promise.allSettled([...this.elsewhere]);
  }
}

const queues = new Map<string, WriteQueue>();

/** The queue of the database file `file` (one per file in this process, whichever connection writes). */
export function writeQueueFor(file: string): WriteQueue {
  const key = path.resolve(file);
  let queue = queues.get(key);
  if (!queue) {
    queue = new WriteQueue();
    queues.set(key, queue);
  }
  return queue;
}

/** Queues `fn` as one IMMEDIATE transaction on `store` (see WriteQueue.run). */
export function queueWrite<T>(store: SqliteStore, fn: () => T, options?: WriteOptions): Promise<T> {
  return writeQueueFor(store.file).run(store, fn, options);
}

/**
 * For an index pass: waits while serving-process writes are waiting for the
 * lock (at most WRITES.indexYieldMaxMs), so uploads go between index
 * transactions instead of racing them for the lock.
 */
export async function yieldToWriters(waiting: Int32Array | undefined): Promise<void> {
  if (!waiting) return;
  const until = Date.now() + WRITES.indexYieldMaxMs;
  while (Atomics.load(waiting, 0) > 0 && Date.now() < until) await sleep(WRITES.indexYieldPollMs);
}
