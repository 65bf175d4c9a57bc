/**
 * @module live/run-process
 * Runs fd or rg with an argument array (never a shell), streams stdout as
 * records to a callback, and bounds the run: a slot in the process-wide
 * queue first (the wait counts against the timeout), a wall-clock timeout
 * (SIGKILL), a cap on stdout bytes (so a huge result cannot exhaust memory),
 * an early stop requested by the consumer, and the caller's AbortSignal
 * (client gone or cancelled: SIGTERM, then SIGKILL after a grace). The slot
 * is freed when the process has exited. The caller decides what an exit
 * code means; this module only reports how the process ended.
 */
import { spawn } from 'node:child_process';
import { LIVE } from '../contracts/limits.js';
import { processSlots, type ProcessSlots } from './process-slots.js';

export interface RunOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  timeoutMs: number;
  /** Record separator of stdout: '\n' for JSON lines, '\0' for fd -0. */
  separator: '\n' | '\0';
  /** Called per record; return false to stop the process (enough was read). */
  onRecord: (record: string) => boolean | void;
  maxOutputBytes?: number;
  env?: NodeJS.ProcessEnv;
  /** Aborted when the caller no longer wants the answer: a queued run leaves the queue, a running one is killed. */
  signal?: AbortSignal;
  /** The queue to wait in: the process-wide one unless given; null runs without one (the one-off --version probe). */
  slots?: ProcessSlots | null;
}

export interface RunOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  timedOut: boolean;
  /** stdout passed maxOutputBytes and the process was killed. */
  outputCapped: boolean;
  /** The consumer asked to stop. */
  stopped: boolean;
  /** The signal aborted: the process was killed, or never started. */
  cancelled: boolean;
  /** The queue was full: the process never started. */
  queueFull: boolean;
  /** Time spent waiting for a slot (part of the timeout). */
  queuedMs: number;
  /** Time the process ran. */
  elapsedMs: number;
}

export async function runProcess(options: RunOptions): Promise<RunOutcome> {
  const slots = options.slots === undefined ? processSlots() : options.slots;
  if (!slots) return spawnBounded(options, options.timeoutMs, 0);
  const ticket = await slots.acquire(options.timeoutMs, options.signal);
  if (!ticket.granted) {
    return {
      code: null, signal: null, stderr: '', outputCapped: false, stopped: false, elapsedMs: 0, queuedMs: ticket.waitedMs,
      timedOut: ticket.reason === 'timeout', cancelled: ticket.reason === 'aborted', queueFull: ticket.reason === 'full',
    };
  }
  try {
    return await spawnBounded(options, options.timeoutMs - ticket.waitedMs, ticket.waitedMs);
  } finally {
    ticket.release();
  }
}

/** One process, already holding its slot: settles only once the process has exited. */
function spawnBounded(options: RunOptions, timeoutMs: number, queuedMs: number): Promise<RunOutcome> {
  const maxOutput = options.maxOutputBytes ?? LIVE.outputMaxBytes;
  const started = performance.now();
  const signal = options.signal;
  if (signal?.aborted || timeoutMs <= 0) {
    return Promise.resolve({
      code: null, signal: null, stderr: '', outputCapped: false, stopped: false, elapsedMs: 0, queuedMs,
      timedOut: !signal?.aborted, cancelled: signal?.aborted === true, queueFull: false,
    });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true,
    });
    let stderr = '';
    let outBytes = 0;
    let pending = '';
    let timedOut = false;
    let outputCapped = false;
    let stopped = false;
    let cancelled = false;
    const running = () => child.exitCode === null && child.signalCode === null;
    const kill = () => { if (running()) child.kill('SIGKILL'); };
    const timer = setTimeout(() => { timedOut = true; kill(); }, timeoutMs);
    let graceTimer: NodeJS.Timeout | undefined;
    // Cancelled: ask politely (rg and fd exit at once on SIGTERM), then make sure.
    const onAbort = () => {
      if (!running()) return;
      cancelled = true;
      child.kill('SIGTERM');
      graceTimer = setTimeout(kill, LIVE.killGraceMs);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => { clearTimeout(timer); clearTimeout(graceTimer); signal?.removeEventListener('abort', onAbort); };

    let failure: unknown = null;
    const emit = (record: string) => {
      if (stopped || timedOut || outputCapped || cancelled) return;
      try {
        if (options.onRecord(record) === false) { stopped = true; kill(); }
      } catch (error) {
        // A record the consumer cannot read: stop, and fail the run rather than crash the process.
        failure = error;
        stopped = true;
        kill();
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped || timedOut || outputCapped || cancelled) return;
      outBytes += Buffer.byteLength(chunk);
      if (outBytes > maxOutput) { outputCapped = true; kill(); return; }
      pending += chunk;
      let start = 0;
      let at: number;
      while ((at = pending.indexOf(options.separator, start)) >= 0) {
        const record = pending.slice(start, at);
        start = at + 1;
        if (record !== '') emit(record);
        if (stopped) return;
      }
      pending = pending.slice(start);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < LIVE.stderrMaxBytes) stderr += chunk.slice(0, LIVE.stderrMaxBytes - stderr.length);
    });
    child.on('error', (error) => { settle(); reject(error); });
    child.on('close', (code, exitSignal) => {
      settle();
      if (pending !== '' && !stopped && !timedOut && !outputCapped && !cancelled) emit(pending);
      if (failure !== null) { reject(failure instanceof Error ? failure : new Error(String(failure))); return; }
      resolve({
        code, signal: exitSignal, stderr, timedOut, outputCapped, stopped, cancelled, queueFull: false, queuedMs,
        elapsedMs: Math.round(performance.now() - started),
      });
    });
  });
}
