/**
 * @module store/chunk-text
 * How the SQLite index keeps chunk text: `chunks.content` holds
 * either the text itself (TEXT, for short chunks and every row of an index
 * written before content format 5) or a packed form (BLOB). The storage
 * class is the flag, so every kind reads back the same and an older index
 * keeps answering while it is re-indexed. Every statement reads the column
 * through the SQL function `chunk_text`, registered on each connection of
 * the store; the FTS5 indexes are always fed the plain text.
 *
 * Four BLOB layouts exist, told apart by their first byte:
 * - a dictionary segment (written now once the index has a dictionary, store/text-dictionary):
 *   the byte DICTIONARY_MARK, the dictionary's id and the text's UTF-8 length as LEB128, then one
 *   zstd frame packed with that dictionary. The dictionaries are registered in this process by
 *   the stores that hold them (registerTextDictionary);
 * - a zstd segment (written before the index has a dictionary): the byte ZSTD_MARK, the text's
 *   UTF-8 length as LEB128, then one zstd frame without its own size, checksum or dictionary id.
 *   zstd reads concatenated frames in one call, so the segments of a scan's batch are unpacked
 *   together (those of one dictionary too). Against the deflate segments below, on 23 MB of
 *   kernel chunks: unpacking about 2x as fast (the larger part of an exact search after SQLite's
 *   own work), packing 3.6x as fast, 1.6% larger;
 * - a deflate segment (written before the zstd ones): SEGMENT_MARK, the same length, then raw deflate
 *   ended by a sync flush instead of a final block, so a batch's segments also inflate in one
 *   zlib call (a call costs ~7 us whatever its size);
 * - a whole raw deflate stream (schema steps 4-5), inflated alone.
 * Every mark has deflate's reserved block type (11) in its low bits, so no deflate stream starts
 * with one. Rows keep the layout they were written in until their file changes.
 */
import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import zstd from 'zstd-napi/binding.js';
import { STORE } from './store-tuning.js';
import { textDictionaryId } from './text-dictionary.js';

/** First byte of a deflate segment: BFINAL 1 with BTYPE 11, which no deflate stream begins with. */
const SEGMENT_MARK = 0x07;
/** First byte of a zstd segment: BTYPE 11 again (0b1111). */
const ZSTD_MARK = 0x0f;
/** First byte of a zstd segment packed with a dictionary: BTYPE 11 again (0b10111). */
const DICTIONARY_MARK = 0x17;
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

function writeLength(length: number): number[] {
  const bytes: number[] = [];
  for (let rest = length; ; rest = Math.floor(rest / 128)) {
    if (rest < 128) { bytes.push(rest); return bytes; }
    bytes.push((rest % 128) | 128);
  }
}

/** LEB128 at `at` (at most 5 bytes), and where the next field starts. */
function readVarint(stored: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < stored.length && i < at + 5; i++) {
    const byte = stored[i]!;
    value += (byte & 127) * scale;
    if (byte < 128) return { value, next: i + 1 };
    scale *= 128;
  }
  throw new Error('stored chunk text: broken segment header');
}

/** The codec of a segment: deflate, zstd alone, or zstd with the dictionary of this id. */
type Codec = 'deflate' | 'zstd' | number;

/** A segment's header: its codec, its text's byte length and where its packed bytes start (null: not a segment). */
function readHeader(stored: Uint8Array): { codec: Codec; length: number; start: number } | null {
  const mark = stored[0];
  if (mark === DICTIONARY_MARK) {
    const id = readVarint(stored, 1);
    const length = readVarint(stored, id.next);
    return { codec: id.value, length: length.value, start: length.next };
  }
  if (mark !== ZSTD_MARK && mark !== SEGMENT_MARK) return null;
  const length = readVarint(stored, 1);
  return { codec: mark === ZSTD_MARK ? 'zstd' : 'deflate', length: length.value, start: length.next };
}

/**
 * A dictionary known to this thread, with its zstd forms made on first use: a compression context
 * of its own with the dictionary loaded (its frames keep the settings below: a CDict passed per
 * call would write the frame's size and dictionary id again, ~6 bytes a chunk), and a DDict.
 */
interface KnownDictionary { bytes: Uint8Array; packing?: zstd.CCtx; unpacking?: zstd.DDict }

/** Dictionaries by id. An id is a hash of the dictionary's bytes, so stores of different indexes share entries safely. */
const dictionaries = new Map<number, KnownDictionary>();

/** Makes a dictionary's segments readable (and packable) in this thread; returns its id. */
export function registerTextDictionary(bytes: Uint8Array): number {
  const id = textDictionaryId(bytes);
  const known = dictionaries.get(id);
  if (!known) dictionaries.set(id, { bytes });
  // Ids are hashes: two dictionaries with one id would unpack each other's rows into garbage.
  else if (Buffer.compare(known.bytes, bytes) !== 0) throw new Error(`stored chunk text: two different dictionaries have the id ${id}`);
  return id;
}

function knownDictionary(id: number): KnownDictionary {
  const known = dictionaries.get(id);
  if (!known) throw new Error(`stored chunk text: dictionary ${id} is not loaded`);
  return known;
}

/** One compression and one decompression context per thread, made on first use and reused (a context costs an allocation of its tables). */
let packer: { context: zstd.CCtx; scratch: Buffer } | null = null;
let unpacker: zstd.DCtx | null = null;

function packingContext(): zstd.CCtx {
  const context = new zstd.CCtx();
  context.setParameter(zstd.CParameter.compressionLevel, STORE.chunkTextZstdLevel);
  // The segment header already holds the length (and the dictionary's id); a checksum would only guard against what SQLite guards against.
  context.setParameter(zstd.CParameter.contentSizeFlag, 0);
  context.setParameter(zstd.CParameter.checksumFlag, 0);
  context.setParameter(zstd.CParameter.dictIDFlag, 0);
  return context;
}

function zstdPacker(): { context: zstd.CCtx; scratch: Buffer } {
  // The scratch buffer grows to the largest chunk's bound on demand.
  packer ??= { context: packingContext(), scratch: Buffer.alloc(0) };
  return packer;
}

/**
 * What `chunks.content` stores for `text`: a zstd segment when it is worth it, else the text;
 * packed with the dictionary `dictionaryId` (registered) when given. The bytes are copied out of
 * the scratch buffer: a prepare worker's message would copy a whole buffer behind a view, and the
 * in-flight window would keep it alive (peak RSS on fs/ went from 501 to 756 MB when zlib's
 * 16 KiB output buffers travelled that way).
 */
export function packChunkText(text: string, dictionaryId: number | null = null): string | Uint8Array {
  if (text.length < STORE.chunkTextPackMinBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  const zstdState = zstdPacker();
  const bound = zstd.compressBound(bytes.length);
  if (zstdState.scratch.length < bound) zstdState.scratch = Buffer.allocUnsafe(bound);
  let packedLength: number;
  let header: number[];
  if (dictionaryId === null) {
    packedLength = zstdState.context.compress2(zstdState.scratch, bytes);
    header = [ZSTD_MARK, ...writeLength(bytes.length)];
  } else {
    const known = knownDictionary(dictionaryId);
    if (!known.packing) {
      known.packing = packingContext();
      known.packing.loadDictionary(known.bytes);
    }
    packedLength = known.packing.compress2(zstdState.scratch, bytes);
    header = [DICTIONARY_MARK, ...writeLength(dictionaryId), ...writeLength(bytes.length)];
  }
  if (header.length + packedLength >= bytes.length) return text;
  const packed = new Uint8Array(header.length + packedLength);
  packed.set(header);
  packed.set(zstdState.scratch.subarray(0, packedLength), header.length);
  return packed;
}

/** The `length` bytes that `packed` (one segment's body, or several of one codec concatenated) unpacks to. */
function unpackSegments(codec: Codec, packed: Uint8Array, length: number): Buffer {
  // Looked up before unpacking: a dictionary this thread does not know is its own error, not a broken row.
  const dictionary = typeof codec === 'number' ? knownDictionary(codec) : null;
  let out: Buffer;
  let written: number;
  try {
    if (codec === 'deflate') {
      out = zlib.inflateRawSync(packed, { ...SYNC, chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, length) });
      written = out.length;
    } else {
      out = Buffer.allocUnsafe(length);
      unpacker ??= new zstd.DCtx();
      if (dictionary) {
        dictionary.unpacking ??= new zstd.DDict(dictionary.bytes);
        written = unpacker.decompressUsingDDict(out, packed, dictionary.unpacking);
      } else {
        written = unpacker.decompress(out, packed);
      }
    }
  } catch (error) {
    // zstd refuses a frame longer than the stored length: the same broken row as a short one.
    const name = typeof codec === 'number' ? `zstd (dictionary ${codec})` : codec;
    throw new Error(`stored chunk text: ${name} data does not unpack to the ${length} bytes stored`, { cause: error });
  }
  if (written !== length) throw new Error(`stored chunk text: ${written} bytes unpacked where ${length} were stored`);
  return out;
}

/** The UTF-8 bytes of one stored value. */
function unpackOne(stored: string | Uint8Array): Buffer {
  if (typeof stored === 'string') return Buffer.from(stored, 'utf8');
  const header = readHeader(stored);
  if (header === null) return zlib.inflateRawSync(stored);
  return unpackSegments(header.codec, stored.subarray(header.start), header.length);
}

/** The text of a stored `chunks.content` value. */
export function unpackChunkText(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : unpackOne(stored).toString('utf8');
}

/** A batch's segments of one codec (and dictionary), to unpack in one call. */
interface SegmentRun {
  parts: Uint8Array[];
  lengths: { at: number; length: number }[];
  total: number;
}

/**
 * The UTF-8 bytes of many stored values, in their order: the segments of each codec among them in
 * one call (their packed bytes concatenated), everything else one by one. The results are views of
 * one buffer per codec.
 */
export function unpackChunkBytes(stored: readonly (string | Uint8Array)[]): Buffer[] {
  const out: Buffer[] = new Array<Buffer>(stored.length);
  const runs = new Map<Codec, SegmentRun>();
  stored.forEach((value, at) => {
    const header = typeof value === 'string' ? null : readHeader(value);
    if (typeof value === 'string' || header === null) { out[at] = unpackOne(value); return; }
    const { codec, length, start } = header;
    let run = runs.get(codec);
    if (!run) { run = { parts: [], lengths: [], total: 0 }; runs.set(codec, run); }
    run.parts.push(value.subarray(start));
    run.lengths.push({ at, length });
    run.total += length;
  });
  for (const [codec, run] of runs) {
    const all = unpackSegments(codec, run.parts.length === 1 ? run.parts[0]! : Buffer.concat(run.parts), run.total);
    let offset = 0;
    for (const { at, length } of run.lengths) {
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
