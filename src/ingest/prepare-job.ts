/**
 * @module ingest/prepare-job
 * The work the indexer hands out per file whose size or mtime changed: read
 * it, hash it, and when the hash differs from the stored one, prepare it.
 * Runs the same in the indexing thread and in a prepare worker, so both
 * give identical results.
 */
import { packChunkText } from '../store/chunk-text.js';
import { gramTokens } from '../text/gram-tokens.js';
import { hashBytes, plainHashBytes, prepareFile, type PreparedFile } from './prepare-file.js';
import { readRegularFileSync } from '../fs/regular-file.js';
import type { Parsers } from './symbols/parsers.js';

export interface PrepareJob {
  relPath: string;
  absPath: string;
  mtimeMs: number;
  /** Hash stored for this path, null for a new file. */
  storedHash: string | null;
  /** Pack each chunk's stored text (store/chunk-text) and make its trigram tokens here, off the writing thread: true for a SQLite index. */
  packText: boolean;
  /** The index's chunk-text dictionary to pack with (registered in the preparing thread), null for none. */
  dictionaryId: number | null;
}

export type PrepareOutcome =
  | { kind: 'unreadable' }
  /** Content unchanged (only size/mtime differ). */
  | { kind: 'same' }
  | { kind: 'binary' }
  | { kind: 'prepared'; prepared: PreparedFile };

export function runPrepareJob(job: PrepareJob, parsers: Parsers | undefined): PrepareOutcome {
  let bytes: Buffer;
  try {
    // The walk saw a regular file; one swapped for a pipe or device since is not waited on.
    const read = readRegularFileSync(job.absPath);
    if (read.kind !== 'read') return { kind: 'unreadable' };
    bytes = read.bytes;
  } catch {
    return { kind: 'unreadable' };
  }
  const hash = hashBytes(bytes);
  if (job.storedHash === hash || (job.storedHash !== null && job.storedHash === plainHashBytes(bytes))) return { kind: 'same' };
  const prepared = prepareFile(job.relPath, bytes, job.mtimeMs, hash, parsers);
  if (!prepared) return { kind: 'binary' };
  if (job.packText) {
    for (const chunk of prepared.chunks) {
      chunk.stored = packChunkText(chunk.content, job.dictionaryId);
      chunk.grams = gramTokens(chunk.content);
    }
  }
  return { kind: 'prepared', prepared };
}
