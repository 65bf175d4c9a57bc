/**
 * @module store/first-stage/first-stage-word-postings
 * The words of the first stage (ingest/first-stage): each file's text cut into chunks of lines as
 * the index cuts a file it has no definitions for (text/chunk), and each chunk's word-index body
 * (its text and the words the index adds: identifier parts and stems, text/identifiers) posted to
 * a words builder (native/quarry_words.c), so word searches can rank every file while the index is
 * written (search/first-stage-words). ASCII text is tokenised natively, by unicode61's rules for
 * ASCII; other text is folded here into unicode61's own tokens (store/postgres/pg-words). A file
 * of plain ASCII throughout is cut and posted whole by the module (addFile), with no string per
 * chunk; the rest goes chunk by chunk (addChunkWords), which posts the same.
 */
import { chunkLines, DEFAULT_CHUNK_LIMITS, splitLines } from '../../text/chunk.js';
import { addedWordsText, wordIndexText } from '../../text/identifiers.js';
import { nativeModuleFile } from '../../text/native-modules.js';
import { loadNativeModule } from '../../text/native-text.js';
import { fts5Tokens } from '../../text/fts5-tokens.js';

export interface NativeWords {
  version: number;
  createBuilder(): unknown;
  /** The token count of `bytes` and `more`, or -1 when memory ran out (the builder is then spent). */
  add(builder: unknown, id: number, bytes: Uint8Array, more?: string): number;
  /**
   * A whole file of plain ASCII cut into chunks of lines (chunkLines) and added from `firstId` on, each
   * with its added words: FILE_CHUNK_INTS numbers per chunk. null when the text is empty, not plain ASCII
   * or has a chunk too long for the module's added words (nothing was added); -1 when memory ran out.
   */
  addFile(builder: unknown, firstId: number, bytes: Uint8Array, maxChars: number, maxLines: number, targetLines: number): Uint32Array | null | -1;
  finish(builder: unknown): Buffer | null;
}

const WORDS_MODULE = nativeModuleFile('quarry_words');
const WORDS_MODULE_VERSION = 2;

/** The native builder; null where it is not built (the first stage then holds no words). */
export const nativeWords: NativeWords | null = loadNativeModule<NativeWords>(WORDS_MODULE, (module) => module.version === WORDS_MODULE_VERSION);

/** Per chunk of a shard, six numbers: its file's id, its start and length in the file's text (bytes), its first and last line, its body's tokens. */
export const CHUNK_FIELDS = 6;

/** Per chunk of addFile(): its start and length in the file's text (bytes), its first and last line, its body's tokens. */
const FILE_CHUNK_INTS = 5;

/** Anything but tabs, newlines and printable ASCII (control characters too): folded here, to be safe. */
const NOT_PLAIN_ASCII = /[^\t-~]/;

/**
 * Posts the chunks of one file's text (UTF-8) to `builder`, the first one as chunk `firstId`, and
 * appends each chunk's fields to `push`. Returns how many chunks it posted, or -1 when the builder
 * ran out of memory.
 */
export function addFileWords(
  words: NativeWords, builder: unknown, firstId: number, fileId: number, text: Buffer, push: (...fields: number[]) => void,
): number {
  // Most source files are plain ASCII: the module cuts and adds them whole, with no string per chunk.
  const { maxChars, maxLines, targetLines } = DEFAULT_CHUNK_LIMITS;
  const whole = words.addFile(builder, firstId, text, maxChars, maxLines, targetLines);
  if (whole === -1) return -1;
  if (whole) {
    for (let at = 0; at < whole.length; at += FILE_CHUNK_INTS) push(fileId, whole[at]!, whole[at + 1]!, whole[at + 2]!, whole[at + 3]!, whole[at + 4]!);
    return whole.length / FILE_CHUNK_INTS;
  }
  return addChunkWords(words, builder, firstId, fileId, text, push);
}

/** addFileWords for any text: cut into chunks here, each chunk posted by itself (exported for the test that compares both ways). */
export function addChunkWords(
  words: NativeWords, builder: unknown, firstId: number, fileId: number, text: Buffer, push: (...fields: number[]) => void,
): number {
  const chunks = chunkLines(splitLines(text.toString('utf8')));
  let start = 0;
  for (const [i, chunk] of chunks.entries()) {
    const length = Buffer.byteLength(chunk.content, 'utf8');
    // The word-index body (text/identifiers wordIndexText): plain ASCII is read as it is, with the added words beside it.
    const tokens = NOT_PLAIN_ASCII.test(chunk.content)
      ? words.add(builder, firstId + i, Buffer.from(fts5Tokens(wordIndexText(chunk.content)).join(' '), 'utf8'))
      : words.add(builder, firstId + i, text.subarray(start, start + length), addedWordsText(chunk.content));
    if (tokens < 0) return -1;
    push(fileId, start, length, chunk.startLine, chunk.endLine, tokens);
    // Chunks cover every line, each ended by one newline (the last one's may be missing).
    start += length + 1;
  }
  return chunks.length;
}
