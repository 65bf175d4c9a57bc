/**
 * @module ingest/prepare-file
 * One file's bytes to what the store writes: decoded text, language, hash,
 * and chunks with their word-index text and token counts. Pure apart from
 * the bytes it is given, so it can move to a worker thread unchanged.
 */
import { createHash } from 'node:crypto';
import { languageForFile } from '../contracts/languages.js';
import type { NewChunk, NewFile } from '../store/sqlite-store.js';
import { estimateTokens } from '../shape/tokens.js';
import { chunkLines, splitLines } from './chunk.js';
import { decodeFile } from './decode.js';
import { wordIndexText } from './identifiers.js';

export interface PreparedFile {
  file: NewFile;
  chunks: NewChunk[];
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Null when the bytes are binary. */
export function prepareFile(relPath: string, bytes: Buffer, mtimeMs: number, hash = hashBytes(bytes)): PreparedFile | null {
  const decoded = decodeFile(bytes);
  if (!decoded) return null;
  const lines = splitLines(decoded.text);
  const language = languageForFile(relPath, lines[0]) ?? 'text';
  const chunks: NewChunk[] = chunkLines(lines).map((chunk) => ({
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    kind: 'lines',
    symbol: null,
    tokenCount: estimateTokens(chunk.content),
    content: chunk.content,
    words: wordIndexText(chunk.content),
  }));
  return {
    file: { path: relPath, language, size: bytes.length, mtimeMs, hash, encoding: decoded.encoding, lineCount: lines.length },
    chunks,
  };
}
