/**
 * @module contracts/errors
 * The one error type a user can cause. Every door maps `code` to its own
 * shape (JSON-RPC error, HTTP status, exit code) in exactly one place.
 * An error remembers which catalogue text it carries, so a door can say it
 * again in the caller's locale; an unexpected error never shows its own text:
 * it becomes INTERNAL with a generic message and an id that the log repeats.
 */
import { randomBytes } from 'node:crypto';
import { message, type Locale, type MessageKey, type MessageParams } from './messages/index.js';

export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'INDEX_MISSING'
  | 'QUERY_SYNTAX'
  | 'LIMIT_EXCEEDED'
  | 'RATE_LIMITED'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'UNKNOWN_TOOL'
  | 'CURSOR_EXPIRED'
  | 'CURSOR_INVALID'
  | 'CURSOR_STALE'
  | 'PATH_OUTSIDE_ROOT'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN';

/** The catalogue text of an error: its key, parameters, and the key it is wrapped in (e.g. "Validation failed: {reason}"). */
export interface ErrorText {
  key: MessageKey;
  params?: MessageParams;
  wrap?: MessageKey;
}

export class QuarryError extends Error {
  override readonly name = 'QuarryError';
  /** The catalogue text behind `message`, when known; lets doors re-render it in another locale. */
  readonly text: ErrorText | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown; text?: ErrorText },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.text = options?.text;
  }
}

export function isQuarryError(error: unknown): error is QuarryError {
  return error instanceof QuarryError;
}

/** Renders an error text in a locale. */
export function renderText(text: ErrorText, locale: Locale): string {
  const inner = message(text.key, text.params ?? {}, locale);
  return text.wrap ? message(text.wrap, { reason: inner }, locale) : inner;
}

/** A QuarryError whose message is the catalogue's `key`, remembered for re-rendering. */
export function catalogueError(code: ErrorCode, text: ErrorText, locale: Locale = 'en', details: Record<string, unknown> = {}, cause?: unknown): QuarryError {
  return new QuarryError(code, renderText(text, locale), details, { cause, text });
}

/** The same error in `locale` (errors raised deep in an engine are written in English or the engine's locale). */
export function localizeError(error: QuarryError, locale: Locale): QuarryError {
  if (!error.text) return error;
  const text = renderText(error.text, locale);
  if (text === error.message) return error;
  return new QuarryError(error.code, text, error.details, { cause: error.cause, text: error.text });
}

/** A short random id that ties a generic INTERNAL answer to its log line. */
export function newErrorId(): string {
  return randomBytes(6).toString('hex');
}

/** Whether an error is already safe to show (a user-caused QuarryError, or a generic INTERNAL with an id). */
function isPublic(error: unknown): error is QuarryError {
  return error instanceof QuarryError && (error.code !== 'INTERNAL' || typeof error.details.error_id === 'string');
}

/**
 * Any thrown value as a QuarryError a caller may see. A foreign error (zod,
 * SQLite, fs, a bug) or an INTERNAL one with its own text becomes a generic
 * INTERNAL message with a fresh id; the original stays in `cause` for the log.
 */
export function toQuarryError(error: unknown, locale: Locale = 'en'): QuarryError {
  if (isPublic(error)) return error;
  const id = newErrorId();
  return catalogueError('INTERNAL', { key: 'internal', params: { id } }, locale, { error_id: id }, error);
}

/** The text of the real cause behind a generic INTERNAL error, for the server log only. */
export function causeText(error: QuarryError): string | undefined {
  if (error.code !== 'INTERNAL') return undefined;
  const cause = error.cause;
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`;
  return cause === undefined ? undefined : String(cause);
}

/** The body every door returns for a failed call. */
export function errorBody(error: QuarryError): { ok: false; error: string; code: string } {
  return { ok: false, error: error.message, code: error.code };
}
