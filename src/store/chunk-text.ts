/**
 * @module store/chunk-text
 * How the SQLite index keeps chunk text (issue 12): `chunks.content` holds
 * either the text itself (TEXT, for short chunks and every row of an index
 * written before content format 5) or a deflated form (BLOB). The storage
 * class is the flag, so every kind reads back the same and an older index
 * keeps answering while it is re-indexed. Every statement reads the column
 * through the SQL function `chunk_text`, registered on each connection of
 * the store; the FTS5 indexes are always fed the plain text.
 *
 * Two BLOB layouts exist:
 * - a segment (written since schema step 6): the byte SEGMENT_MARK, the text's UTF-8 length as
 *   LEB128, then raw deflate ended by a sync flush instead of a final block. A segment ends on a
 *   byte boundary and refers only to its own bytes, so the segments of a scan's batch are
 *   inflated in one zlib call (a call costs ~7 us whatever its size: 3,409 chunks took 26-44 ms
 *   one by one, 15 ms in batches of 256);
 * - a whole raw deflate stream (schema steps 4-5), inflated alone. Its first byte never equals
 *   SEGMENT_MARK: that mark's block type (11) is reserved in deflate, so no stream starts with it.
 */
import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import { STORE } from '../contracts/limits.js';

/** First byte of a segment: BFINAL 1 with BTYPE 11, which no deflate stream begins with. */
const SEGMENT_MARK = 0x07;
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

function writeLength(length: number): number[] {
  const bytes: number[] = [];
  for (let rest = length; ; rest = Math.floor(rest / 128)) {
    if (rest < 128) { bytes.push(rest); return bytes; }
    bytes.push((rest % 128) | 128);
  }
}

/** A segment's header: its text's byte length and where its deflate starts. */
function readHeader(stored: Uint8Array): { length: number; start: number } {
  let length = 0;
  let scale = 1;
  for (let at = 1; at < stored.length && at < 8; at++) {
    const byte = stored[at]!;
    length += (byte & 127) * scale;
    if (byte < 128) return { length, start: at + 1 };
    scale *= 128;
  }
  throw new Error('stored chunk text: broken segment header');
}

const isSegment = (stored: Uint8Array) => stored[0] === SEGMENT_MARK;

/**
 * What `chunks.content` stores for `text`: a segment when it is worth it, else the text.
 * The bytes are copied out: zlib returns a view of a 16 KiB output buffer, which a prepare
 * worker's message would copy whole and the in-flight window would keep alive (peak RSS on fs/
 * went from 501 to 756 MB before the copy).
 */
export function packChunkText(text: string): string | Uint8Array {
  if (text.length < STORE.chunkTextDeflateMinBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  const deflated = zlib.deflateRawSync(bytes, { level: STORE.chunkTextDeflateLevel, ...SYNC });
  const header = [SEGMENT_MARK, ...writeLength(bytes.length)];
  if (header.length + deflated.length >= bytes.length) return text;
  const packed = new Uint8Array(header.length + deflated.length);
  packed.set(header);
  packed.set(deflated, header.length);
  return packed;
}

function inflated(bytes: Uint8Array, length: number): Buffer {
  const out = zlib.inflateRawSync(bytes, { ...SYNC, chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, length) });
  if (out.length !== length) throw new Error(`stored chunk text: ${out.length} bytes inflated where ${length} were stored`);
  return out;
}

/** The UTF-8 bytes of one stored value. */
function unpackOne(stored: string | Uint8Array): Buffer {
  if (typeof stored === 'string') return Buffer.from(stored, 'utf8');
  if (!isSegment(stored)) return zlib.inflateRawSync(stored);
  const { length, start } = readHeader(stored);
  return inflated(stored.subarray(start), length);
}

/** The text of a stored `chunks.content` value. */
export function unpackChunkText(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : unpackOne(stored).toString('utf8');
}

/**
 * The UTF-8 bytes of many stored values, in their order: the segments among them in one zlib call
 * (their deflate concatenated), everything else one by one. The results are views of one buffer.
 */
export function unpackChunkBytes(stored: readonly (string | Uint8Array)[]): Buffer[] {
  const out: Buffer[] = new Array<Buffer>(stored.length);
  const parts: Uint8Array[] = [];
  const lengths: { at: number; length: number }[] = [];
  let total = 0;
  stored.forEach((value, at) => {
    if (typeof value !== 'string' && isSegment(value)) {
      const { length, start } = readHeader(value);
      parts.push(value.subarray(start));
      lengths.push({ at, length });
      total += length;
    } else out[at] = unpackOne(value);
  });
  if (parts.length > 0) {
    const all = inflated(parts.length === 1 ? parts[0]! : Buffer.concat(parts), total);
    let offset = 0;
    for (const { at, length } of lengths) {
      out[at] = all.subarray(offset, offset + length);
      offset += length;
    }
  }
  return out;
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
