/**
 * Comments and test names speak of the code: an issue or a seed of a
 * tracker named by its number means nothing to someone who clones the
 * repository, so every text file of the shipped and checked folders is
 * scanned for such a reference. Say what it means instead: the contract,
 * the limit, the reason.
 * Random-number seeds stay legal: `--seed 7`, "random seed 7" and
 * five-digit fuzz seeds are not tracker numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders and files whose text is scanned, relative to the project root. */
const SCANNED = ['src', 'web', 'bench', 'native', 'scripts', '.ci', 'eslint.config.js', 'vitest.config.ts', 'binding.gyp', 'package.json'];
/** Folders never scanned: installed packages and build output. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build']);
/** Public data quoted as it was published (other projects' commit messages name their own trackers). */
const QUOTED_DATA = new Set([path.join('bench', 'commit-set', 'instances.json')]);

/**
 * An issue or issues by number (with or without #), a seed by a number of up to three digits,
 * with the definite article or in the possessive, a numbered round. A random generator's seed
 * stays legal when it says so: "the random seed 7", `--seed 7`.
 */
const TRACKER_REFERENCE = [
  /\bissues?\s*#?\d+\b/i,
  /(?<!-|\w|random )seeds?\s*#?\d{1,3}\b/i,
  /\b(the|both) seeds?\b/i,
  /\bseed's\b/i,
  /\bround\s+\d+\b/i,
];

/** The tracker-like reference in a line of text, or null. */
function trackerReference(line: string): string | null {
  for (const pattern of TRACKER_REFERENCE) {
    const found = pattern.exec(line);
    if (found) return found[0];
  }
  return null;
}

/** A line without its comment marker (` * `, `// `, `# `), to read a comment that wraps as one text. */
function continuation(line: string): string {
  return line.replace(/^\s*(\*(?!\/)|\/\/|#)?\s*/, '');
}

/** Each tracker-like reference of a text with its line number; one that wraps onto the next line counts on the first. */
function trackerReferences(text: string): { line: number; reference: string }[] {
  const lines = text.split('\n');
  const found: { line: number; reference: string }[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    const reference = trackerReference(line)
      ?? (next !== undefined && trackerReference(continuation(next)) === null ? trackerReference(`${line} ${continuation(next)}`) : null);
    if (reference) found.push({ line: i + 1, reference });
  });
  return found;
}

function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function scannedFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.isDirectory() && SKIPPED_DIRS.has(child.name)) return [];
    if (QUOTED_DATA.has(path.join(entry, child.name))) return [];
    return scannedFiles(path.join(entry, child.name));
  });
}

describe('no tracker references in code, comments or test names', () => {
  it('finds no "issue N", "seed NNN" or "round N" in any scanned text file', () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(scannedFiles)) {
      const bytes = fs.readFileSync(file);
      if (isBinary(bytes)) continue;
      for (const { line, reference } of trackerReferences(bytes.toString('utf8'))) found.push(`${path.relative(ROOT, file)}:${line}: "${reference}"`);
    }
    expect(found, 'say what the reference means (the contract, the limit, the reason) instead').toEqual([]);
  });

  it('recognises the tracker forms and leaves ordinary words alone', () => {
    // Built from pieces so this file does not hold the forms it forbids.
    const issue = 'iss' + 'ue';
    const seed = 'se' + 'ed';
    for (const line of [`(${issue} 9)`, `${issue}s 4 and 9`, `${issue} #12`, `${seed} 001's order`, `Se${'ed'} 003: default 10`, `ro${'und'} 3`, `with the ${seed} message`, `the ${seed}'s Czech`, `in both ${seed}s`]) {
      expect(trackerReference(line), line).not.toBeNull();
    }
    expect(trackerReferences(` * \`normalizeEncoding\` is ${seed}\n * 004's table`)).toEqual([{ line: 1, reference: `${seed} 004` }]);
    expect(trackerReferences(`// the ${issue}\n// 9 files`)).toEqual([{ line: 1, reference: `${issue} 9` }]);
    for (const line of [`the ${issue}'s first 50 words`, `run with --${seed} 7`, `fuzz slice (${seed} 20251)`, 'Math.round(3.5)', `zod ${issue}s`, `a ${seed}ed generator`, `the random ${seed} 7`, `mulberry32(${seed})`]) {
      expect(trackerReference(line), line).toBeNull();
    }
  });

  it('scans the real tree (the walk is not vacuous)', () => {
    const files = SCANNED.flatMap(scannedFiles).map((f) => path.relative(ROOT, f));
    expect(files).toEqual(expect.arrayContaining([path.join('src', 'contracts', 'limits.ts'), path.join('.ci', 'run'), path.join('native', 'quarry_text.c'), 'package.json']));
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
  });
});
