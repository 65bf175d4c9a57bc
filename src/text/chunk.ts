/**
 * @module text/chunk
 * Cuts a file's lines into chunks with exact line ranges. Chunks never split
 * a line, never overlap and cover every line, so line hits found in chunks
 * count exactly once. A chunk prefers to end at a blank line after the target
 * size and is cut hard at the maximum lines or characters.
 */
import { INGEST } from '../contracts/limits.js';

export interface LineChunk {
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  content: string;
}

export interface ChunkLimits {
  targetLines: number;
  maxLines: number;
  maxChars: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = {
  targetLines: INGEST.chunkTargetLines,
  maxLines: INGEST.chunkMaxLines,
  maxChars: INGEST.chunkMaxChars,
};

/** Lines of a text as `rg` sees them: split at '\n', a final newline ends the last line rather than starting one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function chunkLines(lines: readonly string[], limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): LineChunk[] {
  const chunks: LineChunk[] = [];
  let start = 0;
  let chars = 0;
  const flush = (end: number) => {
    chunks.push({ startLine: start + 1, endLine: end, content: lines.slice(start, end).join('\n') });
    start = end;
    chars = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const count = i - start;
    if (count > 0 && (chars + line.length + 1 > limits.maxChars || count >= limits.maxLines)) flush(i);
    chars += line.length + 1;
    const size = i - start + 1;
    if (size >= limits.targetLines && line.trim() === '') flush(i + 1);
  }
  if (start < lines.length) flush(lines.length);
  return chunks;
}
