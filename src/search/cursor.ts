/**
 * @module search/cursor
 * Pagination cursors: the query hash, the offset, the index version and the
 * issue time in 22 bytes, base64url, then a 128-bit HMAC-SHA256 tag under a
 * secret kept in the index, so a client can neither forge an offset nor
 * reuse a cursor on another query. Expired and stale cursors get distinct
 * errors. Binary rather than JSON because a model reads the cursor in every
 * reply that has more: 53 characters are about 34 tokens (o200k), the
 * earlier JSON form's 131 were 78.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CURSOR } from '../contracts/limits.js';
import { validationError, type SearchCodeParams } from '../contracts/search-code-params.js';

interface CursorBody {
  /** Hash of the normalised query and filters (8 bytes). */
  q: Buffer;
  o: number;
  v: number;
  /** Issue time, whole seconds. */
  t: number;
}

const LAYOUT = { q: 0, o: 8, v: 12, t: 18, size: 22 } as const;
const TAG_BYTES = 16;

/** What a cursor is bound to: everything that changes the ranked list, not the page size or shape. */
function queryHash(params: SearchCodeParams): Buffer {
  const key = JSON.stringify([params.query, params.mode, params.language, params.repository, params.caseSensitive]);
  return createHash('sha256').update(key).digest().subarray(0, LAYOUT.o);
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, TAG_BYTES).toString('base64url');
}

function pack(body: CursorBody): string {
  const bytes = Buffer.alloc(LAYOUT.size);
  body.q.copy(bytes, LAYOUT.q);
  bytes.writeUInt32BE(body.o, LAYOUT.o);
  bytes.writeUIntBE(body.v, LAYOUT.v, LAYOUT.t - LAYOUT.v);
  bytes.writeUInt32BE(body.t, LAYOUT.t);
  return bytes.toString('base64url');
}

function unpack(payload: string): CursorBody | null {
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== LAYOUT.size) return null;
  return {
    q: bytes.subarray(LAYOUT.q, LAYOUT.o), o: bytes.readUInt32BE(LAYOUT.o),
    v: bytes.readUIntBE(LAYOUT.v, LAYOUT.t - LAYOUT.v), t: bytes.readUInt32BE(LAYOUT.t),
  };
}

export function encodeCursor(params: SearchCodeParams, offset: number, indexVersion: number, secret: string, now = Date.now()): string {
  const payload = pack({ q: queryHash(params), o: offset, v: indexVersion, t: Math.floor(now / 1000) });
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
  const body = unpack(payload);
  if (!body) throw validationError('search_code.cursor_invalid', {}, 'CURSOR_INVALID');
  if (!body.q.equals(queryHash(params))) throw validationError('search_code.cursor_other_query', {}, 'CURSOR_INVALID');
  if (now - body.t * 1000 > CURSOR.ttlMs) throw validationError('search_code.cursor_expired', { minutes: CURSOR.ttlMs / 60_000 }, 'CURSOR_EXPIRED');
  if (body.v !== indexVersion) throw validationError('search_code.cursor_stale', { issued: body.v, current: indexVersion }, 'CURSOR_STALE');
  if (body.o > CURSOR.maxOffset) throw validationError('search_code.cursor_too_deep', { offset: body.o, max: CURSOR.maxOffset });
  return body.o;
}
