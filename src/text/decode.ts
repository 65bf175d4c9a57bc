/**
 * @module text/decode
 * Bytes to text: byte-order marks first (UTF-8/16/32), then strict UTF-8,
 * then statistical detection (chardet, trusted above 70% confidence), and
 * Latin-1 last because it decodes any byte sequence. Binary files (a NUL in
 * the first bytes, with no UTF-16/32 mark) are reported, not decoded.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ENCODING, INGEST } from '../contracts/limits.js';

export interface Decoded {
  text: string;
  /** Encoding name as stored in the index (lowercase, iconv-lite spelling). */
  encoding: string;
}


const BOMS: ReadonlyArray<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  for (const [mark, encoding] of BOMS) {
    if (bytes.length >= mark.length && mark.every((b, i) => bytes[i] === b)) return { encoding, length: mark.length };
  }
  return null;
}

export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, INGEST.binarySniffBytes);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/** chardet's best guess that iconv-lite can decode, when confident enough; null otherwise. */
export function guessEncoding(bytes: Uint8Array): string | null {
  return chardet.analyse(bytes).find((m) => m.confidence > ENCODING.detectMinConfidence && iconv.encodingExists(m.name))?.name ?? null;
}

/** Decodes a file's bytes; null when the file is binary. */
export function decodeFile(bytes: Buffer): Decoded | null {
  const bom = bomEncoding(bytes);
  if (bom) return { text: iconv.decode(bytes.subarray(bom.length), bom.encoding), encoding: bom.encoding };
  if (looksBinary(bytes)) return null;
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    // not UTF-8: guess below
  }
  const guess = guessEncoding(bytes);
  if (guess) return { text: iconv.decode(bytes, guess), encoding: guess.toLowerCase() };
  return { text: iconv.decode(bytes, 'latin1'), encoding: 'latin1' };
}

/** Unpaired UTF-16 surrogates, by code point (a pair is one code point of another category). */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * The text with each unpaired surrogate (a broken UTF-16 file, a JSON `\ud83d`) as U+FFFD. SQLite
 * keeps text as UTF-8, which cannot hold one: the stored chunk would read back otherwise than the
 * text its trigram tokens were made from, and replaying them to delete the row would fail.
 */
export function wellFormed(text: string): string {
  return /[\uD800-\uDFFF]/.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}
