/**
 * @module store/first-stage/first-stage-files
 * Where a first stage lives beside its index, what its file holds, and how it is removed: what
 * the indexer, the reader and the serving process need of it without loading its native
 * builders (ingest/first-stage writes it).
 */
import fs from 'node:fs';
import { FIRST_STAGE } from '../../contracts/limits.js';

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

/** The first stage's words: written after its trigrams (`path`), so exact and regex searches need not wait for them. */
export function firstStageWordsPath(path: string): string {
  return `${path}-words`;
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
  /** The file holds word postings of chunks (firstStageWordsPath), not trigram postings of blocks. */
  words: boolean;
}

export interface FirstStageSummary {
  files: number;
  shards: number;
  /** The file holds word postings (firstStageWordsPath): word searches rank every file from it. */
  words: boolean;
  bytes: number;
  duration_ms: number;
}

/** Removes a first stage, trigrams and words, left by this or an earlier pass (a killed pass leaves one behind). */
export function removeFirstStage(target: string): void {
  fs.rmSync(target, { force: true });
  fs.rmSync(firstStageWordsPath(target), { force: true });
}
