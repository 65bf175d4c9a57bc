/**
 * @module live/encoding
 * Encoding names and detection for live search. `normalizeEncoding` is the
 * live-search contract's table (Shift_JIS/SJIS/CP932 -> shift-jis, UTF8 -> utf-8,
 * latin-1/ISO-8859-1 -> latin1, GBK/GB2312 -> gbk, ...); other names pass
 * through lower-cased for ripgrep (WHATWG labels) to accept or refuse.
 * Detection follows the contract's chain: byte-order mark, strict UTF-8,
 * chardet trusted above 70% confidence, then Latin-1 (decodes any byte).
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { bomEncoding, guessEncoding } from '../text/decode.js';
import { liveError } from './live-error.js';

const ENCODING_MAP: Record<string, string> = {
  'shift-jis': 'shift-jis',
  'sjis': 'shift-jis',
  'cp932': 'shift-jis',
  'utf-8': 'utf-8',
  'utf8': 'utf-8',
  'latin-1': 'latin1',
  'iso-8859-1': 'latin1',
  'gbk': 'gbk',
  'gb2312': 'gbk',
  'ascii': 'ascii',
};

/** Names documented as accepted (ripgrep takes any WHATWG label besides these). */
export const DOCUMENTED_ENCODINGS = ['utf-8', 'utf-16', 'utf-16le', 'utf-16be', 'shift-jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr', 'latin1', 'ascii', 'windows-1252'];

/** The live-search contract's normalisation: lower-case, "_" -> "-", then the table. */
export function normalizeEncoding(name: string): string {
  const normalized = name.trim().toLowerCase().replace(/_/g, '-');
  return ENCODING_MAP[normalized] ?? normalized;
}

/** Normalises and refuses what ripgrep cannot read (UTF-32 has no WHATWG decoder). */
export function ripgrepEncoding(name: string, locale: Locale): string {
  const normalized = normalizeEncoding(name);
  if (/^utf-?32/.test(normalized) || !/^[a-z0-9._:-]+$/.test(normalized)) {
    throw liveError('INVALID_ARGUMENT', 'live.encoding_unsupported', { value: name, valid: DOCUMENTED_ENCODINGS.join(', ') }, locale);
  }
  return normalized;
}

/** chardet guesses ripgrep is known to accept as --encoding; anything else falls back to Latin-1. */
const DETECTABLE = /^(shift-jis|euc-jp|iso-2022-jp|gb18030|gbk|big5|euc-kr|windows-125\d|iso-8859-\d{1,2}|koi8-[ru]|latin1)$/;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function validUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    // stream: a multi-byte character cut by the sniff window is not an error
    strictUtf8.decode(bytes, { stream: true });
    strictUtf8.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Encoding of a file's first bytes, as a ripgrep label: null when ripgrep
 * reads it correctly on its own (UTF-8, or a UTF-8/UTF-16 byte-order mark).
 */
export function detectEncoding(bytes: Uint8Array): string | null {
  const bom = bomEncoding(bytes);
  if (bom) return null; // ripgrep transcodes UTF-8/UTF-16 BOM files itself
  if (validUtf8Prefix(bytes)) return null;
  const guess = guessEncoding(bytes);
  const name = guess ? normalizeEncoding(guess) : null;
  return name && DETECTABLE.test(name) ? name : 'latin1';
}

/** Reads the sniff window of a file and detects its encoding; unreadable files are left to ripgrep. */
export async function detectFileEncoding(file: string): Promise<string | null> {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(file, 'r');
    const buffer = Buffer.alloc(LIVE.detectSniffBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return detectEncoding(buffer.subarray(0, bytesRead));
  } catch {
    return null; // ripgrep will report the read error itself
  } finally {
    await handle?.close();
  }
}

/** Decodes raw line bytes (ripgrep's `{"bytes": base64}` for non-UTF-8 text) with a ripgrep label. */
export function decodeBytes(bytes: Buffer, encoding: string | null): string {
  const name = encoding === null || !iconv.encodingExists(encoding) ? 'latin1' : encoding;
  return iconv.decode(bytes, name);
}
