/**
 * @module bench/harness/copy-sources
 * Copies real third-party source from node_modules into a test tree, in a
 * fixed order (sorted paths) up to a byte budget, so the same tree comes out
 * on every machine with the same lockfile.
 */
import fs from 'node:fs';
import path from 'node:path';

const TEXT_EXT = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.json', '.md', '.d.ts', '.map', '.txt']);

function* walkSorted(dir: string): Generator<string> {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walkSorted(full);
    else if (entry.isFile()) yield full;
  }
}

export interface CopyResult {
  files: number;
  bytes: number;
}

/**
 * Copies text files of each `sources` folder (relative to `fromRoot`) into
 * `dest/<name>/...` until `maxBytes` in all; files over `maxFileBytes` are left out.
 */
export function copySources(fromRoot: string, sources: readonly string[], dest: string, maxBytes: number, maxFileBytes = 1_500_000): CopyResult {
  let files = 0;
  let bytes = 0;
  for (const source of sources) {
    const base = path.join(fromRoot, source);
    for (const file of walkSorted(base)) {
      if (!TEXT_EXT.has(path.extname(file))) continue;
      const size = fs.statSync(file).size;
      if (size > maxFileBytes) continue;
      if (bytes + size > maxBytes) return { files, bytes };
      const target = path.join(dest, source.replace(/^node_modules\//, ''), path.relative(base, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
      files++;
      bytes += size;
    }
  }
  return { files, bytes };
}
