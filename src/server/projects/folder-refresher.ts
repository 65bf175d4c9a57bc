/**
 * @module server/projects/folder-refresher
 * Keeps a folder project's index fresh while the server runs: an
 * incremental re-index (only changed files are read) after file changes
 * settle, found with a recursive `fs.watch` (inotify on Linux); where the OS
 * cannot watch (inotify limits, unsupported file systems) it polls on an
 * interval instead. Runs never overlap: changes during a run schedule one more.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HTTP } from '../../contracts/limits.js';
import type { IndexSummary } from '../../ingest/indexer.js';
import type { IndexJob, IndexRunner } from '../../ingest/index-runner.js';

export type RefreshMode = 'watch' | 'poll' | 'off';

export interface RefresherOptions {
  mode: RefreshMode;
  debounceMs?: number;
  intervalMs?: number;
  /** Absolute paths the server writes inside the folder (index file, data dir); their changes are ignored. */
  ownFiles?: readonly string[];
  /** A failed run this says is no failure (another server is writing the shared index): logged, and the folder is followed on. */
  skipWhen?: (error: unknown) => boolean;
  /** One line per run or failure; the server passes its pino logger. */
  log: (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, msg: string) => void;
  /** After a run that changed the index of the folder at `root` (the server's search workers read ahead). */
  onRefreshed?: (root: string) => void;
}

/** Changes inside these never change the index (the index itself lives in .quarry). */
const IGNORED_PREFIXES = ['.quarry', '.git'];

/**
 * Whether a change to `filename` (relative to the watched folder) can be
 * ignored. `ownFiles` are absolute paths the server itself writes (an index
 * or data dir placed inside the folder): following them would re-index after
 * every re-index, forever.
 */
export function isIgnoredChange(filename: string | null, root = '', ownFiles: readonly string[] = []): boolean {
  if (!filename) return false;
  const first = filename.split(/[\\/]/)[0];
  if (IGNORED_PREFIXES.includes(first ?? '')) return true;
  const absolute = path.join(root, filename);
  return ownFiles.some((own) => absolute === own || absolute.startsWith(own + path.sep) || absolute.startsWith(`${own}-`));
}

export class FolderRefresher {
  private watcher: fs.FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<IndexSummary | null> | null = null;
  private dirty = false;
  private stopped = false;
  /** Stops a run in progress on shutdown instead of waiting for a whole folder to be indexed. */
  private readonly abort = new AbortController();
  private mode: RefreshMode;

  constructor(private readonly job: IndexJob, private readonly runIndex: IndexRunner, private readonly options: RefresherOptions) {
    this.mode = options.mode;
  }

  /** First index run; then watches (or polls) for changes. Rejects when the first run fails (null: skipped, see `skipWhen`). */
  async start(): Promise<IndexSummary | null> {
    let summary: IndexSummary | null;
    try {
      summary = await this.runIndex(this.job, this.abort.signal);
      this.options.log('info', { event: 'index_refreshed', root: this.job.root, ...summaryFields(summary) }, 'index ready');
    } catch (error) {
      if (!this.options.skipWhen?.(error)) throw error;
      this.logSkipped(error);
      summary = null;
    }
    if (!this.stopped) this.follow();
    return summary;
  }

  private logSkipped(error: unknown): void {
    this.options.log('info', { event: 'index_refresh_skipped', root: this.job.root, reason: (error as Error).message }, 'index refresh skipped');
  }

  /** How changes are followed now ('poll' after a failed watch). */
  currentMode(): RefreshMode {
    return this.mode;
  }

  /** Resolves once the run in progress, if any, has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watcher?.close();
    this.watcher = null;
    if (this.timer) clearTimeout(this.timer);
    if (this.interval) clearInterval(this.interval);
    this.abort.abort();
    await this.idle();
  }

  private follow(): void {
    if (this.mode === 'watch') {
      try {
        this.watcher = fs.watch(this.job.root, { recursive: true }, (_event, filename) => {
          const changed = filename === null ? null : String(filename);
          if (!isIgnoredChange(changed, this.job.root, this.options.ownFiles)) this.schedule();
        });
        this.watcher.on('error', (error) => this.fallBackToPolling(error));
        return;
      } catch (error) {
        this.fallBackToPolling(error as Error);
        return;
      }
    }
    if (this.mode === 'poll') this.startPolling();
  }

  private fallBackToPolling(error: Error): void {
    this.watcher?.close();
    this.watcher = null;
    this.options.log('warn', { event: 'watch_failed', root: this.job.root, error: error.message }, 'cannot watch folder; polling instead');
    this.mode = 'poll';
    this.startPolling();
  }

  private startPolling(): void {
    if (this.stopped || this.interval) return;
    this.interval = setInterval(() => this.trigger(), this.options.intervalMs ?? HTTP.reindexIntervalMs);
    this.interval.unref();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timer = null; this.trigger(); }, this.options.debounceMs ?? HTTP.reindexDebounceMs);
  }

  private trigger(): void {
    if (this.stopped) return;
    if (this.running) { this.dirty = true; return; }
    this.running = this.runIndex(this.job, this.abort.signal)
      .then((summary) => {
        if (summary.added + summary.updated + summary.deleted > 0) {
          this.options.log('info', { event: 'index_refreshed', root: this.job.root, ...summaryFields(summary) }, 'index refreshed');
          this.options.onRefreshed?.(this.job.root);
        }
        return summary;
      })
      .catch((error: Error) => {
        if (this.stopped) return null;
        if (this.options.skipWhen?.(error)) { this.logSkipped(error); return null; }
        // A failed refresh keeps the previous index, which stays consistent; the next change retries.
        this.options.log('error', { event: 'index_refresh_failed', root: this.job.root, error: error.message }, 'index refresh failed');
        return null;
      })
      .finally(() => {
        this.running = null;
        if (this.dirty && !this.stopped) { this.dirty = false; this.trigger(); }
      });
  }
}

function summaryFields(summary: IndexSummary): Record<string, number> {
  return {
    files: summary.files, added: summary.added, updated: summary.updated, deleted: summary.deleted,
    duration_ms: summary.duration_ms, index_version: summary.index_version,
  };
}
