/**
 * @module ingest/binary-files
 * The files a pass found binary, remembered for the next one: a binary file is never stored in the
 * index, so without this memory every pass read each of them again to find the NUL again (Django's
 * 1,260 message catalogues, `.mo`, were 4 MB read, and a prepare worker started, on every pass).
 * A file is taken as still binary, unread, when its size and mtime are those remembered, or when git
 * vouches for the same blob id (ingest/git-tree). Kept beside the index file like the folder
 * listings, written atomically; a missing, unreadable or foreign file only costs the reads.
 */
import { loadSidecarMap, saveSidecarMap } from './sidecar-map.js';
import type { WalkedFile } from './walk.js';

/** Bumped when the shape below changes: an older file is then ignored. */
const FORMAT = 1;

export interface BinaryFile {
  size: number;
  mtimeMs: number;
  /** Its git blob id when git vouched for it (ingest/git-tree), else null. */
  blob: string | null;
}

export type BinaryFiles = Map<string, BinaryFile>;


export function binaryFilesPathFor(indexPath: string): string {
  return `${indexPath}-binary`;
}

export function loadBinaryFiles(file: string, root: string): BinaryFiles {
  return loadSidecarMap(file, root, FORMAT, 'files');
}

/** Best effort (ingest/sidecar-map): a failed write only costs the next pass the reads. */
export function saveBinaryFiles(file: string, root: string, files: BinaryFiles): void {
  saveSidecarMap(file, root, FORMAT, 'files', files);
}

/** Whether `entry` is the binary file remembered at its path (`blob`: the id git vouches for, if any). */
export function stillBinary(known: BinaryFile | undefined, entry: WalkedFile, blob: string | undefined): boolean {
  if (!known || known.size !== entry.size) return false;
  return known.mtimeMs === entry.mtimeMs || (blob !== undefined && known.blob === blob);
}
