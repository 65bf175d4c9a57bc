/**
 * @module store/counting-thread
 * Word-index counts on a second core. A word query asks two independent
 * questions of one snapshot: the best rows (bm25 scores every match) and the
 * exact total (FTS5 steps through every match again, or, for an any-term
 * query, through the ANDs of its words). A search worker gives the counts to
 * this thread, which keeps its own read-only connection to each index file,
 * and scores the page meanwhile. The thread answers only from the snapshot
 * the search reads: the same file (device and inode: an index replaced on
 * disk is opened again), the same schema step and the same `index_version`,
 * read inside its own read transaction; otherwise it answers null and the
 * search counts in its own snapshot. The SQL is the search's own
 * statements' (store/statements), and so are the match expressions bound.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SEARCH_POOL } from '../contracts/limits.js';
import { STORE } from './store-tuning.js';
import { META_GET_SQL, WORDS_COUNT_ALL_SQL } from './statements.js';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** The thread: CommonJS run with `eval`, so it needs no built file (tests run the TypeScript sources). */
const THREAD_SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
function connection(file, dev, ino) {
  let c = open.get(file);
  if (c && !c.failed && (c.dev !== dev || c.ino !== ino)) {
    c.db.close();
    c = undefined;
  }
  if (!c) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      db.pragma('mmap_size = ' + workerData.mmapBytes);
      const { dev, ino } = fs.statSync(file);
      c = {
        db, dev, ino,
        version: db.prepare(workerData.sql.meta).pluck().bind('index_version'),
        step: db.prepare('PRAGMA user_version').pluck(),
        count: db.prepare(workerData.sql.count).pluck(),
      };
    } catch (error) {
      // Not tried again until the file is released: the search counts alone meanwhile.
      c = { failed: String(error && error.message || error) };
    }
    open.set(file, c);
  }
  return c;
}
parentPort.on('message', (message) => {
  if (message.release !== undefined) {
    const c = open.get(message.release);
    if (c && !c.failed) c.db.close();
    open.delete(message.release);
    return;
  }
  const { id, file, dev, ino, version, step, matches } = message;
  try {
    const c = connection(file, dev, ino);
    if (c.failed) { parentPort.postMessage({ id, error: c.failed }); return; }
    if (c.dev !== dev || c.ino !== ino) { parentPort.postMessage({ id, counts: null }); return; }
    c.db.exec('BEGIN');
    try {
      const same = Number(c.version.get() ?? 0) === version && c.step.get() === step;
      parentPort.postMessage({ id, counts: same ? matches.map((match) => c.count.get({ match })) : null });
    } finally {
      c.db.exec('COMMIT');
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

type Reply = { id: number; counts: number[] | null } | { id: number; error: string };

/** What a count is asked of: the file as the search opened it, and the snapshot it reads. */
export interface CountSnapshot {
  file: string;
  dev: number;
  ino: number;
  /** `index_version` and `PRAGMA user_version` (a migration rebuilds tables without a new index version). */
  version: number;
  step: number;
}

/** One thread for every index a process searches (a search worker keeps several open). */
export class CountingThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (counts: number[] | null) => void>();
  private nextId = 0;
  private starts = 0;
  private closed = false;

  private constructor() {}

  static start(): CountingThread {
    const thread = new CountingThread();
    thread.running();
    return thread;
  }

  /** The thread, started again when it ended unasked (at most SEARCH_POOL.countingThreadRestarts times); null once closed or given up. */
  private running(): Worker | null {
    if (this.worker || this.closed || this.starts > SEARCH_POOL.countingThreadRestarts) return this.worker;
    this.starts++;
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      // The search's own statements' SQL, so the thread counts exactly what the search would.
      workerData: { driver: BETTER_SQLITE3, mmapBytes: STORE.readerMmapBytes, sql: { meta: META_GET_SQL, count: WORDS_COUNT_ALL_SQL } },
    });
    worker.on('message', (reply: Reply) => {
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      // A count the thread could not make is made by the search itself, which reports the error if it has one too.
      settle?.('counts' in reply ? reply.counts : null);
    });
    const ended = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const settle of this.pending.values()) settle(null);
      this.pending.clear();
    };
    worker.on('error', ended);
    worker.on('exit', ended);
    // Idle, it never keeps the process alive; a count under way does (its caller awaits it).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /**
   * The number of rows each FTS5 expression matches in the snapshot; null when the thread reads
   * another file, schema step or index version, failed, or is not running (the caller then counts for itself).
   */
  count(snapshot: CountSnapshot, matches: readonly string[]): Promise<number[] | null> {
    const worker = this.running();
    if (!worker) return Promise.resolve(null);
    const id = this.nextId++;
    if (this.pending.size === 0) worker.ref();
    return new Promise<number[] | null>((resolve) => {
      this.pending.set(id, (counts) => {
        if (this.pending.size === 0) worker.unref();
        resolve(counts);
      });
      worker.postMessage({ id, matches, ...snapshot });
    });
  }

  /** Closes the thread's connection to `file` (the index was closed; a later count opens it again). */
  release(file: string): void {
    this.worker?.postMessage({ release: file });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    for (const settle of this.pending.values()) settle(null);
    this.pending.clear();
    await worker?.terminate();
  }
}
