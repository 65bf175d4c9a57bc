/**
 * @module ingest/folder-listings
 * The walk's memory between runs: for each folder, what it listed last time
 * (entries that passed the ignore rules, in walk order) with the folder's
 * mtime and a stamp of the ignore files in force. A folder's mtime changes
 * when an entry is added, removed or renamed, so an unchanged mtime means an
 * unchanged listing and the walk skips reading the folder and matching its
 * entries against the ignore rules. File content edits do not change it:
 * files are still stat'ed every run. Kept beside the index file, written
 * atomically; a missing, unreadable or foreign file is an empty memory.
 */
import { loadSidecarMap, saveSidecarMap } from './sidecar-map.js';

/** Bumped when the shape below changes: an older file is then ignored. */
const FORMAT = 1;

export interface FolderListing {
  /** The folder's mtime when it was listed. */
  mtimeMs: number;
  /** Size and mtime of every ignore file this folder and its ancestors have (see walk). */
  rulesStamp: string;
  /** Ignore files present in the folder (whether or not they are ignored themselves). */
  ignoreFiles: string[];
  /** Entries kept, sorted as the walk visits them. */
  names: string[];
  /** One letter per entry of `names`: d folder, l symlink, f anything else. */
  kinds: string;
}

export type FolderListings = Map<string, FolderListing>;


export function listingsPathFor(indexPath: string): string {
  return `${indexPath}-folders`;
}

export function loadFolderListings(file: string, root: string): FolderListings {
  return loadSidecarMap(file, root, FORMAT, 'folders');
}

/** Best effort: a failed write only costs the next run its shortcut. */
export function saveFolderListings(file: string, root: string, folders: FolderListings): void {
  saveSidecarMap(file, root, FORMAT, 'folders', folders);
}
