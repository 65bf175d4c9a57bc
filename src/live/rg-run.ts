/**
 * @module live/rg-run
 * One ripgrep invocation and what its ending means: exit 0/1 are results,
 * a killed process past the deadline (or a wait for a process slot that
 * would pass it) is TIMEOUT (never an empty result), a full process queue
 * or a cancelled call is UNAVAILABLE, a
 * bad pattern is QUERY_SYNTAX, a refused encoding or glob is
 * INVALID_ARGUMENT, and per-file read errors (exit 2 with "os error" lines)
 * are kept as warnings while the results of the other files stand.
 */
import type { Locale } from '../contracts/messages/index.js';
import { message } from '../contracts/messages/index.js';
import type { Binary } from './binaries.js';
import { DOCUMENTED_ENCODINGS } from './encoding.js';
import { liveError, refusedRunError } from './live-error.js';
import { runProcess } from './run-process.js';

export interface Deadline {
  /** The caller's timeout_ms, for the message. */
  timeoutMs: number;
  endsAt: number;
  /** The call's cancellation (client gone or cancelled): no further run starts, a running one is killed. */
  signal?: AbortSignal;
}

export function deadline(timeoutMs: number, signal?: AbortSignal): Deadline {
  return { timeoutMs, endsAt: performance.now() + timeoutMs, ...(signal ? { signal } : {}) };
}

export interface RgRunResult {
  outputCapped: boolean;
  elapsedMs: number;
  /** Per-file problems reported by ripgrep (unreadable paths). */
  warnings: string[];
}

export async function runRg(
  rg: Binary, args: string[], cwd: string, limit: Deadline, locale: Locale,
  onRecord: (record: string) => void, separator: '\n' | '\0' = '\n',
): Promise<RgRunResult> {
  const remaining = Math.floor(limit.endsAt - performance.now());
  if (remaining <= 0) throw liveError('TIMEOUT', 'live.timeout', { ms: limit.timeoutMs }, locale);
  const outcome = await runProcess({ command: rg.path, args, cwd, timeoutMs: remaining, separator, onRecord, signal: limit.signal }).catch((error: NodeJS.ErrnoException) => {
    // spawn failed (binary removed since it was located): the install hint, not an internal error
    if (error.syscall?.startsWith('spawn')) throw liveError('UNAVAILABLE', 'live.rg_missing', { reason: error.message }, locale);
    throw error;
  });
  const refused = refusedRunError(outcome, locale);
  if (refused) throw refused;
  if (outcome.timedOut) throw liveError('TIMEOUT', 'live.timeout', { ms: limit.timeoutMs }, locale);
  const stderr = outcome.stderr.trim();
  if (outcome.outputCapped) return { outputCapped: true, elapsedMs: outcome.elapsedMs, warnings: [] };
  if (outcome.code === 0 || outcome.code === 1) return { outputCapped: false, elapsedMs: outcome.elapsedMs, warnings: [] };
  if (/regex parse error|error parsing regex|PCRE2|regex/i.test(stderr) && !/os error/.test(stderr)) {
    throw liveError('QUERY_SYNTAX', 'live.pattern_invalid', { tool: 'ripgrep', reason: stderr.split('\n').slice(0, 6).join(' ') }, locale);
  }
  if (/encoding/i.test(stderr) && !/os error/.test(stderr)) {
    const value = /encoding:\s*(\S+)/i.exec(stderr)?.[1] ?? '?';
    throw liveError('INVALID_ARGUMENT', 'live.encoding_unsupported', { value, valid: DOCUMENTED_ENCODINGS.join(', ') }, locale);
  }
  const fileErrors = stderr.split('\n').filter((line) => /\(os error \d+\)/.test(line));
  if (outcome.code === 2 && fileErrors.length > 0) {
    const warning = message('live.file_errors', { tool: 'ripgrep', count: fileErrors.length, sample: fileErrors[0] }, locale);
    return { outputCapped: false, elapsedMs: outcome.elapsedMs, warnings: [warning] };
  }
  const code = outcome.code ?? `signal ${outcome.signal}`;
  throw liveError(outcome.code === 2 ? 'INVALID_ARGUMENT' : 'UNAVAILABLE', 'live.tool_failed', { tool: 'ripgrep', code, reason: stderr || 'no message' }, locale);
}
