import { describe, expect, it } from 'vitest';
import { TOOL_TEXT } from '../contracts/limits.js';
import { formatRow, groupRows, marksFor, rowText } from './text-rows.js';

describe('rowText', () => {
  it.each([
    ['\t#define  FOO\t\t1   ', [], {}, '#define FOO 1'],
    ['\t#define  FOO\t\t1', [], { indent: true }, '\t#define  FOO\t\t1'],
    ['x  =  foo(bar)', [[6, 9]], { marks: 1 }, 'x = «foo»(bar)'],
    ['  a  b  a', [[2, 3], [8, 9]], { marks: 1 }, '«a» b a'],
    ['  a  b  a', [[2, 3], [8, 9]], { marks: 2 }, '«a» b «a»'],
    ['plain', [[0, 5]], {}, 'plain'],
  ] as const)('%j with ranges %j and %j gives %j', (line, ranges, options, expected) => {
    expect(rowText(line, ranges as unknown as [number, number][], options)).toBe(expected);
  });

  it('cuts a long row around its first range, with an ellipsis on each cut side', () => {
    const line = `${'a '.repeat(200)}NEEDLE${' b'.repeat(200)}`;
    const text = rowText(line, [[400, 406]], { marks: 1 });
    expect(text).toContain('«NEEDLE»');
    expect(text.startsWith('…') && text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(TOOL_TEXT.rowMaxChars + 4);
  });
});

describe('rows and files', () => {
  it('writes matched rows with a colon and context rows with a dash, as grep does', () => {
    expect(formatRow({ line: 41, text: 'x', matched: true })).toBe('41: x');
    expect(formatRow({ line: 40, text: 'y', matched: false, note: '(in f)' })).toBe('40- y  (in f)');
    expect(formatRow({ line: 39, text: '', matched: false })).toBe('39-');
  });

  it('groups by file in first-seen order, sorts rows by line and keeps an overlapping line once, matched if either was', () => {
    const groups = groupRows([
      { file: 'b.c', rows: [{ line: 9, text: 'nine', matched: true }, { line: 10, text: 'ten', matched: false }] },
      { file: 'a.c', rows: [{ line: 1, text: 'one', matched: true }] },
      { file: 'b.c', rows: [{ line: 10, text: 'ten', matched: true }, { line: 3, text: 'three', matched: true }] },
    ]);
    expect(groups.map((g) => g.file)).toEqual(['b.c', 'a.c']);
    expect(groups[0]!.rows.map((r) => [r.line, r.matched])).toEqual([[3, true], [9, true], [10, true]]);
  });

  it('marks matches only for a pattern, never for a literal or words', () => {
    expect(marksFor('[A-Z]+_SUSPEND', true)).toBe(TOOL_TEXT.marksPerRow);
    expect(marksFor('PM_SUSPEND', true)).toBe(0);
    expect(marksFor('a.b', false)).toBe(0);
  });
});
