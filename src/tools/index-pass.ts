/**
 * @module tools/index-pass
 * The index pass a door runs over its folder at start (`quarry mcp`'s child
 * `quarry index`, `quarry serve`'s first refresh): whether it still runs, how
 * far it has got, and how long a search waits for it. A no-change refresh or
 * a small tree ends within INDEX_PASS.searchWaitMs, and searches answer from
 * the finished index as before; a first build of a large tree takes minutes,
 * longer than an agent waits for a tool call, so past that wait a search
 * answers from what the pass has committed (every write transaction is
 * whole, and moves the index version on, so cached answers never outlive
 * it), with a warning that says how far the pass has got.
 */
import { INDEX_PASS } from '../contracts/limits.js';
import { message, type Locale } from '../contracts/messages/index.js';
import { envInt } from '../search/search-pool.js';

/** How far a pass has got, as `quarry index` reports it. */
export interface PassProgress {
  filesDone: number;
  filesTotal: number;
}

/** QUARRY_INDEX_WAIT_MS, clamped to INDEX_PASS's bounds; the default when absent or not an integer. */
export function searchWaitMs(env: NodeJS.ProcessEnv): number {
  return envInt(env.QUARRY_INDEX_WAIT_MS, 0, INDEX_PASS.searchWaitMsMax) ?? INDEX_PASS.searchWaitMs;
}

export class IndexPass {
  private running = false;
  private progress: PassProgress | null = null;
  /** Settles when the pass tracked last ends, however it ends. */
  private ended: Promise<void> = Promise.resolve();
  /** When that pass started (performance.now()). */
  private startedAt = 0;

  /** A pass has started; `done` settles when it ends (a failed pass ends too: searches then say what is wrong). */
  track(done: Promise<unknown>): void {
    this.running = true;
    this.progress = null;
    this.startedAt = performance.now();
    const ended: Promise<void> = done.then(() => undefined, () => undefined).then(() => {
      if (this.ended === ended) this.running = false;
    });
    this.ended = ended;
  }

  /** The pass's latest progress line (ignored once it has ended). */
  report(progress: PassProgress): void {
    if (this.running) this.progress = { filesDone: progress.filesDone, filesTotal: progress.filesTotal };
  }

  get underWay(): boolean {
    return this.running;
  }

  /**
   * Waits for the pass to end, until `ms` after it started: once that is past, searches no longer
   * wait for it (each would wait again otherwise). True when no pass runs any more.
   */
  waitForPass(ms: number): Promise<boolean> {
    return this.waitAtMost(this.startedAt + ms - performance.now());
  }

  /** Waits for the pass to end, at most `ms` from now; true when none runs any more. */
  async waitAtMost(ms: number): Promise<boolean> {
    if (!this.running) return true;
    if (ms <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
    try {
      await Promise.race([this.ended, timeout]);
    } finally {
      clearTimeout(timer);
    }
    return !this.running;
  }

  /**
   * What an answer read while the pass runs says of itself; null when no pass runs. `wholeFiles`:
   * the answer came from the pass's first stage, whose files number that: exact or regex lines read
   * from the files (search/first-stage-reader), or, `from` 'words', word hits of its chunks
   * (search/first-stage-words).
   */
  notice(locale: Locale, wholeFiles?: number, from: 'lines' | 'words' = 'lines'): string | null {
    if (!this.running) return null;
    const progress = this.progress;
    if (wholeFiles !== undefined) {
      const counts = { done: progress?.filesDone ?? 0, total: progress?.filesTotal || wholeFiles };
      return message(from === 'words' ? 'index.building_words' : 'index.building_whole', counts, locale);
    }
    return progress && progress.filesTotal > 0
      ? message('index.building', { done: progress.filesDone, total: progress.filesTotal }, locale)
      : message('index.building_started', {}, locale);
  }
}

/** `reply` with the pass's warning (IndexPass.notice) after its own, when there is one. */
export function withPassNotice<T extends object>(reply: T, notice: string | null): T & { warnings?: string[] } {
  if (!notice) return reply;
  const earlier = (reply as { warnings?: string[] }).warnings ?? [];
  return { ...reply, warnings: [...earlier, notice] };
}
