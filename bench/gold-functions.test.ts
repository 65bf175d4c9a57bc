import { describe, expect, it } from 'vitest';
import { coverRanks, entityRanks, goldEntities, rankedEntries } from './gold-functions.js';
import { patchedLines } from './patch-lines.js';

const diff = (file: string, ...hunks: string[]) => [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, ...hunks].join('\n');

describe('patchedLines: the base commit lines a fix edits', () => {
  it('counts removed and replaced lines at their old numbers, context moving the count on', () => {
    const patch = diff('pkg/a.py', '@@ -10,4 +10,4 @@ def f():', '     x = 1', '-    y = 2', '+    y = 3', '     z = 4', '     return x');
    expect(patchedLines(patch)).toEqual([{ file: 'pkg/a.py', lines: [11] }]);
  });

  it('places a pure insertion after the line before it, and reads several files and hunks', () => {
    const patch = [
      diff('a.py', '@@ -5,2 +5,3 @@', '     one', '+    inserted', '     two', '@@ -40,0 +41,2 @@', '+def new():', '+    pass'),
      diff('b/c.py', '@@ -1 +1 @@', '-import os', '+import sys'),
    ].join('\n');
    expect(patchedLines(patch)).toEqual([{ file: 'a.py', lines: [5, 40] }, { file: 'b/c.py', lines: [1] }]);
  });
});

const OUTLINE = [
  { name: 'Cache', kind: 'class', container: null, start_line: 10, end_line: 60 },
  { name: 'get', kind: 'method', container: 'Cache', start_line: 12, end_line: 20 },
  { name: 'set', kind: 'method', container: 'Cache', start_line: 22, end_line: 30 },
];

describe('gold entities and their ranks', () => {
  it('takes the innermost definition of each edited line, named as locate names it; a line outside every definition is the file', () => {
    const golds = goldEntities({ file: 'c.py', lines: [3, 14, 15, 25, 45] }, OUTLINE);
    expect(golds).toEqual([
      { file: 'c.py', symbol: null },
      { file: 'c.py', symbol: { name: 'Cache.get', startLine: 12, endLine: 20 } },
      { file: 'c.py', symbol: { name: 'Cache.set', startLine: 22, endLine: 30 } },
      { file: 'c.py', symbol: { name: 'Cache', startLine: 10, endLine: 60 } },
    ]);
  });

  it('ranks (file, symbol) entries: a symbol must be the same definition, a bare file matches a module-level edit', () => {
    const entries = rankedEntries([
      { file: 'other.py', symbols: [{ name: 'set', line: 22 }] },
      { file: 'c.py', symbols: [{ name: 'get', line: 12 }, { name: 'set', line: 40 }, { name: 'set', line: 22 }] },
      { file: 'd.py', symbols: [] },
    ]);
    expect(entries).toHaveLength(5);
    const set = { file: 'c.py', symbol: { name: 'set', startLine: 22, endLine: 30 } };
    const get = { file: 'c.py', symbol: { name: 'get', startLine: 12, endLine: 20 } };
    expect(entityRanks(entries, [set])).toEqual({ any: 4, all: 4 });
    expect(entityRanks(entries, [set, get])).toEqual({ any: 2, all: 4 });
    expect(entityRanks(entries, [set, { file: 'e.py', symbol: null }])).toEqual({ any: 4, all: null });
    expect(entityRanks(entries, [{ file: 'd.py', symbol: null }])).toEqual({ any: 5, all: 5 });
  });

  it('counts an instance for "all" only when every gold item is reached', () => {
    expect(coverRanks([3, 1])).toEqual({ any: 1, all: 3 });
    expect(coverRanks([2, null])).toEqual({ any: 2, all: null });
    expect(coverRanks([null])).toEqual({ any: null, all: null });
  });
});
