/**
 * @module store/chunk-text
 * How the SQLite index keeps chunk text (issue 12): `chunks.content` holds
 * either the text itself (TEXT, for short chunks and every row of an index
 * written before content format 5) or its raw deflate (BLOB). The storage
 * class is the flag, so both kinds read back the same and an older index
 * keeps answering while it is re-indexed. Every statement reads the column
 * through the SQL function `chunk_text`, registered on each connection of
 * the store; the FTS5 indexes are always fed the plain text.
 */
import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import { STORE } from '../contracts/limits.js';

/**
 * What `chunks.content` stores for `text`: the raw deflate when it is worth it, else the text.
 * The deflate is copied out: zlib returns a view of a 16 KiB output buffer, which a prepare
 * worker's message would copy whole and the in-flight window would keep alive (peak RSS on fs/
 * went from 501 to 756 MB before the copy).
 */
export function packChunkText(text: string): string | Uint8Array {
  if (text.length < STORE.chunkTextDeflateMinBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  const packed = zlib.deflateRawSync(bytes, { level: STORE.chunkTextDeflateLevel });
  return packed.length < bytes.length ? new Uint8Array(packed) : text;
}

/** The text of a stored `chunks.content` value. */
export function unpackChunkText(stored: string | Uint8Array): string {
  if (typeof stored === 'string') return stored;
  return zlib.inflateRawSync(stored).toString('utf8');
}

/** A packed value as better-sqlite3 binds it: a Buffer view of the bytes, without a copy. */
export function bindableChunkText(stored: string | Uint8Array): string | Buffer {
  return typeof stored === 'string' || Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
}

/** Registers `chunk_text(content)` on a connection of the index (read-only ones too). */
export function registerChunkText(db: Database.Database): void {
  db.function('chunk_text', { deterministic: true }, (stored: unknown) => {
    if (typeof stored === 'string' || stored instanceof Uint8Array) return unpackChunkText(stored);
    return stored as null;
  });
}
