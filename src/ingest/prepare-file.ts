/**
 * @module ingest/prepare-file
 * One file's bytes to what the store writes: decoded text, language, hash,
 * and chunks with their word-index text and token counts. Pure apart from
 * the bytes it is given, so it can move to a worker thread unchanged.
 */
import { createHash } from 'node:crypto';
import { languageForFile } from '../contracts/languages.js';
import type { NewChunk, NewEdge, NewFile, NewSymbol } from '../store/store.js';
import { INGEST } from '../contracts/limits.js';
import { chunkByDefinitions, coalesceChunks, type SymbolChunk } from './symbols/chunk-by-definition.js';
import { extractSymbols, type FileSymbols } from './symbols/extract.js';
import { nativeGrammar, nativeSymbols } from './symbols/native-parse.js';
import type { Parsers } from './symbols/parsers.js';
import { estimateTokens } from '../shape/tokens.js';
import { chunkLines, splitLines } from '../text/chunk.js';
import { decodeFile, wellFormed } from '../text/decode.js';
import { wordIndexText } from '../text/identifiers.js';

export interface PreparedFile {
  file: NewFile;
  chunks: NewChunk[];
  symbols: NewSymbol[];
  edges: NewEdge[];
}

/**
 * Symbols of a file when a grammar exists and the file is small enough to
 * parse quickly; null otherwise (the file is still indexed by lines). A parse
 * that throws (deep recursion on generated code, say) loses only the symbols.
 * A grammar the native module holds parses there (the same trees, faster).
 * (bench/parse-floor times it alone.)
 */
export function parseSymbols(parsers: Parsers | undefined, language: string, relPath: string, text: string): FileSymbols | null {
  if (!parsers || text.length > INGEST.parseMaxChars) return null;
  const grammar = parsers.forFile(language as never, relPath);
  if (!grammar) return null;
  let tree;
  try {
    const native = nativeGrammar(language as never, grammar.spec);
    if (native) return nativeSymbols(native, text);
    tree = grammar.parser.parse(text);
    return tree ? extractSymbols(tree, grammar.spec) : null;
  } catch {
    return null;
  } finally {
    tree?.delete();
  }
}

/** One edge per (kind, from, to) in a file, at its first line: the caller is what matters, and repeats cost space. */
function distinctEdges<T extends { kind: string; from: string | null; to: string }>(edges: readonly T[]): T[] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    const key = `${e.kind}\0${e.from ?? ''}\0${e.to}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A file's content hash, as `files.hash` keeps it: its git blob id (SHA-1 of `blob SIZE\0` and the
 * bytes), so a git work tree's index can say a file is unchanged without it being read (ingest/git-tree).
 */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The SHA-1 of the bytes alone: the hash an index written before kept, still taken as the same content. */
export function plainHashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Null when the bytes are binary. */
export function prepareFile(relPath: string, bytes: Buffer, mtimeMs: number, hash = hashBytes(bytes), parsers?: Parsers): PreparedFile | null {
  const decoded = decodeFile(bytes);
  if (!decoded) return null;
  return prepareText(relPath, decoded.text, { size: bytes.length, mtimeMs, hash, encoding: decoded.encoding }, parsers);
}

/** The same for text that did not come from disk (files posted over HTTP, messages). */
export function prepareText(
  relPath: string, original: string, meta: { size: number; mtimeMs: number; hash: string; encoding: string }, parsers?: Parsers,
): PreparedFile {
  const text = wellFormed(original);
  const lines = splitLines(text);
  const language = languageForFile(relPath, lines[0]) ?? 'text';
  const symbols = parseSymbols(parsers, language, relPath, text);
  const pieces: SymbolChunk[] = symbols
    ? coalesceChunks(chunkByDefinitions(lines, symbols.definitions))
    : chunkLines(lines).map((c) => ({ ...c, kind: 'lines', symbol: null }));
  const chunks: NewChunk[] = pieces.map((chunk) => ({
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    kind: chunk.kind,
    symbol: chunk.symbol,
    tokenCount: estimateTokens(chunk.content),
    content: chunk.content,
    words: wordIndexText(chunk.content),
  }));
  return {
    file: { path: relPath, language, size: meta.size, mtimeMs: meta.mtimeMs, hash: meta.hash, encoding: meta.encoding, lineCount: lines.length },
    chunks,
    symbols: symbols?.definitions ?? [],
    edges: symbols ? distinctEdges(symbols.edges) : [],
  };
}
