/**
 * @module store/counting-thread
 * Word-index counts on a second core. A word query asks two independent
 * questions of one snapshot: the best rows (bm25 scores every match) and the
 * exact total (FTS5 steps through every match again, or, for an any-term
 * query, through the ANDs of its words). A search worker gives the counts to
 * this thread, which has its own read-only connection, and scores the page
 * meanwhile. The thread answers only from the index version the search
 * reads: it reads `index_version` inside its own read transaction and
 * answers null when that is another (an index pass committed in between), and
 * the search counts in its own snapshot instead. The SQL is fixed text; the
 * match expressions are the ones the search's own statements bind.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { STORE } from '../contracts/limits.js';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** The thread: CommonJS run with `eval`, so it needs no built file (tests run the TypeScript sources). One connection per index file. */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
function connection(file) {
  let c = open.get(file);
  if (!c) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('mmap_size = ' + workerData.mmapBytes);
    c = {
      db,
      version: db.prepare("SELECT value FROM meta WHERE key = 'index_version'").pluck(),
      count: db.prepare('SELECT count(*) FROM chunk_words WHERE chunk_words MATCH ?').pluck(),
    };
    open.set(file, c);
  }
  return c;
}
parentPort.on('message', (message) => {
  if (message.release !== undefined) {
    open.get(message.release)?.db.close();
    open.delete(message.release);
    return;
  }
  const { id, file, version: wanted, matches } = message;
  try {
    const c = connection(file);
    c.db.exec('BEGIN');
    try {
      const same = Number(c.version.get() ?? 0) === wanted;
      parentPort.postMessage({ id, counts: same ? matches.map((match) => c.count.get(match)) : null });
    } finally {
      c.db.exec('COMMIT');
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

type Reply = { id: number; counts: number[] | null } | { id: number; error: string };

/** One thread for every index a process searches (a search worker keeps several open). */
export class CountingThread {
  private readonly pending = new Map<number, (counts: number[] | null) => void>();
  private nextId = 0;
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      // A count the thread could not make is made by the search itself, which reports the error if it has one too.
      settle?.('counts' in reply ? reply.counts : null);
    });
    const end = () => {
      this.ended = true;
      for (const settle of this.pending.values()) settle(null);
      this.pending.clear();
    };
    worker.on('error', end);
    worker.on('exit', end);
    // Idle, it never keeps the process alive; a count under way does (its caller awaits it).
    worker.unref();
  }

  static start(): CountingThread {
    return new CountingThread(new Worker(THREAD_SOURCE, {
      eval: true, workerData: { driver: BETTER_SQLITE3, mmapBytes: STORE.readerMmapBytes },
    }));
  }

  /**
   * The number of rows each FTS5 expression matches in `file`, counted at index version `version`; null
   * when the thread reads another version, failed, or has ended (the caller then counts for itself).
   */
  count(file: string, matches: readonly string[], version: number): Promise<number[] | null> {
    if (this.ended) return Promise.resolve(null);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<number[] | null>((resolve) => {
      this.pending.set(id, (counts) => {
        if (this.pending.size === 0 && !this.ended) this.worker.unref();
        resolve(counts);
      });
      this.worker.postMessage({ id, file, version, matches });
    });
  }

  /** Closes the thread's connection to `file` (the index was closed; a later count opens it again). */
  release(file: string): void {
    if (!this.ended) this.worker.postMessage({ release: file });
  }

  async close(): Promise<void> {
    this.ended = true;
    await this.worker.terminate();
  }
}
