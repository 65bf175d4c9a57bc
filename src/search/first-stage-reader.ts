/**
 * @module search/first-stage-reader
 * Reads the first stage a first build writes beside its index (ingest/first-stage): byte
 * trigrams by block of whole lines. Exact and regex searches ask it while the pass runs: the
 * planner's trigram expression (search/trigram-query) becomes an AND/OR of posting lists, and
 * the blocks they leave are read from disk (realpath inside the root; a file decoded as the
 * indexer decodes it unless it is UTF-8 as it is) and verified line by line as chunks are
 * (search/line-search). A trigram of characters is asked as the byte trigrams of its UTF-8, so
 * candidates stay a superset: text that holds the characters holds their bytes. A file whose
 * size or mtime changed since the walk is verified whole, once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_STAGE } from '../contracts/limits.js';
import { FIRST_STAGE_MAGIC, type FirstStageHeader } from '../store/first-stage/first-stage-files.js';
import { BLOCK_FIELDS, firstStageText } from '../store/first-stage/first-stage-shard.js';
import { isInside } from '../fs/root.js';
import { openRegularFileSync } from '../fs/regular-file.js';
import { parseMatch, type MatchNode } from '../store/match-tree.js';
import type { CandidateChunkRow, SearchFilter } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import { intersectAll, u32, unionAll } from './sorted-ids.js';

/** "QGS1", native/quarry_grams.c's shard. */
const SHARD_MAGIC = 0x31534751;

interface ShardTable {
  /** Per trigram, by trigram: key, blocks, offset in the data, length. */
  rows: Uint32Array;
  dataStart: number;
  /** BLOCK_FIELDS per block: file id, start, length, first line. */
  blocks: Uint32Array;
}

/** Lines of one file to verify: a block, or (length -1) the whole file. */
interface Piece { file: number; start: number; length: number; line: number }

/** The chunk id a first-stage row carries: below 0, so no chunk of the index has it. */
export function firstStageRowId(fileId: number): number {
  return -1 - fileId;
}

export class FirstStagePostings {
  private constructor(
    private readonly fd: number,
    readonly header: FirstStageHeader,
    private readonly shards: ShardTable[],
    private readonly realRoot: string,
    /** The file's identity when opened: another pass's file is opened again. */
    readonly identity: { ino: number; size: number; mtimeMs: number },
  ) {}

  /** The first stage in `file`, or null when there is none (or none whole: it is written under another name and renamed). */
  static open(file: string): FirstStagePostings | null {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch {
      return null;
    }
    try {
      const stat = fs.fstatSync(fd);
      if (stat.size < 8) throw new Error('too short');
      const trailer = readAt(fd, stat.size - 8, 8);
      if (trailer.readUInt32LE(4) !== FIRST_STAGE_MAGIC) throw new Error('not a first stage');
      const jsonLength = trailer.readUInt32LE(0);
      const header = JSON.parse(readAt(fd, stat.size - 8 - jsonLength, jsonLength).toString('utf8')) as FirstStageHeader;
      // A file of words has no trigrams (search/first-stage-words reads its words).
      const shards = header.words ? [] : header.shards.map(({ offset, blocksOffset, blocks }) => {
        // The shard was written by this machine a moment ago: its numbers are in this machine's order.
        const head = u32(readAt(fd, offset, 16));
        if (head[0] !== SHARD_MAGIC) throw new Error('not a shard');
        const keys = head[1]!;
        return {
          rows: u32(readAt(fd, offset + 16, keys * 16)), dataStart: offset + 16 + keys * 16,
          blocks: u32(readAt(fd, blocksOffset, blocks * BLOCK_FIELDS * 4)),
        };
      });
      return new FirstStagePostings(fd, header, shards, fs.realpathSync.native(header.root), { ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs });
    } catch {
      fs.closeSync(fd);
      return null;
    }
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  /** What `trigramMatch` leaves to verify (every file for null), in the index's path order. */
  candidates(filter: SearchFilter, trigramMatch: string | null): Piece[] {
    const { languages, repository } = this.header;
    if (filter.repository !== null && filter.repository !== repository) return [];
    const keep = (id: number) => languages[id] !== null && (filter.language === null || languages[id] === filter.language);
    const tree = trigramMatch === null ? null : byteTree(parseMatch(trigramMatch));
    if (tree === null) return languages.flatMap((_, file) => (keep(file) ? [{ file, start: 0, length: -1, line: 1 }] : []));
    const found: Piece[] = [];
    for (const shard of this.shards) {
      for (const block of this.evaluate(shard, tree)) {
        const at = block * BLOCK_FIELDS;
        const file = shard.blocks[at]!;
        if (keep(file)) found.push({ file, start: shard.blocks[at + 1]!, length: shard.blocks[at + 2]!, line: shard.blocks[at + 3]! });
      }
    }
    return found.sort((a, b) => a.file - b.file || a.start - b.start);
  }

  /** The pieces' lines as rows of search/line-search, a batch at a time; a file gone or moved outside the root is left out. */
  async *rows(pieces: readonly Piece[]): AsyncIterable<CandidateChunkRow[]> {
    let batch: CandidateChunkRow[] = [];
    for (let at = 0; at < pieces.length;) {
      // One file's pieces together: it is opened, checked and (when decoded) read once.
      let end = at + 1;
      while (end < pieces.length && pieces[end]!.file === pieces[at]!.file) end++;
      batch.push(...this.fileRows(pieces.slice(at, end)));
      at = end;
      if (batch.length >= FIRST_STAGE.readBatchBlocks || at === pieces.length) {
        yield batch;
        batch = [];
      }
    }
  }

  /** The rows of one file's pieces: each block as read, or the whole file once when it changed, is decoded or is asked whole. */
  private fileRows(pieces: readonly Piece[]): CandidateChunkRow[] {
    const { paths, languages, repository } = this.header;
    const id = pieces[0]!.file;
    const row = (content: Buffer, line: number): CandidateChunkRow => ({
      chunk_id: firstStageRowId(id), start_line: line, content: withoutLastNewline(content), path: paths[id]!, language: languages[id]!, repository,
    });
    const read = this.fileText(id, pieces[0]!.length < 0 ? null : pieces);
    if (!read) return [];
    if ('whole' in read) return read.whole.length === 0 ? [] : [row(read.whole, 1)];
    return read.pieces.map((content, i) => row(content, pieces[i]!.line));
  }

  /**
   * Byte ranges of file `id`'s text as the walk saw it, or its whole text as it is now when it changed
   * since (`changed`), or when `ranges` is null; null when the file is gone, unreadable, binary now,
   * or outside the root. A file read as it is on disk has only its ranges read; another is decoded once.
   */
  fileText(id: number, ranges: readonly { start: number; length: number }[] | null): { pieces: Buffer[] } | { whole: Buffer; changed: boolean } | null {
    const { paths, root, sizes, mtimes, raw } = this.header;
    let fd: number;
    try {
      const real = fs.realpathSync.native(path.join(root, paths[id]!));
      if (!isInside(this.realRoot, real)) return null;
      // Not waited on if the file was swapped for a named pipe or a device since the walk.
      const opened = openRegularFileSync(real);
      if (opened === null) return null;
      fd = opened;
    } catch {
      return null;
    }
    try {
      const stat = fs.fstatSync(fd);
      const same = stat.size === sizes[id] && stat.mtimeMs === mtimes[id];
      if (same && raw[id] && ranges) return { pieces: ranges.map((range) => readAt(fd, range.start, range.length)) };
      const text = firstStageText(fs.readFileSync(fd));
      if (!text) return null;
      if (!same || !ranges) return { whole: text, changed: !same };
      return { pieces: ranges.map((range) => text.subarray(range.start, range.start + range.length)) };
    } catch {
      return null;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** `length` bytes of the first-stage file at `position`. */
  read(position: number, length: number): Buffer {
    return readAt(this.fd, position, length);
  }

  private evaluate(shard: ShardTable, node: ByteNode): Uint32Array {
    if (node.kind === 'gram') return this.postings(shard, node.key);
    const lists = node.parts.map((part) => this.evaluate(shard, part));
    return node.kind === 'and' ? intersectAll(lists) : unionAll(lists);
  }

  /** The blocks of one trigram in one shard. */
  private postings(shard: ShardTable, key: number): Uint32Array {
    const { rows } = shard;
    let low = 0, high = rows.length / 4 - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = rows[mid * 4]!;
      if (at < key) low = mid + 1;
      else if (at > key) high = mid - 1;
      else return decodeGaps(readAt(this.fd, shard.dataStart + rows[mid * 4 + 2]!, rows[mid * 4 + 3]!), rows[mid * 4 + 1]!);
    }
    return new Uint32Array(0);
  }
}

/** The index's chunks hold a file's lines without the newline that ends the last one; a block ends with one too. */
function withoutLastNewline(text: Buffer): Buffer {
  return text.length > 0 && text[text.length - 1] === 0x0a ? text.subarray(0, text.length - 1) : text;
}

/**
 * `reader` with its exact and regex candidates taken from the first stage; every other question
 * goes to the index as it is. `used` tells whether a search asked for candidates.
 */
export function withFirstStage(reader: IndexReader, stage: FirstStagePostings): { reader: IndexReader; used: () => boolean } {
  let used = false;
  const candidates: IndexReader['candidates'] = (filter, match) => {
    used = true;
    return stage.rows(stage.candidates(filter, match));
  };
  const wrapped = new Proxy(reader, {
    get(target, key) {
      if (key === 'candidates') return candidates;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { reader: wrapped, used: () => used };
}

function readAt(fd: number, position: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const read = fs.readSync(fd, out, done, length - done, position + done);
    if (read === 0) throw new Error('first stage file cut short');
    done += read;
  }
  return out;
}

function decodeGaps(bytes: Buffer, files: number): Uint32Array {
  const out = new Uint32Array(files);
  let last = -1, n = 0, gap = 0, shift = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    gap += (byte & 0x7f) * 2 ** shift;
    if (byte & 0x80) { shift += 7; continue; }
    last += gap;
    out[n++] = last;
    gap = 0;
    shift = 0;
  }
  return out;
}

type ByteNode = { kind: 'gram'; key: number } | { kind: 'and' | 'or'; parts: ByteNode[] };

/**
 * The planner's expression as byte trigrams; null when it requires nothing. A term's UTF-8 shorter
 * than three bytes requires nothing: an AND leaves it out, an OR holding it matches everything.
 */
function byteTree(node: MatchNode): ByteNode | null {
  if (node.kind === 'term') {
    const bytes = Buffer.from(node.text, 'utf8');
    const grams: ByteNode[] = [];
    for (let i = 0; i + 2 < bytes.length; i++) grams.push({ kind: 'gram', key: (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]! });
    if (grams.length === 0) return null;
    return grams.length === 1 ? grams[0]! : { kind: 'and', parts: grams };
  }
  const parts: ByteNode[] = [];
  for (const part of node.parts) {
    const tree = byteTree(part);
    if (tree === null) {
      if (node.kind === 'or') return null;
      continue;
    }
    parts.push(tree);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { kind: node.kind, parts };
}

