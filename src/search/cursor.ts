/**
 * @module search/cursor
 * Pagination cursors: base64url JSON of the query hash, the offset, the
 * index version and the issue time, signed with HMAC-SHA256 under a secret
 * kept in the index, so a client can neither forge an offset nor reuse a
 * cursor on another query. Expired and stale cursors get distinct errors.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CURSOR } from '../contracts/limits.js';
import { validationError, type SearchCodeParams } from '../contracts/search-code-params.js';

interface CursorBody {
  /** Hash of the normalised query and filters. */
  q: string;
  o: number;
  v: number;
  t: number;
}

/** What a cursor is bound to: everything that changes the ranked list, not the page size or shape. */
export function queryHash(params: SearchCodeParams): string {
  const key = JSON.stringify([params.query, params.mode, params.language, params.repository, params.caseSensitive]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeCursor(params: SearchCodeParams, offset: number, indexVersion: number, secret: string, now = Date.now()): string {
  const body: CursorBody = { q: queryHash(params), o: offset, v: indexVersion, t: now };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The offset a cursor stands for, after checking signature, query, age and index version. */
export function decodeCursor(cursor: string, params: SearchCodeParams, indexVersion: number, secret: string, now = Date.now()): number {
  const [payload, signature, extra] = cursor.split('.');
  const expected = payload ? sign(payload, secret) : '';
  if (!payload || !signature || extra !== undefined || signature.length !== expected.length
    || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    throw validationError('search_code.cursor_invalid', {}, 'CURSOR_INVALID');
  }
  let body: CursorBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorBody;
  } catch {
    throw validationError('search_code.cursor_invalid', {}, 'CURSOR_INVALID');
  }
  if (body.q !== queryHash(params)) throw validationError('search_code.cursor_other_query', {}, 'CURSOR_INVALID');
  if (now - body.t > CURSOR.ttlMs) throw validationError('search_code.cursor_expired', { minutes: CURSOR.ttlMs / 60_000 }, 'CURSOR_EXPIRED');
  if (body.v !== indexVersion) throw validationError('search_code.cursor_stale', { issued: body.v, current: indexVersion }, 'CURSOR_STALE');
  if (!Number.isInteger(body.o) || body.o < 0 || body.o > CURSOR.maxOffset) {
    throw validationError('search_code.cursor_too_deep', { offset: body.o, max: CURSOR.maxOffset });
  }
  return body.o;
}
