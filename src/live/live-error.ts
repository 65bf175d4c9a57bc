/**
 * @module live/live-error
 * QuarryError from the catalogue in the caller's locale: every live-search
 * failure goes through here so its text is translated and its key kept.
 */
import { catalogueError, type ErrorCode, type QuarryError } from '../contracts/errors.js';
import type { Locale, MessageKey, MessageParams } from '../contracts/messages/index.js';
import { processSlots } from './process-slots.js';
import type { RunOutcome } from './run-process.js';

export function liveError(code: ErrorCode, key: MessageKey, params: MessageParams, locale: Locale): QuarryError {
  return catalogueError(code, { key, params }, locale, { key, ...params });
}

/**
 * The error of a run that was refused or cancelled before it could answer:
 * queue full is UNAVAILABLE (try again), a cancelled call is UNAVAILABLE too
 * (its client has gone, so no one reads it; the log line says "cancelled").
 * Null when the process ran and its ending is the caller's to read.
 */
export function refusedRunError(outcome: RunOutcome, locale: Locale): QuarryError | null {
  if (outcome.cancelled) return liveError('UNAVAILABLE', 'live.cancelled', {}, locale);
  if (outcome.queueFull) {
    const slots = processSlots();
    return liveError('UNAVAILABLE', 'live.busy', { running: slots.capacity, queued: slots.queueMax }, locale);
  }
  return null;
}
