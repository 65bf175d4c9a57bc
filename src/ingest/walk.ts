/**
 * @module ingest/walk
 * Lists the files of a folder that an index should hold: honours nested
 * ignore files, never enters `.git` or `.quarry`, skips files over the size
 * cap, and follows a symlinked file only when its target stays in the root.
 * Linked folders are not followed (no cycles, no escapes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { IgnoreStack } from './ignore-rules.js';

export interface WalkedFile {
  /** Path relative to the root, with '/' separators. */
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

export type SkipReason = 'too_large' | 'binary' | 'unreadable' | 'symlink_outside_root' | 'symlink_dir' | 'not_regular';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
}

/** Folders never entered: version control internals and Quarry's own index. */
export const ALWAYS_SKIPPED_DIRS = new Set(['.git', '.quarry', '.hg', '.svn']);

export function walkFolder(root: string, options: { maxFileBytes: number }): WalkResult {
  const files: WalkedFile[] = [];
  const skipped: SkippedFile[] = [];
  const rootPrefix = root.endsWith(path.sep) ? root : root + path.sep;

  /** `parent` is null for the root. A folder's own ignore files are read once its entries are listed. */
  const visit = (absDir: string, relDir: string, parent: IgnoreStack | null): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(absDir, { withFileTypes: true });
    } catch {
      if (relDir) skipped.push({ path: relDir, reason: 'unreadable' });
      return;
    }
    const names = new Set(entries.map((e) => e.name));
    const rules = parent ? parent.enter(absDir, relDir, names) : IgnoreStack.forRoot(absDir, names);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
      const absPath = path.join(absDir, entry.name);
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(entry.name) || rules.ignores(relPath, true)) continue;
        visit(absPath, relPath, rules);
        continue;
      }
      if (rules.ignores(relPath, false)) continue;
      let stat: fs.Stats;
      try {
        if (entry.isSymbolicLink()) {
          const target = fs.realpathSync(absPath);
          if (!target.startsWith(rootPrefix)) { skipped.push({ path: relPath, reason: 'symlink_outside_root' }); continue; }
          stat = fs.statSync(target);
          if (stat.isDirectory()) { skipped.push({ path: relPath, reason: 'symlink_dir' }); continue; }
        } else {
          stat = fs.statSync(absPath);
        }
      } catch {
        skipped.push({ path: relPath, reason: 'unreadable' });
        continue;
      }
      if (!stat.isFile()) { skipped.push({ path: relPath, reason: 'not_regular' }); continue; }
      if (stat.size > options.maxFileBytes) { skipped.push({ path: relPath, reason: 'too_large' }); continue; }
      files.push({ relPath, absPath, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) });
    }
  };

  visit(root, '', null);
  return { files, skipped };
}
