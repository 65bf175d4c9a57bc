/**
 * @module store/first-stage/first-stage-shard
 * The shards of the first stage (ingest/first-stage): each a set of files read
 * whole, each file's language, and either the trigram postings of their text by
 * block (native/quarry_grams.c) or the word postings of their chunks
 * (store/first-stage/first-stage-word-postings). A thread makes them one after another, handing
 * each on when it holds about FIRST_STAGE.shardBytes of text. The text is what
 * the index would hold: UTF-8 as it is on disk, any other encoding decoded as
 * the indexer decodes it (text/decode) and written as UTF-8, so the reader's
 * byte trigrams of a query find it, and chunks cut from it are the index's lines.
 */
import { isUtf8 } from 'node:buffer';
import { languageForFile } from '../../contracts/languages.js';
import { FIRST_STAGE } from '../../contracts/limits.js';
import { nativeModuleFile } from '../../text/native-modules.js';
import { loadNativeModule } from '../../text/native-text.js';
import { bomEncoding, decodeFile, looksBinary, wellFormed } from '../../text/decode.js';
import { addFileWords, CHUNK_FIELDS, nativeWords, type NativeWords } from './first-stage-word-postings.js';
import { readRegularFileSync } from '../../fs/regular-file.js';

interface NativeGrams {
  version: number;
  createBuilder(): unknown;
  /** The newlines in `bytes`, or -1 when memory ran out (the builder is then spent). */
  add(builder: unknown, id: number, bytes: Uint8Array): number;
  finish(builder: unknown): Buffer | null;
}

const GRAMS_MODULE = nativeModuleFile('quarry_grams');
const GRAMS_MODULE_VERSION = 2;

/** The native builder; null where it is not built (the pass then has no first stage). */
export const nativeGrams: NativeGrams | null = loadNativeModule<NativeGrams>(GRAMS_MODULE, (module) => module.version === GRAMS_MODULE_VERSION);

export interface ShardFile {
  /** The file's place in the first stage's sorted list. */
  id: number;
  relPath: string;
  absPath: string;
}

/** Per block of a shard, four numbers: its file's id, its start and length in the file's text (bytes), its first line. */
export const BLOCK_FIELDS = 4;

export interface Shard {
  /** The files of the shard, in its order (ids increasing). */
  fileIds: number[];
  /** Per file of the shard, in its order: the language, or null when the file was binary or unreadable (it holds no postings). */
  languages: (string | null)[];
  /** Per file of the shard: whether its text is its bytes as read (UTF-8 without a byte-order mark), so a block can be read alone. */
  raw: boolean[];
  /** The blocks, BLOCK_FIELDS numbers each; a block's id in the postings is its place here. */
  blocks: Uint32Array;
  /** native/quarry_grams.c's layout, of block ids; null in a shard of words, or when the builder ran out of memory. */
  postings: Buffer | null;
  /** The chunks, CHUNK_FIELDS numbers each; a chunk's id in the word postings is its place here. */
  chunks: Uint32Array;
  /** native/quarry_words.c's layout, of chunk ids; null in a shard of trigrams, or when the builder ran out of memory. */
  words: Buffer | null;
}

/**
 * The text of a file as the index would hold it, as UTF-8 bytes (trailing newline kept); null
 * when it is binary. UTF-8 without a byte-order mark is used as read, without decoding.
 */
export function firstStageText(bytes: Buffer): Buffer | null {
  if (isRaw(bytes)) return looksBinary(bytes) ? null : bytes;
  const decoded = decodeFile(bytes);
  return decoded ? Buffer.from(wellFormed(decoded.text), 'utf8') : null;
}

function isRaw(bytes: Buffer): boolean {
  return !bomEncoding(bytes) && isUtf8(bytes);
}

/** The first line's text, for a shebang (languageForFile reads it only when the name says nothing). */
function firstLine(text: Buffer): string {
  const end = text.indexOf(0x0a);
  return text.subarray(0, end < 0 ? Math.min(text.length, 256) : Math.min(end, 256)).toString('utf8');
}

/** Growable list of rows of `width` numbers (blocks, chunks). */
class Rows {
  private data: Uint32Array;
  length = 0;

  constructor(private readonly width: number) {
    this.data = new Uint32Array(4096 * width);
  }

  /** How many rows it holds. */
  get rows(): number {
    return this.length / this.width;
  }

  push(...fields: number[]): void {
    if (this.length + this.width > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(fields, this.length);
    this.length += this.width;
  }

  done(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/** What a first-stage file holds: the trigram postings of blocks, or the word postings of chunks. */
export type StagePart = 'grams' | 'words';

/** One shard's builder and what it has read, until it is finished. */
class ShardBuilder {
  private readonly builder: unknown;
  private wordsBuilder: unknown;
  private readonly fileIds: number[] = [];
  private readonly languages: (string | null)[] = [];
  private readonly raw: boolean[] = [];
  private readonly blocks = new Rows(BLOCK_FIELDS);
  private readonly chunks = new Rows(CHUNK_FIELDS);
  private whole = true;
  /** Text bytes read into it. */
  bytes = 0;

  /** `grams` builds the trigram postings, else `words` the word postings (null where the words builder is not built). */
  constructor(private readonly grams: NativeGrams | null, private readonly words: NativeWords | null) {
    this.builder = grams?.createBuilder() ?? null;
    this.wordsBuilder = words?.createBuilder() ?? null;
  }

  get files(): number {
    return this.fileIds.length;
  }

  /**
   * Reads one file and adds it block by block: whole lines of about FIRST_STAGE.blockBytes, so a
   * search reads only the blocks that may hold a match. No line is cut, and a match never spans
   * lines, so every trigram a match needs is in its block. Its chunks go to the words builder.
   */
  add(file: ShardFile): void {
    let text: Buffer | null = null;
    let asRead = false;
    try {
      const read = readRegularFileSync(file.absPath);
      if (read.kind === 'read') {
        asRead = isRaw(read.bytes);
        text = firstStageText(read.bytes);
      }
    } catch {
      text = null;
    }
    this.fileIds.push(file.id);
    this.raw.push(asRead);
    if (!text) { this.languages.push(null); return; }
    this.languages.push(languageForFile(file.relPath, firstLine(text)) ?? 'text');
    this.bytes += text.length;
    if (this.grams) this.addBlocks(this.grams, file.id, text);
    const { words, wordsBuilder, chunks } = this;
    if (words && wordsBuilder !== null && addFileWords(words, wordsBuilder, chunks.rows, file.id, text, (...fields) => chunks.push(...fields)) < 0) {
      // Out of memory: word searches answer from the index.
      this.wordsBuilder = null;
    }
  }

  private addBlocks(grams: NativeGrams, fileId: number, text: Buffer): void {
    let line = 1;
    for (let start = 0; start < text.length;) {
      const newline = text.indexOf(0x0a, Math.min(text.length, start + FIRST_STAGE.blockBytes) - 1);
      const end = newline < 0 ? text.length : newline + 1;
      const newlines: number = this.whole ? grams.add(this.builder, this.blocks.rows, text.subarray(start, end)) : -1;
      this.whole = newlines >= 0;
      this.blocks.push(fileId, start, end - start, line);
      line += newlines;
      start = end;
    }
  }

  finish(): Shard {
    const postings = this.grams && this.whole ? this.grams.finish(this.builder) : null;
    const wordPostings = this.words && this.wordsBuilder !== null ? this.words.finish(this.wordsBuilder) : null;
    return {
      fileIds: this.fileIds, languages: this.languages, raw: this.raw, blocks: this.blocks.done(), postings,
      chunks: wordPostings ? this.chunks.done() : new Uint32Array(0), words: wordPostings,
    };
  }
}

/**
 * Reads and adds `files` (ids increasing) to shards of `part` of about FIRST_STAGE.shardBytes of
 * text each, handing each to `done` as soon as it is finished: a thread's memory holds one shard's
 * postings. Throws when the part's native builder is not built.
 */
export function buildShards(part: StagePart, files: readonly ShardFile[], done: (shard: Shard) => void): void {
  const builder = () => {
    if (part === 'grams' ? !nativeGrams : !nativeWords) throw new Error(`the native builder of the first stage's ${part} is not built`);
    return part === 'grams' ? new ShardBuilder(nativeGrams, null) : new ShardBuilder(null, nativeWords);
  };
  let shard = builder();
  for (const file of files) {
    shard.add(file);
    if (shard.bytes >= FIRST_STAGE.shardBytes) {
      done(shard.finish());
      shard = builder();
    }
  }
  if (shard.files > 0) done(shard.finish());
}
