/**
 * @module ingest/walk
 * Lists the files of a folder that an index should hold: honours nested
 * ignore files, never enters `.git` or `.quarry`, skips files over the size
 * cap, and follows a symlinked file only when its target stays in the root.
 * Linked folders are not followed (no cycles, no escapes). Named pipes,
 * sockets, devices and symlink loops are skipped with their reason, never opened.
 *
 * Given the listings of the previous walk (ingest/folder-listings), a folder
 * whose mtime and ignore files are unchanged is not read again and its
 * entries are not matched against the ignore rules again; every file is
 * still stat'ed, since editing a file does not change its folder's mtime.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INGEST } from '../contracts/limits.js';
import type { FolderListing, FolderListings } from './folder-listings.js';
import { IGNORE_FILE_NAMES, IgnoreStack } from './ignore-rules.js';

export interface WalkedFile {
  /** Path relative to the root, with '/' separators. */
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

/**
 * `not_regular`: a named pipe, socket or device (never opened: reading a pipe waits for a writer);
 * `symlink_loop`: a link that leads back to itself (realpath gives ELOOP).
 */
export type SkipReason = 'too_large' | 'binary' | 'unreadable' | 'symlink_outside_root' | 'symlink_dir' | 'symlink_loop' | 'not_regular';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
  /** This walk's listings, to give the next one (folders changed too recently to trust are left out). */
  folders: FolderListings;
  /** Folders whose previous listing was reused, and folders read. */
  foldersReused: number;
  foldersListed: number;
}

export interface WalkOptions {
  maxFileBytes: number;
  /** Listings of the previous walk of the same root. */
  previous?: FolderListings;
}

/** Folders never entered: version control internals and Quarry's own index. */
export const ALWAYS_SKIPPED_DIRS = new Set(['.git', '.quarry', '.hg', '.svn']);

/** `name:size:mtime` of each file (or `name:-` when absent), and the newest mtime among them. */
function stampFiles(absDir: string, names: readonly string[]): { stamp: string; newestMs: number } {
  let stamp = '';
  let newestMs = 0;
  for (const name of names) {
    const stat = fs.statSync(path.join(absDir, name), { throwIfNoEntry: false });
    stamp += stat ? `${name}:${stat.size}:${stat.mtimeMs};` : `${name}:-;`;
    if (stat && stat.mtimeMs > newestMs) newestMs = stat.mtimeMs;
  }
  return { stamp, newestMs };
}

const byName = (a: fs.Dirent, b: fs.Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function walkFolder(root: string, options: WalkOptions): WalkResult {
  const previous = options.previous ?? new Map<string, FolderListing>();
  const files: WalkedFile[] = [];
  const skipped: SkippedFile[] = [];
  const folders: FolderListings = new Map();
  let foldersReused = 0, foldersListed = 0;
  const rootPrefix = root.endsWith(path.sep) ? root : root + path.sep;
  // A listing is kept for next time only if nothing it depends on changed shortly before this moment.
  const settledBefore = Date.now() - INGEST.folderListingSettledMs;

  /** The folder's entries that pass the rules, read from disk. */
  const list = (absDir: string, relDir: string, rules: IgnoreStack, entries: fs.Dirent[]): Pick<FolderListing, 'names' | 'kinds'> => {
    const names: string[] = [];
    let kinds = '';
    for (const entry of entries.sort(byName)) {
      const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(entry.name) || rules.ignores(relPath, true)) continue;
        names.push(entry.name);
        kinds += 'd';
      } else if (!rules.ignores(relPath, false)) {
        names.push(entry.name);
        kinds += entry.isSymbolicLink() ? 'l' : 'f';
      }
    }
    return { names, kinds };
  };

  const addFile = (absPath: string, relPath: string, isLink: boolean): void => {
    let stat: fs.Stats;
    try {
      if (isLink) {
        const target = fs.realpathSync(absPath);
        if (!target.startsWith(rootPrefix)) { skipped.push({ path: relPath, reason: 'symlink_outside_root' }); return; }
        stat = fs.statSync(target);
        if (stat.isDirectory()) { skipped.push({ path: relPath, reason: 'symlink_dir' }); return; }
      } else {
        stat = fs.statSync(absPath);
      }
    } catch (error) {
      skipped.push({ path: relPath, reason: (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'symlink_loop' : 'unreadable' });
      return;
    }
    if (!stat.isFile()) { skipped.push({ path: relPath, reason: 'not_regular' }); return; }
    if (stat.size > options.maxFileBytes) { skipped.push({ path: relPath, reason: 'too_large' }); return; }
    files.push({ relPath, absPath, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) });
  };

  /**
   * `parentRules` builds the ignore rules in force above this folder (null for the root) only
   * when some folder needs listing; `parentStamp` stamps every ignore file they come from, and
   * `settledAbove` says whether each of those had settled.
   */
  const visit = (absDir: string, relDir: string, mtimeMs: number, parentRules: (() => IgnoreStack) | null, parentStamp: string, settledAbove: boolean): void => {
    const cached = previous.get(relDir);
    let listing: FolderListing | null = null;
    let own = cached && cached.mtimeMs === mtimeMs ? stampFiles(absDir, cached.ignoreFiles) : null;
    if (cached && own && parentStamp + own.stamp === cached.rulesStamp) {
      listing = cached;
      foldersReused++;
    }
    let rules: IgnoreStack | null = null;
    const rulesHere = (): IgnoreStack => {
      if (rules) return rules;
      const present = new Set(listing!.ignoreFiles);
      rules = parentRules ? parentRules().enter(absDir, relDir, present) : IgnoreStack.forRoot(absDir, present);
      return rules;
    };
    if (!listing) {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(absDir, { withFileTypes: true });
      } catch {
        if (relDir) skipped.push({ path: relDir, reason: 'unreadable' });
        return;
      }
      foldersListed++;
      const ignoreFiles = IGNORE_FILE_NAMES.filter((name) => entries.some((e) => e.name === name));
      own = stampFiles(absDir, ignoreFiles);
      listing = { mtimeMs, rulesStamp: parentStamp + own.stamp, ignoreFiles, names: [], kinds: '' };
      Object.assign(listing, list(absDir, relDir, rulesHere(), entries));
    }
    // A listing is remembered once the folder and every ignore file in force have settled. A folder
    // below depends on the ignore files above it (its stamp holds them), not on its parent's own mtime:
    // a checkout that changed a file at the top does not make every folder below be listed again.
    const rulesSettled = settledAbove && own!.newestMs < settledBefore;
    if (rulesSettled && mtimeMs < settledBefore) folders.set(relDir, listing);
    const { names, kinds } = listing;
    // absDir is a real path already: path.join's normalising would be wasted on every file.
    const prefix = absDir.endsWith(path.sep) ? absDir : absDir + path.sep;
    for (let i = 0; i < names.length; i++) {
      const relPath = relDir ? `${relDir}/${names[i]}` : names[i]!;
      const absPath = prefix + names[i]!;
      if (kinds[i] !== 'd') { addFile(absPath, relPath, kinds[i] === 'l'); continue; }
      const stat = fs.statSync(absPath, { throwIfNoEntry: false });
      if (!stat?.isDirectory()) { skipped.push({ path: relPath, reason: 'unreadable' }); continue; }
      visit(absPath, relPath, stat.mtimeMs, rulesHere, listing.rulesStamp, rulesSettled);
    }
  };

  // The root's rules also come from .git/info/exclude (see IgnoreStack.forRoot).
  const exclude = stampFiles(path.join(root, '.git', 'info'), ['exclude']);
  visit(root, '', fs.statSync(root).mtimeMs, null, exclude.stamp, exclude.newestMs < settledBefore);
  return { files, skipped, folders, foldersReused, foldersListed };
}
