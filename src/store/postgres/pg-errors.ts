/**
 * @module store/postgres/pg-errors
 * What a PostgreSQL failure means to a user, in catalogue words: the server
 * could not be reached, the connection was lost during a search or an index
 * run, or a statement ran past its time. The driver's and the server's own
 * texts never reach a caller; they stay on the error as its cause, for the log.
 * A data exception (SQLSTATE class 22: a NUL byte, an invalid regex, a
 * value out of range) during a search comes from a value of the request,
 * since a read-only search binds nothing else: it is INVALID_ARGUMENT (400),
 * not a server fault. The contracts refuse the known ones first
 * (contracts/bound-text), so SQLite and PostgreSQL answer alike; this is the
 * net for any that slips past.
 * Anything else is a bug: it passes through unchanged, and a door answers it
 * as INTERNAL with an id its log line repeats.
 */
import { catalogueError, isQuarryError } from '../../contracts/errors.js';

/** Node's socket errors that mean the server is not there (or went away). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01-57P03
 * (terminated by an administrator, a crash, or a server starting up), 53300 (too many
 * connections), 3D000 (no such database), class 28 (authentication).
 */
function isConnectionState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code === '3D000' || code.startsWith('28');
}

/** The driver's own failures carry no code; these are the ones of a connection that ended. */
const DRIVER_CONNECTION_TEXT = /connection terminated|not queryable|connection error|timeout exceeded when trying to connect|the server closed the connection/i;

export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || isQuarryError(error)) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return SOCKET_CODES.has(code) || isConnectionState(code);
  return typeof message === 'string' && DRIVER_CONNECTION_TEXT.test(message);
}

/** statement_timeout fired (query_canceled). */
function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/** A data exception (class 22): the value bound, not the server, is at fault. */
function isDataException(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('22');
}

export type PgPhase =
  | { phase: 'connect' }
  | { phase: 'search'; timeoutMs: number }
  | { phase: 'index'; publishedVersion: number };

/** A QuarryError for a failure of PostgreSQL at `store` (its display name) during `phase`; anything else passes through. */
export function pgFailure(error: unknown, store: string, during: PgPhase): unknown {
  if (isQuarryError(error)) return error;
  if (isConnectionFailure(error)) {
    if (during.phase === 'search') return catalogueError('UNAVAILABLE', { key: 'store.search_interrupted', params: { store } }, 'en', { retryable: true }, error);
    if (during.phase === 'index') {
      return catalogueError('UNAVAILABLE', { key: 'store.index_interrupted', params: { store, version: during.publishedVersion } }, 'en', { retryable: true }, error);
    }
    return catalogueError('UNAVAILABLE', { key: 'store.unreachable', params: { store } }, 'en', { retryable: true }, error);
  }
  if (isDataException(error) && during.phase === 'search') {
    return catalogueError('INVALID_ARGUMENT', { key: 'store.input_refused', params: { store } }, 'en', { sqlstate: (error as { code: string }).code }, error);
  }
  if (isStatementTimeout(error) && during.phase === 'search') {
    return catalogueError('TIMEOUT', { key: 'store.statement_timeout', params: { store, ms: during.timeoutMs } }, 'en', { ms: during.timeoutMs }, error);
  }
  return error;
}
