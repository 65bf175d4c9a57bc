/**
 * @module ingest/ignore-rules
 * Git-style ignore rules, nested: each folder's `.gitignore`, `.ignore` and
 * `.quarryignore` apply to paths below it, later files and deeper folders
 * overriding earlier ones (a deeper `!pattern` can re-include a file).
 */
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readRegularFileSync } from '../fs/regular-file.js';

/** Case-sensitive, as git (core.ignorecase is false on Linux), ripgrep and fd match: `*.s` does not hide `entry.S`. */
const newRules = (): Ignore => ignore({ ignorecase: false });

/** Ignore files read in each folder, lowest precedence first. */
export const IGNORE_FILE_NAMES = ['.gitignore', '.ignore', '.quarryignore'] as const;

interface Layer {
  /** Folder of the rules, relative to the root, posix, '' for the root. */
  dir: string;
  rules: Ignore;
}

export class IgnoreStack {
  private constructor(private readonly layers: readonly Layer[]) {}

  /** Rules of the root folder, plus `.git/info/exclude` as git reads it. */
  static forRoot(root: string, names?: ReadonlySet<string>): IgnoreStack {
    const base = new IgnoreStack([]);
    const extra = readIfExists(path.join(root, '.git', 'info', 'exclude'));
    const withExclude = extra ? new IgnoreStack([{ dir: '', rules: newRules().add(extra) }]) : base;
    return withExclude.enter(root, '', names);
  }

  /**
   * The stack for a child folder: adds that folder's ignore files, if any.
   * `names` (the folder's entries, when the caller has listed it) spares a
   * failed open per ignore file the folder does not have.
   */
  enter(absDir: string, relDir: string, names?: ReadonlySet<string>): IgnoreStack {
    let rules: Ignore | null = null;
    for (const name of IGNORE_FILE_NAMES) {
      if (names && !names.has(name)) continue;
      const text = readIfExists(path.join(absDir, name));
      if (text) (rules ??= newRules()).add(text);
    }
    return rules ? new IgnoreStack([...this.layers, { dir: relDir, rules }]) : this;
  }

  /** Whether a path (relative to the root, posix) is ignored; directories are tested with a trailing slash. */
  ignores(relPath: string, isDir: boolean): boolean {
    let ignored = false;
    for (const layer of this.layers) {
      const local = layer.dir === '' ? relPath : relPath.slice(layer.dir.length + 1);
      const verdict = layer.rules.test(isDir ? `${local}/` : local);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

/** An ignore file's text; null when it is missing, unreadable or not a regular file (a named pipe there is never waited on). */
function readIfExists(file: string): string | null {
  try {
    const read = readRegularFileSync(file);
    return read.kind === 'read' ? read.bytes.toString('utf8') : null;
  } catch {
    return null;
  }
}
