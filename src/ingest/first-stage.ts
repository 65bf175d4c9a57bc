/**
 * @module ingest/first-stage
 * The first stage of a first build: before the SQLite index is written (minutes on a large
 * tree), every file's byte trigrams are gathered into postings of Quarry's own, on every core,
 * and written beside the index (`INDEX-first-stage`). While the pass runs, exact and regex
 * searches take their candidates from it and verify them against the files themselves
 * (search/first-stage-reader), so they answer for the whole tree within seconds instead of for
 * the files committed so far. The pass removes the file when it ends.
 *
 * Files get ids in the order the index sorts paths (bytes of UTF-8), so candidates come out in
 * the order of the index's own. Postings name blocks of whole lines (ingest/first-stage-shard).
 * Each thread builds a shard from groups of files taken in turn; a query reads every shard, and
 * nothing is merged.
 *
 * Where the words builder is built, each shard also holds the word postings of its files' chunks
 * of lines (ingest/first-stage-words), so word searches rank every file too.
 *
 * Layout: each shard's postings (native/quarry_grams.c), its block table (BLOCK_FIELDS u32 per
 * block), its word postings (native/quarry_words.c) and its chunk table (CHUNK_FIELDS u32 per
 * chunk), all in this machine's byte order (the file is read where it was written), then the
 * JSON header, then its length and the magic (little-endian u32 each).
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FIRST_STAGE } from '../contracts/limits.js';
import { BLOCK_FIELDS, buildShard, nativeGrams, type Shard, type ShardFile } from './first-stage-shard.js';
import { CHUNK_FIELDS } from './first-stage-words.js';
import { pathIndexText } from '../text/identifiers.js';
import { fts5Tokens } from '../store/postgres/pg-words.js';

/** The built worker script; absent when running from TypeScript sources (tests), which then build one shard in-process. */
const WORKER_SCRIPT = fileURLToPath(new URL('./first-stage-worker.js', import.meta.url));

/** "QFS1": a whole first-stage file (written under another name, then renamed). */
export const FIRST_STAGE_MAGIC = 0x31534651;

/** QUARRY_FIRST_STAGE_MIN_BYTES when it is a byte count, else FIRST_STAGE.minBytes. */
export function firstStageMinBytes(env: NodeJS.ProcessEnv): number {
  const value = env.QUARRY_FIRST_STAGE_MIN_BYTES;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : FIRST_STAGE.minBytes;
}

export function firstStagePath(indexFile: string): string {
  return `${indexFile}-first-stage`;
}

/** The JSON header, after the shards and before its length and the magic (the file's last 8 bytes). */
export interface FirstStageHeader {
  repository: string;
  root: string;
  /** Paths relative to the root, in the index's order; a file's id is its place here. */
  paths: string[];
  /** Per path: its language, or null when it was binary or unreadable. */
  languages: (string | null)[];
  /** Per path: size and mtime as the walk saw them; a file that differs now is read whole. */
  sizes: number[];
  mtimes: number[];
  /** Per path: its text is its bytes (UTF-8 without a byte-order mark), so a block is read alone; else the file is decoded whole. */
  raw: boolean[];
  /** Each shard's postings and block table, and its word postings and chunk table when `words`, as places in the file (bytes from its start). */
  shards: { offset: number; length: number; blocksOffset: number; blocks: number; wordsOffset: number; wordsLength: number; chunksOffset: number; chunks: number }[];
  /** Every shard holds its chunks' word postings: word searches can rank every file. */
  words: boolean;
  /** Per path: the tokens of its path column in the word index (pathIndexText), for BM25's row lengths. */
  pathTokens: number[];
}

export interface FirstStageSummary {
  files: number;
  shards: number;
  /** The first stage holds word postings: word searches rank every file from it. */
  words: boolean;
  bytes: number;
  duration_ms: number;
}

interface Walked { relPath: string; absPath: string; size: number; mtimeMs: number }

/** Threads to build with: one per core, as many as there are groups of files at most. */
function threadsFor(files: number): number {
  return Math.max(1, Math.min(os.availableParallelism(), FIRST_STAGE.threadsMax, Math.ceil(files / FIRST_STAGE.groupFiles)));
}

function shardInThread(files: ShardFile[]): Promise<Shard> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { files } });
    worker.once('message', (shard: Shard) => { resolve(shard); void worker.terminate(); });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`first-stage worker exited with ${code}`)));
  });
}

/**
 * Writes the first stage of `files` to `target`; null when the native builder is not built or
 * ran out of memory (the pass then runs as before, searches answering from what it has
 * committed). A file left by an earlier pass is replaced.
 */
export async function writeFirstStage(target: string, root: string, repository: string, walked: readonly Walked[]): Promise<FirstStageSummary | null> {
  if (!nativeGrams) return null;
  const started = Date.now();
  const encoded = walked.map((file) => ({ file, key: Buffer.from(file.relPath, 'utf8') }));
  encoded.sort((a, b) => Buffer.compare(a.key, b.key));
  const sorted = encoded.map(({ file }) => file);
  const files: ShardFile[] = sorted.map((file, id) => ({ id, relPath: file.relPath, absPath: file.absPath }));
  const threads = fs.existsSync(WORKER_SCRIPT) ? threadsFor(files.length) : 1;
  const parts: ShardFile[][] = Array.from({ length: threads }, () => []);
  for (let at = 0; at < files.length; at += FIRST_STAGE.groupFiles) {
    parts[(at / FIRST_STAGE.groupFiles) % threads]!.push(...files.slice(at, at + FIRST_STAGE.groupFiles));
  }
  const shards = threads === 1 ? [buildShard(nativeGrams, files)] : await Promise.all(parts.map(shardInThread));
  if (shards.some((shard) => !shard.postings)) return null;
  const languages = new Array<string | null>(files.length).fill(null);
  const raw = new Array<boolean>(files.length).fill(false);
  parts.forEach((part, t) => part.forEach((file, i) => {
    languages[file.id] = shards[t]!.languages[i] ?? null;
    raw[file.id] = shards[t]!.raw[i] ?? false;
  }));

  const words = shards.every((shard) => shard.words !== null);
  const bytesOf = (table: Uint32Array) => Buffer.from(table.buffer, table.byteOffset, table.byteLength);
  // Per shard, its parts in the order they are written.
  const shardParts = shards.map((shard) => [shard.postings!, bytesOf(shard.blocks), ...(words ? [shard.words!, bytesOf(shard.chunks)] : [])]);
  const places: FirstStageHeader['shards'] = [];
  let at = 0;
  shards.forEach((shard, i) => {
    const [postings, blocks, wordPostings, chunks] = shardParts[i]!;
    const blocksOffset = at + postings!.length;
    const wordsOffset = blocksOffset + blocks!.length;
    const chunksOffset = wordsOffset + (wordPostings?.length ?? 0);
    places.push({
      offset: at, length: postings!.length, blocksOffset, blocks: shard.blocks.length / BLOCK_FIELDS,
      wordsOffset, wordsLength: wordPostings?.length ?? 0, chunksOffset, chunks: words ? shard.chunks.length / CHUNK_FIELDS : 0,
    });
    at = chunksOffset + (chunks?.length ?? 0);
  });
  const paths = sorted.map((f) => f.relPath);
  const header: FirstStageHeader = {
    repository, root, paths, languages,
    sizes: sorted.map((f) => f.size), mtimes: sorted.map((f) => f.mtimeMs), raw, shards: places, words,
    pathTokens: words ? paths.map((p, id) => (languages[id] === null ? 0 : fts5Tokens(pathIndexText(p, languages[id]!)).length)) : [],
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(json.length, 0);
  trailer.writeUInt32LE(FIRST_STAGE_MAGIC, 4);
  const temporary = `${target}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    for (const written of shardParts) for (const part of written) fs.writeSync(fd, part);
    fs.writeSync(fd, json);
    fs.writeSync(fd, trailer);
    fs.closeSync(fd);
    fs.renameSync(temporary, target);
  } catch (error) {
    try { fs.closeSync(fd); } catch { /* closed already */ }
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return { files: files.length, shards: shards.length, words, bytes: at + json.length + trailer.length, duration_ms: Date.now() - started };
}

/** Removes a first stage left by this or an earlier pass (a killed pass leaves one behind). */
export function removeFirstStage(target: string): void {
  fs.rmSync(target, { force: true });
}
