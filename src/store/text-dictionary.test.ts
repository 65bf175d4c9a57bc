import { describe, expect, it } from 'vitest';
import zstd from 'zstd-napi/binding.js';
import { packChunkText, registerTextDictionary, unpackChunkBytes, unpackChunkText } from './chunk-text.js';
import {
  coverContent,
  buildTextDictionary, fseTableDescription, huffmanTreeDescription, literalsLengthCode, matchLengthCode, normalizedCounts, offsetCode,
  textDictionaryId,
} from './text-dictionary.js';

/** A C function of a driver, varied by `n`: the repeated shape of real code, with names and numbers that differ. */
function driverFunction(n: number): string {
  const device = ['usb', 'pci', 'i2c', 'spi', 'mmc'][n % 5]!;
  return [
    '/* SPDX-License-Identifier: GPL-2.0 */',
    `static int ${device}_probe_${n}(struct ${device}_device *dev, const struct ${device}_device_id *id)`,
    '{',
    `\tstruct ${device}_priv *priv;`,
    '\tint ret;',
    '',
    '\tpriv = devm_kzalloc(&dev->dev, sizeof(*priv), GFP_KERNEL);',
    '\tif (!priv)',
    '\t\treturn -ENOMEM;',
    `\tret = ${device}_enable_device(dev, ${n % 17});`,
    '\tif (ret) {',
    `\t\tdev_err(&dev->dev, "failed to enable ${device} device ${n}: %d\\n", ret);`,
    '\t\treturn ret;',
    '\t}',
    `\tpriv->irq = platform_get_irq(dev, ${n % 3});`,
    '\treturn 0;',
    '}',
    '',
  ].join('\n');
}

const texts = (from: number, count: number) => Array.from({ length: count }, (_, i) => driverFunction(from + i));

/**
 * RFC 8878 4.1.1's reading of an FSE table description, written from the text of the RFC, to check
 * the writer against: the accuracy log, then counts in fields as wide as the points left need.
 */
function readFseTableDescription(bytes: readonly number[]): { log: number; counts: number[] } {
  let bit = 0;
  const read = (n: number) => { let v = 0; for (let i = 0; i < n; i++, bit++) v |= ((bytes[bit >> 3]! >> (bit & 7)) & 1) << i; return v; };
  const peek = (n: number) => { const at = bit; const v = read(n); bit = at; return v; };
  const log = read(4) + 5;
  const counts: number[] = [];
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let bits = log + 1;
  let previousZero = false;
  while (remaining > 1) {
    if (previousZero) {
      for (let repeat = read(2); ; repeat = read(2)) {
        for (let i = 0; i < repeat; i++) counts.push(0);
        if (repeat < 3) break;
      }
    }
    const shortMax = 2 * threshold - 1 - remaining;
    let value: number;
    if (peek(bits - 1) < shortMax) value = read(bits - 1);
    else {
      value = read(bits);
      if (value >= threshold) value -= shortMax;
    }
    const count = value - 1;
    counts.push(count);
    remaining -= Math.abs(count);
    previousZero = count === 0;
    while (remaining < threshold) { bits--; threshold >>= 1; }
  }
  return { log, counts };
}

describe('the chunk-text dictionary', () => {
  it('writes FSE tables that the RFC reading gives back, every symbol kept and the points adding up', () => {
    const skewed = [5000, 1200, 800, 0, 0, 0, 0, 310, 3, 1, 0, 77, 2, 0, 0, 0, 0, 9];
    for (const [counts, max, log] of [[skewed, 28, 8], [skewed, 52, 9], [[1, 1, 1], 35, 9], [[0, 0, 0, 900, 4], 20, 6]] as const) {
      const normalized = normalizedCounts(counts, max, log);
      expect(normalized).toHaveLength(max + 1);
      expect(normalized.reduce((sum, n) => sum + Math.abs(n), 0)).toBe(1 << log);
      expect(normalized.every((n) => n === -1 || n >= 1)).toBe(true);
      expect(readFseTableDescription(fseTableDescription(log, normalized))).toEqual({ log, counts: normalized });
    }
    // Zero counts are written as runs (a run of 3 or more needs several 2-bit fields).
    const withZeros = [18, 0, 0, 0, 0, 0, 0, 0, 10, 2, 0, 2];
    expect(readFseTableDescription(fseTableDescription(5, withZeros))).toEqual({ log: 5, counts: withZeros });
    expect(() => fseTableDescription(5, [10, 10])).toThrow(/do not add up/);
  });

  it('writes Huffman weights whose implied last weight completes a code of at most 11 bits', () => {
    const counts = Array.from({ length: 256 }, (_, b) => (b === 32 ? 90_000 : b === 101 ? 50_000 : b < 128 ? (b * 37) % 400 : 0));
    const description = huffmanTreeDescription(counts);
    expect(description[0]).toBe(127 + 128);
    const weights = description.slice(1).flatMap((byte) => [byte >> 4, byte & 15]);
    const total = weights.reduce((sum, w) => sum + (w > 0 ? 2 ** (w - 1) : 0), 0);
    const maxBits = Math.floor(Math.log2(total)) + 1;
    const rest = 2 ** maxBits - total;
    expect(maxBits).toBeLessThanOrEqual(11);
    expect(Number.isInteger(Math.log2(rest))).toBe(true);
    // Every byte up to 128 can be coded, the commonest with the shortest code.
    expect(weights.every((w) => w > 0)).toBe(true);
    expect(Math.max(...weights)).toBe(weights[32]);
  });

  it('codes lengths and offsets as RFC 8878 tabulates them', () => {
    expect([0, 15, 16, 17, 18, 23, 24, 63, 64, 65535, 65536].map(literalsLengthCode)).toEqual([0, 15, 16, 16, 17, 19, 20, 24, 25, 34, 35]);
    expect([3, 34, 35, 36, 37, 130, 131, 65539].map(matchLengthCode)).toEqual([0, 31, 32, 32, 33, 42, 43, 52]);
    expect([1, 3, 4, 7, 8, 1 << 20].map(offsetCode)).toEqual([0, 1, 2, 2, 3, 20]);
  });

  it('is taken by zstd, and packs texts like its samples smaller, each back to itself', () => {
    const dictionary = buildTextDictionary(texts(0, 600).map((t) => Buffer.from(t)))!;
    expect(dictionary).not.toBeNull();
    // zstd parses the header and every table (it refuses a broken dictionary).
    expect(new zstd.DDict(dictionary).getDictID()).toBe(textDictionaryId(dictionary));
    expect(new zstd.CDict(dictionary, 3).getDictID()).toBe(textDictionaryId(dictionary));
    const id = registerTextDictionary(dictionary);
    const unseen = texts(5000, 200);
    const plain = unseen.map((t) => packChunkText(t) as Uint8Array);
    const packed = unseen.map((t) => packChunkText(t, id) as Uint8Array);
    expect(packed.every((p) => p[0] === 0x17)).toBe(true);
    const size = (values: Uint8Array[]) => values.reduce((sum, v) => sum + v.length, 0);
    expect(size(packed)).toBeLessThan(size(plain) * 0.7);
    expect(unpackChunkBytes(packed).map((b) => b.toString('utf8'))).toEqual(unseen);
    expect(packed.map((p) => unpackChunkText(p))).toEqual(unseen);
  });

  it('writes frames without their own size or dictionary id, which the segment header already holds', () => {
    const id = registerTextDictionary(buildTextDictionary(texts(0, 400).map((t) => Buffer.from(t)))!);
    const segment = Buffer.from(packChunkText(driverFunction(9000), id) as Uint8Array);
    // Mark, id and length as LEB128, then the frame: its magic number and its header's descriptor.
    let at = 1;
    for (let field = 0; field < 2; field++) while (segment[at++]! >= 128);
    expect(segment.readUInt32LE(at)).toBe(0xfd2fb528);
    const descriptor = segment[at + 4]!;
    expect(descriptor & 0b11).toBe(0); // no dictionary id
    expect(descriptor >> 6).toBe(0); // no content size (nor a single segment: a window byte instead)
    expect(descriptor & 0b100).toBe(0); // no checksum
  });

  it('refuses a second dictionary with the id of one it knows', () => {
    const dictionary = Buffer.from(buildTextDictionary(texts(0, 350).map((t) => Buffer.from(t)))!);
    registerTextDictionary(dictionary);
    const forged = Buffer.from(dictionary);
    forged.writeUInt8(forged.readUInt8(forged.length - 1) ^ 1, forged.length - 1);
    expect(textDictionaryId(forged)).toBe(textDictionaryId(dictionary));
    expect(() => registerTextDictionary(forged)).toThrow(/two different dictionaries have the id/);
    expect(registerTextDictionary(Buffer.from(dictionary))).toBe(textDictionaryId(dictionary));
  });

  it('takes its id from its bytes, and is not built from too little text', () => {
    const samples = texts(0, 300).map((t) => Buffer.from(t));
    expect(textDictionaryId(buildTextDictionary(samples)!)).toBe(textDictionaryId(buildTextDictionary(samples)!));
    expect(textDictionaryId(buildTextDictionary(samples)!)).not.toBe(textDictionaryId(buildTextDictionary(texts(900, 300).map((t) => Buffer.from(t)))!));
    expect(buildTextDictionary(texts(0, 3).map((t) => Buffer.from(t)))).toBeNull();
  });

  it('unpacks dictionary segments in a batch with the other layouts, and names a dictionary this process does not know', () => {
    const id = registerTextDictionary(buildTextDictionary(texts(0, 400).map((t) => Buffer.from(t)))!);
    const batch = texts(7000, 6);
    const stored = batch.map((t, i) => (i % 3 === 0 ? packChunkText(t) : i % 3 === 1 ? packChunkText(t, id) : t));
    expect(unpackChunkBytes(stored).map((b) => b.toString('utf8'))).toEqual(batch);
    const foreign = Uint8Array.from(stored[1] as Uint8Array);
    // The same segment naming another dictionary id (one varint byte changed, its continuation bit kept).
    foreign[1] = (foreign[1]! & 0x80) | ((foreign[1]! + 1) & 0x7f);
    expect(() => unpackChunkText(foreign)).toThrow(/dictionary \d+ is not loaded/);
    expect(() => unpackChunkBytes([stored[0]!, foreign])).toThrow(/dictionary \d+ is not loaded/);
  });
});

describe('the dictionary content', () => {
  /** The choice as first written, on a sorted list: take the best, re-score it, put it back before its score's others when it fell below the next. */
  function listCover(samples: readonly Buffer[], bytes: number): Buffer {
    const window = 8, segment = 256, buckets = 1 << 20;
    const bucketAt = (text: Buffer, at: number) => {
      let hash = 0x811c9dc5;
      for (let j = 0; j < window; j++) hash = Math.imul(hash ^ text[at + j]!, 0x01000193);
      return (hash >>> 0) & (buckets - 1);
    };
    const frequency = new Uint32Array(buckets);
    const lastSample = new Int32Array(buckets).fill(-1);
    samples.forEach((text, s) => {
      for (let at = 0; at + window <= text.length; at++) {
        const bucket = bucketAt(text, at);
        if (lastSample[bucket] !== s) { lastSample[bucket] = s; frequency[bucket]!++; }
      }
    });
    const score = (text: Buffer, from: number) => {
      let total = 0;
      for (let at = from, end = Math.min(text.length, from + segment); at + window <= end; at++) total += frequency[bucketAt(text, at)]!;
      return total;
    };
    const segments: { sample: number; at: number; score: number }[] = [];
    samples.forEach((text, sample) => { for (let at = 0; at < text.length; at += segment) segments.push({ sample, at, score: score(text, at) }); });
    segments.sort((a, b) => b.score - a.score);
    const chosen: Buffer[] = [];
    let used = 0;
    while (used < bytes && segments.length > 0) {
      const top = segments.shift()!;
      const text = samples[top.sample]!;
      const fresh = score(text, top.at);
      if (segments.length > 0 && fresh < segments[0]!.score) {
        top.score = fresh;
        let low = 0, high = segments.length;
        while (low < high) { const mid = (low + high) >> 1; if (segments[mid]!.score > fresh) low = mid + 1; else high = mid; }
        segments.splice(low, 0, top);
        continue;
      }
      const piece = text.subarray(top.at, Math.min(text.length, top.at + segment, top.at + bytes - used));
      for (let at = 0; at + window <= piece.length; at++) frequency[bucketAt(piece, at)] = 0;
      chosen.push(piece);
      used += piece.length;
    }
    return Buffer.concat(chosen.reverse());
  }

  it('chooses the segments the sorted list chose, ties and put-back segments included', () => {
    let seed = 3;
    const next = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
    const lines = ['static int ', 'return -EINVAL;', '\tif (!dev)', 'struct device *dev', '#include <linux/', 'goto out;', '}\n', 'x', 'kfree(p);'];
    // Many samples built from few lines: many equal scores, and scores that fall as segments are taken.
    const samples = Array.from({ length: 400 }, () => Buffer.from(Array.from({ length: 20 + next(120) }, () => lines[next(lines.length)]).join('\n')));
    for (const bytes of [4096, 65_536]) expect(coverContent(samples, bytes).equals(listCover(samples, bytes))).toBe(true);
  });
});
