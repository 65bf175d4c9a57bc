/**
 * A security rule: no JavaScript RegExp is ever built at run time in
 * src/ (a phrase check built one from user text and a single request froze
 * every door). User regexes run on RE2; phrases and signal words are compared
 * as tokens; highlights use substring search. This test keeps the rule true:
 * any `RegExp(` in non-test source must be on the allow-list below, each
 * entry a constant pattern with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `file: reason` for each allowed run-time RegExp; every one must be built from constant text. Empty today. */
const ALLOWED: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('no RegExp is built at run time in src/', () => {
  it('finds RegExp( only on the allow-list', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/\bRegExp\s*\(/.test(line)) found.push(`${path.relative(SRC, file)}:${i + 1}`);
      });
    }
    const unexpected = found.filter((at) => !(at.split(':')[0]! in ALLOWED));
    expect(unexpected).toEqual([]);
  });

  it('scans the real tree (the walk is not vacuous)', () => {
    const files = sourceFiles(SRC).map((f) => path.relative(SRC, f));
    expect(files).toContain(path.join('search', 'text-search.ts'));
    expect(files.length).toBeGreaterThan(50);
  });
});
