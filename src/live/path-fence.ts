/**
 * @module live/path-fence
 * Turns user-given roots and files into real absolute paths inside the
 * project root, or refuses them: NUL bytes, absolute paths or `..` that
 * leave the root (refused before the file system is touched, so nothing
 * outside is probed), symbolic links whose target lies outside (realpath),
 * missing paths, and a file where a folder is expected (and the reverse).
 * Refusals name the path as the caller wrote it and nothing else: never the
 * root's absolute path, never where a symbolic link leads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../contracts/messages/index.js';
import { isInside } from '../fs/root.js';
import { liveError } from './live-error.js';

export type PathParam = 'roots' | 'files';

export { isInside };

/** The project root as given and as its realpath; both spellings are accepted in absolute inputs. */
export interface ProjectRoot {
  given: string;
  real: string;
}

export function projectRoot(root: string): ProjectRoot {
  const given = path.resolve(root);
  return { given, real: fs.realpathSync(given) };
}

/** Shows a path relative to the project root, "." for the root itself. */
export function displayPath(root: ProjectRoot, abs: string): string {
  return path.relative(root.real, abs).split(path.sep).join('/') || '.';
}

/** The absolute path `input` names before any link is followed (an absolute input spelled with the non-real root is rebased onto the real one). */
function lexicalPath(root: ProjectRoot, input: string): string {
  const rebased = path.isAbsolute(input) && isInside(root.given, input) ? path.join(root.real, path.relative(root.given, input)) : input;
  return path.resolve(root.real, rebased);
}

/** `input` as a path relative to the root, as written (links not followed, the file system not touched); null when it leaves the root. */
export function lexicalDisplayPath(root: ProjectRoot, input: string): string | null {
  if (input.includes('\0')) return null;
  const lexical = lexicalPath(root, input);
  return isInside(root.real, lexical) ? displayPath(root, lexical) : null;
}

/** Fences one path; `expect` is what the parameter holds (roots: folders, files: files). */
export function fencePath(root: ProjectRoot, input: string, param: PathParam, locale: Locale): string {
  const expect = param === 'roots' ? 'dir' : 'file';
  if (input.includes('\0')) throw liveError('INVALID_ARGUMENT', 'live.path_nul', { param, path: input.replace(/\0/g, '\\0') }, locale);
  const lexical = lexicalPath(root, input);
  if (!isInside(root.real, lexical)) {
    throw liveError('PATH_OUTSIDE_ROOT', 'live.path_outside', { param, path: input }, locale);
  }
  let real: string;
  try {
    real = fs.realpathSync(lexical);
  } catch {
    throw liveError('NOT_FOUND', 'live.path_missing', { param, path: input }, locale);
  }
  if (!isInside(root.real, real)) {
    throw liveError('PATH_OUTSIDE_ROOT', 'live.path_symlink_outside', { param, path: input }, locale);
  }
  const isDir = fs.statSync(real).isDirectory();
  if (expect === 'dir' && !isDir) {
    const shown = displayPath(root, real);
    throw liveError('INVALID_ARGUMENT', 'live.root_is_file', { path: shown, parent: path.posix.dirname(shown) }, locale);
  }
  if (expect === 'file' && isDir) {
    throw liveError('INVALID_ARGUMENT', 'live.file_is_dir', { path: displayPath(root, real) }, locale);
  }
  return real;
}

/** Fences every path of a parameter and removes duplicates (after realpath), keeping order. */
export function fencePaths(root: ProjectRoot, inputs: readonly string[], param: PathParam, locale: Locale): string[] {
  return [...new Set(inputs.map((input) => fencePath(root, input, param, locale)))];
}

/**
 * For results reached by following symbolic links (follow_symlinks): whether
 * the entry's real path is still inside the root. Cached per directory.
 */
export class ResultFence {
  private readonly cache = new Map<string, boolean>();
  skipped = 0;
  constructor(private readonly root: ProjectRoot) {}

  allows(abs: string): boolean {
    let verdict = this.cache.get(abs);
    if (verdict === undefined) {
      try {
        verdict = isInside(this.root.real, fs.realpathSync(abs));
      } catch {
        verdict = false; // vanished or dangling: nothing to show
      }
      this.cache.set(abs, verdict);
    }
    if (!verdict) this.skipped++;
    return verdict;
  }
}
