/**
 * @module ingest/git-tree
 * When the indexed folder is a git work tree, which of its files git can vouch for: a tracked
 * regular file whose work-tree copy is the blob git's index names. Then the index compares that
 * blob id with the one it stored for the file (`files.hash` is the git blob id of the bytes,
 * ingest/prepare-file) and needs to read nothing: after a checkout, a file whose blob is unchanged
 * is unchanged whatever its mtime, and one whose blob changed is read again.
 *
 * Git's index is read with `git ls-files -s --debug -z` through execFile with an argument list
 * (never a shell), a timeout and an output cap. An entry is vouched for only as git itself would
 * trust it without reading the file: stage 0, mode 100644 or 100755 (not a symlink, whose blob is
 * its target's name, nor a submodule), no assume-unchanged, skip-worktree or intent-to-add flag, the
 * size and mtime git recorded equal to the walk's, and not racily clean (recorded no earlier than
 * the index file was written, when an edit in the same tick would leave the stat equal). Everything
 * else (a modified, untracked, conflicted or linked file) goes the stat-and-hash way. No command
 * that could run a filter or an fsmonitor hook of the repository's config is used: ls-files only
 * reads the index file, and runs with `core.fsmonitor` off. Any failure (no git, not a work tree,
 * a timeout, a larger index than the cap) vouches for nothing, and the pass is what it was without git.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { WalkedFile } from './walk.js';

export const GIT_TREE = {
  /**
   * One `git ls-files` of the kernel's 78,288 entries takes about 0.1 s; a slower one (a cold disk, a
   * network file system) is not worth waiting for, since the stat-and-hash way needs no git.
   */
  timeoutMs: 10_000,
  /** Its output is about 230 bytes an entry: 64 MiB holds some 290,000 tracked files. */
  maxOutputBytes: 64 * 1024 * 1024,
} as const;

/** A tracked file as git's index records it. */
export interface GitEntry {
  blob: string;
  size: number;
  /** Modification time git recorded, in nanoseconds. */
  mtimeNs: bigint;
}

export interface GitIndex {
  entries: Map<string, GitEntry>;
  /** When git's index file was last written, in nanoseconds (entries at or after it are racily clean). */
  writtenNs: bigint;
}

/** ce_flags bits that make an entry's blob say nothing of the work tree: assume-unchanged, skip-worktree, intent-to-add. */
const UNTRUSTED_FLAGS = 0x8000 | (1 << 30) | (1 << 29);
const REGULAR_MODES = new Set(['100644', '100755']);
const HEADER = /^([0-7]{6}) ([0-9a-f]{40,64}) ([0-3])\t/;
const DEBUG_LINES = 5;

/** The environment git runs with: none of the caller's GIT_* variables may point it at another repository or index. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  env.GIT_OPTIONAL_LOCKS = '0';
  return env;
}

function git(root: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'core.fsmonitor=false', ...args], {
      cwd: root, env: gitEnv(), timeout: GIT_TREE.timeoutMs, maxBuffer: GIT_TREE.maxOutputBytes, encoding: 'utf8', windowsHide: true,
    }, (error: Error | null, stdout: string) => (error ? reject(error) : resolve(stdout)));
  });
}

/** `SECONDS:NANOSECONDS` as nanoseconds. */
function nanoseconds(text: string): bigint | null {
  const match = /^(\d+):(\d+)$/.exec(text.trim());
  return match ? BigInt(match[1]!) * 1_000_000_000n + BigInt(match[2]!) : null;
}

/**
 * Parses `git ls-files -s --debug -z`: per entry `MODE BLOB STAGE\tPATH\0` and five lines of its
 * recorded stat (`ctime`, `mtime`, `dev`/`ino`, `uid`/`gid`, `size`/`flags`). Entries git could not
 * vouch for are left out; a path that appears twice (a conflict's stages) is left out whole.
 */
export function parseGitIndex(output: string): Map<string, GitEntry> {
  const entries = new Map<string, GitEntry>();
  const conflicted = new Set<string>();
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf('\0', at);
    if (end < 0) break;
    const record = output.slice(at, end);
    let next = end + 1;
    const lines: string[] = [];
    for (let i = 0; i < DEBUG_LINES; i++) {
      const eol = output.indexOf('\n', next);
      if (eol < 0) return entries;
      lines.push(output.slice(next, eol));
      next = eol + 1;
    }
    at = next;
    const header = HEADER.exec(record);
    if (!header) continue;
    const relPath = record.slice(header[0].length);
    if (entries.has(relPath) || header[3] !== '0') {
      conflicted.add(relPath);
      continue;
    }
    const mtime = /^\s*mtime:\s*(\S+)/.exec(lines[1]!);
    const sizeFlags = /^\s*size:\s*(\d+)\s+flags:\s*([0-9a-f]+)/.exec(lines[4]!);
    const mtimeNs = mtime ? nanoseconds(mtime[1]!) : null;
    if (!REGULAR_MODES.has(header[1]!) || !sizeFlags || mtimeNs === null) continue;
    if ((parseInt(sizeFlags[2]!, 16) & UNTRUSTED_FLAGS) !== 0) continue;
    entries.set(relPath, { blob: header[2]!, size: Number(sizeFlags[1]), mtimeNs });
  }
  for (const relPath of conflicted) entries.delete(relPath);
  return entries;
}

/**
 * Git's index of the work tree `root` is in, its paths relative to `root` (only those under it);
 * null when `root` is not in a git work tree, git is absent, or it fails.
 */
export async function readGitIndex(root: string): Promise<GitIndex | null> {
  try {
    const [indexFile, listing] = await Promise.all([
      git(root, ['rev-parse', '--path-format=absolute', '--git-path', 'index']),
      git(root, ['ls-files', '--stage', '--debug', '-z']),
    ]);
    const written = fs.statSync(path.resolve(root, indexFile.trim()), { bigint: true });
    return { entries: parseGitIndex(listing), writtenNs: written.mtimeNs };
  } catch {
    return null;
  }
}

/**
 * The blob ids git vouches for, by path: entries whose recorded size and mtime (to the millisecond,
 * as the walk keeps it) are the walk's and that are not racily clean.
 */
export function vouchedBlobs(index: GitIndex | null, walked: readonly WalkedFile[]): Map<string, string> {
  const blobs = new Map<string, string>();
  if (!index) return blobs;
  for (const file of walked) {
    const entry = index.entries.get(file.relPath);
    if (!entry || entry.size !== file.size || entry.mtimeNs >= index.writtenNs) continue;
    if (Number(entry.mtimeNs / 1_000_000n) !== file.mtimeMs) continue;
    blobs.set(file.relPath, entry.blob);
  }
  return blobs;
}
