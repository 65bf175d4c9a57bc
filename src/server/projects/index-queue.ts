/**
 * @module server/projects/index-queue
 * The server's one index-build queue: index passes of every project run one
 * at a time, in the order they were asked for. A pass asked for a project
 * whose pass is already waiting joins that one (same promise), so a burst of
 * requests or file changes costs one build, and N projects cannot start N
 * builds at once on a 2-core machine.
 */
import { catalogueError } from '../../contracts/errors.js';
import type { IndexSummary } from '../../ingest/indexer.js';
import type { IndexJob, IndexRunner } from '../../ingest/index-runner.js';

interface Waiting {
  job: IndexJob;
  signal?: AbortSignal;
  /** Runs right before the pass starts; a throw refuses the pass (the folder fence, re-checked). */
  guard?: () => void;
  promise: Promise<IndexSummary>;
  resolve: (summary: IndexSummary) => void;
  reject: (error: unknown) => void;
}

export class IndexQueue {
  private readonly waiting: Waiting[] = [];
  private running = false;
  /** Passes started so far (for the server log and tests). */
  started = 0;

  constructor(private readonly runIndex: IndexRunner) {}

  /** An IndexRunner that goes through this queue; hand it to FolderRefreshers. */
  readonly runner: IndexRunner = (job, signal) => this.enqueue(job, signal);

  /** Index files waiting for their pass, in order. */
  pending(): string[] {
    return this.waiting.map((w) => keyOf(w.job));
  }

  enqueue(job: IndexJob, signal?: AbortSignal, guard?: () => void): Promise<IndexSummary> {
    const key = keyOf(job);
    const queued = this.waiting.find((w) => keyOf(w.job) === key);
    if (queued) return queued.promise;
    let resolve!: Waiting['resolve'];
    let reject!: Waiting['reject'];
    const promise = new Promise<IndexSummary>((res, rej) => { resolve = res; reject = rej; });
    const entry: Waiting = { job, signal, guard, promise, resolve, reject };
    this.waiting.push(entry);
    // A project stopped while its pass waits leaves the queue without running.
    signal?.addEventListener('abort', () => {
      const at = this.waiting.indexOf(entry);
      if (at >= 0) {
        this.waiting.splice(at, 1);
        reject(catalogueError('UNAVAILABLE', { key: 'index.worker_stopped', params: { code: 'aborted' } }));
      }
    }, { once: true });
    this.next();
    return promise;
  }

  private next(): void {
    if (this.running) return;
    const entry = this.waiting.shift();
    if (!entry) return;
    this.running = true;
    const run = async () => {
      entry.guard?.();
      this.started++;
      return this.runIndex(entry.job, entry.signal);
    };
    run()
      .then(entry.resolve, entry.reject)
      .finally(() => { this.running = false; this.next(); });
  }
}

/** Jobs of one index are one: its file, or its store, else its folder. */
function keyOf(job: IndexJob): string {
  return job.indexPath ?? (job.store?.kind === 'postgres' ? job.store.url : job.store?.file) ?? job.root;
}
