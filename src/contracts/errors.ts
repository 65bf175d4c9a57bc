/**
 * @module contracts/errors
 * The one error type a user can cause. Every door maps `code` to its own
 * shape (JSON-RPC error, HTTP status, exit code) in exactly one place.
 */

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

export class QuarryError extends Error {
  override readonly name = 'QuarryError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isQuarryError(error: unknown): error is QuarryError {
  return error instanceof QuarryError;
}

/** Wraps a foreign error so doors only ever see QuarryError; keeps the cause. */
export function toQuarryError(error: unknown): QuarryError {
  if (error instanceof QuarryError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new QuarryError('INTERNAL', message, {}, { cause: error });
}
