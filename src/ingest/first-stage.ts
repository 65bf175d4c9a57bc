/**
 * @module ingest/first-stage
 * The first stage of a first build: before the SQLite index is written (minutes on a large
 * tree), every file's byte trigrams are gathered into postings of Quarry's own, on every core,
 * and written beside the index (`INDEX-first-stage`). While the pass runs, exact and regex
 * searches take their candidates from it and verify them against the files themselves
 * (search/first-stage-reader), so they answer for the whole tree within seconds instead of for
 * the files committed so far.
 *
 * Files get ids in the order the index sorts paths (bytes of UTF-8), so candidates come out in
 * the order of the index's own. Postings name blocks of whole lines (store/first-stage/first-stage-shard).
 * Each thread builds shards from groups of files taken in turn, each shard written as soon as it
 * is finished, so memory stays bounded; a query reads every shard, and nothing is merged.
 *
 * Then the same is done for words (firstStageWordsPath): the word postings of each file's chunks
 * of lines (store/first-stage/first-stage-word-postings), so word searches rank every file too. Trigrams come first:
 * they take a third of the time, and exact and regex searches need not wait for the words.
 *
 * Layout: each shard's postings (native/quarry_grams.c) and its block table (BLOCK_FIELDS u32
 * per block), or in a file of words its word postings (native/quarry_words.c) and its chunk
 * table (CHUNK_FIELDS u32 per chunk), all in this machine's byte order (the file is read where it
 * was written), then the JSON header, then its length and the magic (little-endian u32 each).
 * The pass removes both files when it ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FIRST_STAGE } from '../contracts/limits.js';
import { BLOCK_FIELDS, buildShards, nativeGrams, type Shard, type ShardFile, type StagePart } from '../store/first-stage/first-stage-shard.js';
import { CHUNK_FIELDS, nativeWords } from '../store/first-stage/first-stage-word-postings.js';
import { FIRST_STAGE_MAGIC, type FirstStageHeader, type FirstStageSummary } from '../store/first-stage/first-stage-files.js';

/** The built worker script; absent when running from TypeScript sources (tests), which then build one shard in-process. */
const WORKER_SCRIPT = fileURLToPath(new URL('./first-stage-worker.js', import.meta.url));

interface Walked { relPath: string; absPath: string; size: number; mtimeMs: number }

/** Threads to build with: one per core, as many as there are groups of files at most. */
function threadsFor(files: number): number {
  return Math.max(1, Math.min(os.availableParallelism(), FIRST_STAGE.threadsMax, Math.ceil(files / FIRST_STAGE.groupFiles)));
}

/** Builds the shards of `files` in a worker thread (put in `workers`), handing each to `done` as it comes. */
function shardsInThread(part: StagePart, files: ShardFile[], done: (shard: Shard) => void, workers: Worker[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { part, files } });
    workers.push(worker);
    worker.on('message', (shard: Shard | null) => {
      if (shard) return done(shard);
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`first-stage worker exited with ${code}`)));
  });
}

/**
 * Builds the shards of `parts` (one thread each, or this thread for one part) into `writer`. The
 * first failure, a thread's or a write's, stops every thread and is thrown once all have stopped,
 * so nothing is written after the caller closes the file.
 */
async function buildInto(writer: ShardWriter, part: StagePart, parts: ShardFile[][]): Promise<void> {
  let failure: { error: unknown } | null = null;
  const workers: Worker[] = [];
  const fail = (error: unknown) => {
    failure ??= { error };
    for (const worker of workers) void worker.terminate();
  };
  const append = (shard: Shard) => {
    if (failure) return;
    try {
      writer.append(shard);
    } catch (error) {
      fail(error);
    }
  };
  // In this thread a failed write stops the build at once.
  if (parts.length === 1) return buildShards(part, parts[0]!, (shard) => writer.append(shard));
  await Promise.allSettled(parts.map((files) => shardsInThread(part, files, append, workers).catch(fail)));
  if (failure) throw (failure as { error: unknown }).error;
}

/** The first-stage file being written: each shard is appended as it comes, and its place noted. */
class ShardWriter {
  readonly places: FirstStageHeader['shards'] = [];
  at = 0;
  /** Every shard has its postings (none ran out of memory). */
  whole = true;

  constructor(private readonly fd: number, private readonly part: StagePart, private readonly languages: (string | null)[], private readonly raw: boolean[]) {}

  append(shard: Shard): void {
    shard.fileIds.forEach((id, i) => {
      this.languages[id] = shard.languages[i] ?? null;
      this.raw[id] = shard.raw[i] ?? false;
    });
    const postings = this.part === 'grams' ? shard.postings : shard.words;
    if (!postings) this.whole = false;
    // A shard after one that failed is not written: the file will not be used.
    if (!this.whole) return;
    const place = { offset: this.at, length: 0, blocksOffset: 0, blocks: 0, wordsOffset: 0, wordsLength: 0, chunksOffset: 0, chunks: 0 };
    if (this.part === 'grams') {
      place.length = this.write(shard.postings!);
      place.blocksOffset = this.at;
      this.write(shard.blocks);
      place.blocks = shard.blocks.length / BLOCK_FIELDS;
    } else {
      place.wordsOffset = this.at;
      place.wordsLength = this.write(shard.words!);
      place.chunksOffset = this.at;
      this.write(shard.chunks);
      place.chunks = shard.chunks.length / CHUNK_FIELDS;
    }
    this.places.push(place);
  }

  /** Writes `bytes` at the end; their length. */
  write(bytes: ArrayBufferView): number {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let done = 0; done < buffer.length;) done += fs.writeSync(this.fd, buffer, done, buffer.length - done);
    this.at += buffer.length;
    return buffer.length;
  }
}

/**
 * Writes `part` of the first stage of `files` to `target`: its trigrams (firstStagePath) or its
 * words (firstStageWordsPath); null when the native builder is not built or ran out of memory
 * (searches then answer from what the pass has committed). A file left by an earlier pass is replaced.
 */
export async function writeFirstStage(
  target: string, root: string, repository: string, walked: readonly Walked[], part: StagePart = 'grams',
): Promise<FirstStageSummary | null> {
  if (part === 'grams' ? !nativeGrams : !nativeWords) return null;
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
  const languages = new Array<string | null>(files.length).fill(null);
  const raw = new Array<boolean>(files.length).fill(false);
  const temporary = `${target}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    const writer = new ShardWriter(fd, part, languages, raw);
    await buildInto(writer, part, parts);
    if (!writer.whole) {
      fs.closeSync(fd);
      fs.rmSync(temporary, { force: true });
      return null;
    }
    const { places } = writer;
    const words = part === 'words';
    const paths = sorted.map((f) => f.relPath);
    const header: FirstStageHeader = {
      repository, root, paths, languages,
      sizes: sorted.map((f) => f.size), mtimes: sorted.map((f) => f.mtimeMs), raw, shards: places, words,
    };
    const json = Buffer.from(JSON.stringify(header), 'utf8');
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(json.length, 0);
    trailer.writeUInt32LE(FIRST_STAGE_MAGIC, 4);
    writer.write(json);
    writer.write(trailer);
    fs.closeSync(fd);
    fs.renameSync(temporary, target);
    return { files: files.length, shards: places.length, words, bytes: writer.at, duration_ms: Date.now() - started };
  } catch (error) {
    try { fs.closeSync(fd); } catch { /* closed already */ }
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
