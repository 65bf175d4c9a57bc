/**
 * @module live/process-slots
 * The bounded queue in front of every rg/fd process: at most `capacity`
 * run at once, at most `queueMax` wait (first come, first served), and a
 * caller that cannot even queue is refused at once. A waiter leaves the
 * queue when its wait budget ends or its call is aborted, without ever
 * spawning. One instance per Quarry process, shared by every door and every
 * tool context, so two doors cannot double the number of processes.
 */
import { LIVE } from '../contracts/limits.js';

/** A granted slot: call `release` once the process has exited (extra calls do nothing). */
export type SlotTicket =
  | { granted: true; release: () => void; waitedMs: number }
  | { granted: false; reason: 'full' | 'timeout' | 'aborted'; waitedMs: number };

interface Waiter {
  grant: () => void;
}

export class ProcessSlots {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity: number, readonly queueMax: number) {}

  /** Processes holding a slot now, and callers waiting for one. */
  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  /** Waits up to `waitMs` for a slot; never longer, and never after `signal` aborts. */
  acquire(waitMs: number, signal?: AbortSignal): Promise<SlotTicket> {
    const started = performance.now();
    const waited = () => Math.round(performance.now() - started);
    if (signal?.aborted) return Promise.resolve({ granted: false, reason: 'aborted', waitedMs: 0 });
    if (this.running < this.capacity && this.waiting.length === 0) {
      this.running++;
      return Promise.resolve({ granted: true, release: this.releaser(), waitedMs: 0 });
    }
    if (this.waiting.length >= this.queueMax) return Promise.resolve({ granted: false, reason: 'full', waitedMs: 0 });
    if (waitMs <= 0) return Promise.resolve({ granted: false, reason: 'timeout', waitedMs: 0 });
    return new Promise((resolve) => {
      const leave = (reason: 'timeout' | 'aborted') => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        cleanup();
        resolve({ granted: false, reason, waitedMs: waited() });
      };
      const onAbort = () => leave('aborted');
      const timer = setTimeout(() => leave('timeout'), waitMs);
      const cleanup = () => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); };
      const waiter: Waiter = {
        grant: () => { cleanup(); resolve({ granted: true, release: this.releaser(), waitedMs: waited() }); },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so `running` never dips and a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.running--;
    };
  }
}

/** An integer setting from the environment, kept inside its range; unset or not a number gives the default. */
function setting(value: string | undefined, range: { min: number; max: number; default: number }): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, n));
}

/** Slots and queue length from QUARRY_LIVE_PROCESSES / QUARRY_LIVE_QUEUE, else LIVE's defaults. */
export function slotSettings(env: NodeJS.ProcessEnv): { capacity: number; queueMax: number } {
  return { capacity: setting(env.QUARRY_LIVE_PROCESSES, LIVE.processSlots), queueMax: setting(env.QUARRY_LIVE_QUEUE, LIVE.processQueue) };
}

let shared: ProcessSlots | null = null;

/** The process-wide queue, sized on first use. */
export function processSlots(): ProcessSlots {
  if (!shared) {
    const { capacity, queueMax } = slotSettings(process.env);
    shared = new ProcessSlots(capacity, queueMax);
  }
  return shared;
}
