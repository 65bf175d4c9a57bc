import { describe, expect, it } from 'vitest';
import { matchGlob, pathsSelect } from './path-glob.js';

describe('path filters of structural search', () => {
  it('reads an entry without glob characters as a file or a folder', () => {
    expect(pathsSelect(['src'], 'src/main.c')).toBe(true);
    expect(pathsSelect(['src/'], 'src/a/b.c')).toBe(true);
    expect(pathsSelect(['src'], 'srcx/main.c')).toBe(false);
    expect(pathsSelect(['src/main.c'], 'src/main.c')).toBe(true);
    expect(pathsSelect([], 'anything')).toBe(true);
  });

  it('keeps * and ? within one folder, lets ** cross folders (or none), and matches a bare name glob anywhere', () => {
    expect(matchGlob('src/*.c', 'src/a.c')).toBe(true);
    expect(matchGlob('src/*.c', 'src/x/a.c')).toBe(false);
    expect(matchGlob('drivers/**/*.c', 'drivers/net/eth/e1000.c')).toBe(true);
    expect(matchGlob('drivers/**/*.c', 'drivers/e1000.c')).toBe(true);
    expect(matchGlob('drivers/**/*.c', 'drivers/net/e1000.h')).toBe(false);
    expect(matchGlob('a?c', 'abc')).toBe(true);
    expect(matchGlob('a?c', 'a/c')).toBe(false);
    expect(pathsSelect(['*.py'], 'deep/down/tool.py')).toBe(true);
    expect(pathsSelect(['*.py'], 'deep/down/tool.pyc')).toBe(false);
  });

  it('matches a hostile glob in time bounded by its length times the path\'s, without backtracking', () => {
    const started = performance.now();
    expect(matchGlob(`${'*a'.repeat(100)}b`, 'a'.repeat(300))).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
