/**
 * @module live/run-process
 * Runs fd or rg with an argument array (never a shell), streams stdout as
 * records to a callback, and bounds the run three ways: a wall-clock timeout
 * (SIGKILL), a cap on stdout bytes (so a huge result cannot exhaust memory)
 * and an early stop requested by the consumer. The caller decides what an
 * exit code means; this module only reports how the process ended.
 */
import { spawn } from 'node:child_process';
import { LIVE } from '../contracts/limits.js';

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
  elapsedMs: number;
}

export function runProcess(options: RunOptions): Promise<RunOutcome> {
  const maxOutput = options.maxOutputBytes ?? LIVE.outputMaxBytes;
  const started = performance.now();
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
    const kill = () => { if (child.exitCode === null) child.kill('SIGKILL'); };
    const timer = setTimeout(() => { timedOut = true; kill(); }, options.timeoutMs);

    let failure: unknown = null;
    const emit = (record: string) => {
      if (stopped || timedOut || outputCapped) return;
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
      if (stopped || timedOut || outputCapped) return;
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
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pending !== '' && !stopped && !timedOut && !outputCapped) emit(pending);
      if (failure !== null) { reject(failure instanceof Error ? failure : new Error(String(failure))); return; }
      resolve({ code, signal, stderr, timedOut, outputCapped, stopped, elapsedMs: Math.round(performance.now() - started) });
    });
  });
}
