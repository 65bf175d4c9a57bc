/**
 * @module store/text-dictionary
 * A zstd dictionary for an index's chunk text, built here from sample texts
 * (zstd-napi has no trainer). Chunks are small frames, a few hundred bytes
 * packed: most of a frame's unpacking is building its literal Huffman table,
 * and most of its size is text every file repeats (licence lines, includes,
 * `return -EINVAL;`). A dictionary gives every frame both up front.
 *
 * The dictionary is RFC 8878 section 5's: magic, id, entropy tables (the
 * literals' Huffman weights, then FSE tables for offset codes, match lengths
 * and literal lengths), three repeat offsets, then content. The tables come
 * from the statistics of a greedy LZ parse of the samples against the
 * content; the content is cover-style: the sample segments whose 8-byte
 * windows recur in most samples, each window counted once, best last (the
 * nearest offsets are the cheapest).
 */
import { createHash } from 'node:crypto';
import zstd from 'zstd-napi/binding.js';
import { STORE } from './store-tuning.js';

const MAGIC = 0xec30a437;
/** Huffman codes of at most 11 bits (the format's limit for literals). */
const HUF_MAX_BITS = 11;
/**
 * The direct weight form holds 128 weights (symbols 0-127) and implies symbol 128's: bytes above
 * 128 (UTF-8 beyond ASCII) are left out, and zstd then checks per block whether the table fits.
 */
const HUF_SYMBOLS = 129;
/** Largest code of each sequence field (offsets: zstd's default maximum, the format allows 31), and the accuracy each table is given. */
const OFFSET_CODE_MAX = 28;
const MATCH_CODE_MAX = 52;
const LITERALS_CODE_MAX = 35;
const OFFSET_LOG = 8;
const LENGTH_LOG = 9;
/** Window length of the content's cover (zstd's own trainer uses 6-8) and the segment length it picks. */
const WINDOW = 8;
const SEGMENT = 256;
/** Buckets of the window counts: collisions only blur the ranking of segments. */
const WINDOW_BUCKETS_LOG = 20;

/** Literal-length code baselines from 16 up, and match-length baselines from code 32 up. */
const LITERALS_BASE = [16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
const MATCH_BASE = [35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539];

function baselineCode(value: number, bases: readonly number[]): number {
  let code = 0;
  while (code + 1 < bases.length && bases[code + 1]! <= value) code++;
  return code;
}

export const literalsLengthCode = (length: number): number => (length < 16 ? length : 16 + baselineCode(length, LITERALS_BASE));
export const matchLengthCode = (length: number): number => (length < 35 ? length - 3 : 32 + baselineCode(length, MATCH_BASE));
/** The code of an offset value (a distance plus 3; 1-3 name the repeat offsets). */
export const offsetCode = (offsetValue: number): number => 31 - Math.clz32(offsetValue);

/** Bits written least significant first, as zstd's forward bit streams are. */
class BitWriter {
  private readonly bytes: number[] = [];
  private pending = 0;
  private count = 0;

  write(value: number, bits: number): void {
    for (let i = 0; i < bits; i++) {
      this.pending |= ((value >>> i) & 1) << this.count;
      if (++this.count === 8) { this.bytes.push(this.pending); this.pending = 0; this.count = 0; }
    }
  }

  finish(): number[] {
    if (this.count > 0) this.bytes.push(this.pending);
    return this.bytes;
  }
}

/**
 * An FSE table description (RFC 8878 4.1.1): the accuracy log, then each symbol's normalized count
 * plus one in a field as wide as the points still to give need, one bit less for small values; a
 * zero count is followed by 2-bit counts of the zeros after it.
 */
export function fseTableDescription(log: number, counts: readonly number[]): number[] {
  const out = new BitWriter();
  out.write(log - 5, 4);
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let bits = log + 1;
  let symbol = 0;
  let previousZero = false;
  while (remaining > 1 && symbol < counts.length) {
    if (previousZero) {
      let zeros = 0;
      while (counts[symbol] === 0) { zeros++; symbol++; }
      for (; zeros >= 3; zeros -= 3) out.write(3, 2);
      out.write(zeros, 2);
    }
    const count = counts[symbol++]!;
    const shortMax = 2 * threshold - 1 - remaining;
    const value = count + 1;
    if (value < shortMax) out.write(value, bits - 1);
    else out.write(value >= threshold ? value + shortMax : value, bits);
    remaining -= Math.abs(count);
    previousZero = count === 0;
    while (remaining < threshold) { bits--; threshold >>= 1; }
  }
  if (remaining !== 1) throw new Error('FSE table: counts do not add up to the table size');
  return out.finish();
}

/** `counts` normalized to 2^log points; every symbol up to `max` is kept, the rare ones as -1 ("below one"). */
export function normalizedCounts(counts: readonly number[], max: number, log: number): number[] {
  const given = Array.from({ length: max + 1 }, (_, s) => counts[s] ?? 0);
  const total = given.reduce((a, b) => a + b, 0) || 1;
  const points = 1 << log;
  const rare = given.map((n) => n * points < total);
  const budget = points - rare.filter(Boolean).length;
  const commonTotal = given.reduce((sum, n, s) => sum + (rare[s] ? 0 : n), 0) || 1;
  const out = given.map((n, s) => (rare[s] ? -1 : Math.max(1, Math.floor((n * budget) / commonTotal))));
  let largest = 0;
  out.forEach((n, s) => { if (n > out[largest]!) largest = s; });
  out[largest]! += points - out.reduce((sum, n) => sum + Math.abs(n), 0);
  if (out[largest]! < 1) throw new Error('FSE table: too many rare symbols for its size');
  return out;
}

/** Huffman code lengths of at most `limit` bits, every symbol given one; halving the counts until the longest fits. */
function huffmanLengths(frequencies: readonly number[], limit: number): number[] {
  let counts = frequencies.map((f) => Math.max(1, f));
  for (;;) {
    const lengths = huffmanCodeLengths(counts);
    if (Math.max(...lengths) <= limit) return lengths;
    counts = counts.map((c) => Math.max(1, c >> 1));
  }
}

function huffmanCodeLengths(counts: readonly number[]): number[] {
  const lengths = counts.map(() => 0);
  let nodes = counts.map((weight, symbol) => ({ weight, symbols: [symbol] }));
  while (nodes.length > 1) {
    nodes.sort((a, b) => a.weight - b.weight);
    const [a, b] = [nodes[0]!, nodes[1]!];
    const symbols = [...a.symbols, ...b.symbols];
    for (const s of symbols) lengths[s]!++;
    nodes = [{ weight: a.weight + b.weight, symbols }, ...nodes.slice(2)];
  }
  return lengths;
}

/** The literals' Huffman tree description in the direct form: a header byte, then 4-bit weights, two to a byte. */
export function huffmanTreeDescription(byteCounts: readonly number[]): number[] {
  const lengths = huffmanLengths(byteCounts.slice(0, HUF_SYMBOLS), HUF_MAX_BITS);
  const maxBits = Math.max(...lengths);
  const weights = lengths.slice(0, HUF_SYMBOLS - 1).map((length) => maxBits + 1 - length);
  const out = [127 + weights.length];
  for (let i = 0; i < weights.length; i += 2) out.push((weights[i]! << 4) | (weights[i + 1] ?? 0));
  return out;
}

interface Segment { sample: number; at: number; score: number; order: number }

/** A binary heap of segments, the highest score first and, among equal scores, the lowest order. */
class SegmentHeap {
  private readonly items: Segment[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Segment | undefined {
    return this.items[0];
  }

  push(segment: Segment): void {
    const items = this.items;
    let at = items.push(segment) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!SegmentHeap.before(segment, items[parent]!)) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = segment;
  }

  pop(): Segment | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && SegmentHeap.before(items[child + 1]!, items[child]!)) child++;
      if (!SegmentHeap.before(items[child]!, last)) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return top;
  }

  private static before(a: Segment, b: Segment): boolean {
    return a.score > b.score || (a.score === b.score && a.order < b.order);
  }
}

/** The segments of the samples whose windows recur in most samples, best last, up to `bytes` (exported for its test). */
export function coverContent(samples: readonly Buffer[], bytes: number): Buffer {
  const buckets = 1 << WINDOW_BUCKETS_LOG;
  const bucketAt = (text: Buffer, at: number) => {
    let hash = 0x811c9dc5;
    for (let j = 0; j < WINDOW; j++) hash = Math.imul(hash ^ text[at + j]!, 0x01000193);
    return (hash >>> 0) & (buckets - 1);
  };
  const frequency = new Uint32Array(buckets);
  const lastSample = new Int32Array(buckets).fill(-1);
  samples.forEach((text, s) => {
    for (let at = 0; at + WINDOW <= text.length; at++) {
      const bucket = bucketAt(text, at);
      if (lastSample[bucket] !== s) { lastSample[bucket] = s; frequency[bucket]!++; }
    }
  });
  const score = (text: Buffer, from: number) => {
    let total = 0;
    for (let at = from, end = Math.min(text.length, from + SEGMENT); at + WINDOW <= end; at++) total += frequency[bucketAt(text, at)]!;
    return total;
  };
  // Best first: the highest score, then the lowest `order`. Segments start in sample order; one put
  // back goes before every segment of its score (the lowest order yet), as a sorted list's
  // insertion at the first score not above it would. A heap keeps that order without moving the
  // rest (a sorted array's shift and splice took 5.6 s on drivers/net's 8,212 samples).
  const segments = new SegmentHeap();
  let order = 0;
  samples.forEach((text, sample) => {
    for (let at = 0; at < text.length; at += SEGMENT) segments.push({ sample, at, score: score(text, at), order: order++ });
  });
  let putBack = 0;
  // Lazy greedy: a segment's score only falls as others are taken, so the top one is re-scored and
  // taken when it still beats the next, else put back in its place.
  const chosen: Buffer[] = [];
  let used = 0;
  while (used < bytes && segments.size > 0) {
    const top = segments.pop()!;
    const text = samples[top.sample]!;
    const fresh = score(text, top.at);
    const next = segments.peek();
    if (next && fresh < next.score) {
      segments.push({ ...top, score: fresh, order: --putBack });
      continue;
    }
    const piece = text.subarray(top.at, Math.min(text.length, top.at + SEGMENT, top.at + bytes - used));
    for (let at = 0; at + WINDOW <= piece.length; at++) frequency[bucketAt(piece, at)] = 0;
    chosen.push(piece);
    used += piece.length;
  }
  return Buffer.concat(chosen.reverse());
}

interface ParseStatistics { literals: number[]; literalsLengths: number[]; matchLengths: number[]; offsets: number[] }

/**
 * What a greedy LZ parse of each sample, with `content` before it, emits: literal bytes and the
 * codes of its sequences (4-byte matches at a window's last position; a repeated distance counts as
 * the first repeat offset). zstd's own parse differs, but its statistics are alike.
 */
function parseStatistics(samples: readonly Buffer[], content: Buffer): ParseStatistics {
  const stats: ParseStatistics = { literals: new Array<number>(256).fill(0), literalsLengths: [], matchLengths: [], offsets: [] };
  const bump = (counts: number[], code: number) => { counts[code] = (counts[code] ?? 0) + 1; };
  const bucketOf = (text: Buffer, at: number) => Math.imul(text.readUInt32LE(at), 2654435761) >>> 16;
  // Where each 4-byte window was last seen in the content: the same start for every sample.
  const inContent = new Int32Array(1 << 16).fill(-1);
  for (let at = 0; at + 4 <= content.length; at++) inContent[bucketOf(content, at)] = at;
  const last = new Int32Array(1 << 16);
  // The content, then each sample in turn, in one buffer: not a new one per sample.
  const joined = Buffer.alloc(content.length + Math.max(0, ...samples.map((sample) => sample.length)));
  content.copy(joined);
  for (const sample of samples) {
    const text = joined.subarray(0, content.length + sample.copy(joined, content.length));
    const bucket = (at: number) => bucketOf(text, at);
    last.set(inContent);
    let literals = 0;
    let previousDistance = -1;
    for (let at = content.length; at < text.length;) {
      if (at + 4 <= text.length) {
        const key = bucket(at);
        const from = last[key]!;
        last[key] = at;
        if (from >= 0 && text.readUInt32LE(from) === text.readUInt32LE(at)) {
          let length = 4;
          while (at + length < text.length && text[from + length] === text[at + length]) length++;
          for (let next = at + 1; next < at + length && next + 4 <= text.length; next++) last[bucket(next)] = next;
          const distance = at - from;
          bump(stats.literalsLengths, literalsLengthCode(literals));
          bump(stats.matchLengths, matchLengthCode(length));
          bump(stats.offsets, distance === previousDistance ? 0 : offsetCode(distance + 3));
          previousDistance = distance;
          literals = 0;
          at += length;
          continue;
        }
      }
      stats.literals[text[at]!]!++;
      literals++;
      at++;
    }
  }
  return stats;
}

/**
 * A dictionary for texts like `samples` (null when they are too few to learn from, or zstd would
 * not take it). Its id is taken from its bytes, so equal ids mean equal dictionaries wherever
 * they are loaded.
 */
export function buildTextDictionary(samples: readonly Buffer[]): Uint8Array | null {
  const sampleBytes = samples.reduce((sum, s) => sum + s.length, 0);
  if (sampleBytes < STORE.textDictionaryMinSampleBytes) return null;
  const content = coverContent(samples, Math.min(STORE.textDictionaryBytes, sampleBytes >> 2));
  const parsed = parseStatistics(samples.slice(0, STORE.textDictionaryParsedSamples), content);
  const tables = Buffer.from([
    ...huffmanTreeDescription(parsed.literals),
    ...fseTableDescription(OFFSET_LOG, normalizedCounts(parsed.offsets, OFFSET_CODE_MAX, OFFSET_LOG)),
    ...fseTableDescription(LENGTH_LOG, normalizedCounts(parsed.matchLengths, MATCH_CODE_MAX, LENGTH_LOG)),
    ...fseTableDescription(LENGTH_LOG, normalizedCounts(parsed.literalsLengths, LITERALS_CODE_MAX, LENGTH_LOG)),
  ]);
  // zstd's usual starting repeat offsets; each must lie within the content.
  const repeats = Buffer.alloc(12);
  [1, 4, 8].forEach((offset, i) => repeats.writeUInt32LE(offset, i * 4));
  const body = Buffer.concat([tables, repeats, content]);
  const header = Buffer.alloc(8);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(dictionaryIdOf(body), 4);
  const dictionary = Buffer.concat([header, body]);
  return acceptedByZstd(dictionary, Buffer.concat(samples.slice(0, 16))) ? dictionary : null;
}

/** zstd loads the dictionary both ways and gives `text` back through it: one it refused, once kept, would fail every later pass. */
function acceptedByZstd(dictionary: Buffer, text: Buffer): boolean {
  try {
    const packer = new zstd.CCtx();
    packer.loadDictionary(dictionary);
    const packed = Buffer.alloc(zstd.compressBound(text.length));
    const packedLength = packer.compress2(packed, text);
    const unpacked = Buffer.alloc(text.length);
    const written = new zstd.DCtx().decompressUsingDDict(unpacked, packed.subarray(0, packedLength), new zstd.DDict(dictionary));
    return written === text.length && unpacked.equals(text);
  } catch {
    return false;
  }
}

/** An id in the range zstd leaves to private dictionaries (2^15 up), from a hash of the dictionary's body. */
function dictionaryIdOf(body: Buffer): number {
  const id = createHash('sha256').update(body).digest().readUInt32LE(0) & 0x7fffffff;
  return Math.max(id, 0x8000);
}

/** The id written in a dictionary's header. */
export function textDictionaryId(dictionary: Uint8Array): number {
  return new DataView(dictionary.buffer, dictionary.byteOffset, dictionary.byteLength).getUint32(4, true);
}
