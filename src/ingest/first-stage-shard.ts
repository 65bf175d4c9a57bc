/**
 * @module ingest/first-stage-shard
 * One shard of the first stage (ingest/first-stage): a set of files read
 * whole, each file's language, and the trigram postings of their text
 * (native/quarry_grams.c), made by one thread. The text is what the index
 * would hold: UTF-8 as it is on disk, any other encoding decoded as the
 * indexer decodes it (ingest/decode) and written as UTF-8, so the reader's
 * byte trigrams of a query find it.
 */
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { languageForFile } from '../contracts/languages.js';
import { loadNativeModule } from '../text/native-text.js';
import { bomEncoding, decodeFile, looksBinary, wellFormed } from './decode.js';

interface NativeGrams {
  version: number;
  createBuilder(): unknown;
  add(builder: unknown, fileId: number, bytes: Uint8Array): boolean;
  finish(builder: unknown): Buffer | null;
}

const GRAMS_MODULE = fileURLToPath(new URL('../../build/Release/quarry_grams.node', import.meta.url));
const GRAMS_MODULE_VERSION = 1;

/** The native builder; null where it is not built (the pass then has no first stage). */
export const nativeGrams: NativeGrams | null = loadNativeModule<NativeGrams>(GRAMS_MODULE, (module) => module.version === GRAMS_MODULE_VERSION);

export interface ShardFile {
  /** The file's place in the first stage's sorted list. */
  id: number;
  relPath: string;
  absPath: string;
}

export interface Shard {
  /** Per file of the shard, in its order: the language, or null when the file was binary or unreadable (it holds no postings). */
  languages: (string | null)[];
  /** native/quarry_grams.c's layout; null when the builder ran out of memory. */
  postings: Buffer | null;
}

/**
 * The text of a file as the index would hold it, as UTF-8 bytes (trailing newline kept); null
 * when it is binary. UTF-8 without a byte-order mark is used as read, without decoding.
 */
export function firstStageText(bytes: Buffer): Buffer | null {
  if (!bomEncoding(bytes) && isUtf8(bytes)) return looksBinary(bytes) ? null : bytes;
  const decoded = decodeFile(bytes);
  return decoded ? Buffer.from(wellFormed(decoded.text), 'utf8') : null;
}

/** The first line's text, for a shebang (languageForFile reads it only when the name says nothing). */
function firstLine(text: Buffer): string {
  const end = text.indexOf(0x0a);
  return text.subarray(0, end < 0 ? Math.min(text.length, 256) : Math.min(end, 256)).toString('utf8');
}

/** Reads and adds `files` (ids increasing) to one builder. */
export function buildShard(grams: NativeGrams, files: readonly ShardFile[]): Shard {
  const builder = grams.createBuilder();
  const languages: (string | null)[] = [];
  let whole = true;
  for (const file of files) {
    let text: Buffer | null;
    try {
      text = firstStageText(fs.readFileSync(file.absPath));
    } catch {
      text = null;
    }
    if (!text) { languages.push(null); continue; }
    languages.push(languageForFile(file.relPath, firstLine(text)) ?? 'text');
    if (whole) whole = grams.add(builder, file.id, text);
  }
  return { languages, postings: whole ? grams.finish(builder) : null };
}
