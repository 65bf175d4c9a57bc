import { describe, expect, it } from 'vitest';
import { SEARCH_DISPLAY } from '../contracts/limits.js';
import { compileMatcher, type LineMatch } from './matcher.js';

const TEXT = [
  'static int pm_resume(struct device *dev)',
  '{',
  '\treturn dev_pm_resume(dev, PM_RESUME); /* PM_RESUME again */',
  '',
  'café crème: Café CRÈME\r',
  'foo bar foobar barfoo',
  '  aab  ',
  `${'x,'.repeat(SEARCH_DISPLAY.highlightRangesPerLine + 5)}end`,
  'last line without newline',
].join('\n');

/** Chunks reach the matcher as UTF-8 bytes. */
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The oracle: every line given alone, as its own text, so nothing can span or leak between lines. */
function lineByLine(pattern: string, options: { literal: boolean; caseInsensitive: boolean }, text: string): LineMatch[] {
  const matcher = compileMatcher(pattern, options);
  return text.split('\n').flatMap((line, i) => matcher.matchLines(utf8(line)).map((m) => ({ ...m, line: i })));
}

const CASES: { pattern: string; literal: boolean; caseInsensitive: boolean }[] = [
  { pattern: 'PM_RESUME', literal: true, caseInsensitive: false },
  { pattern: 'pm_resume', literal: true, caseInsensitive: true },
  { pattern: 'crème', literal: true, caseInsensitive: true },
  { pattern: 'x,', literal: true, caseInsensitive: false },
  { pattern: 'a.b (', literal: true, caseInsensitive: false },
  { pattern: '[A-Z]+_RESUME', literal: false, caseInsensitive: false },
  { pattern: '\\bfoo\\b|bar$', literal: false, caseInsensitive: false },
  { pattern: '^', literal: false, caseInsensitive: false },
  { pattern: '$', literal: false, caseInsensitive: false },
  { pattern: '^$', literal: false, caseInsensitive: false },
  { pattern: 'a*', literal: false, caseInsensitive: false },
  { pattern: 'x*$', literal: false, caseInsensitive: false },
  { pattern: '.', literal: false, caseInsensitive: false },
  { pattern: '\\s+', literal: false, caseInsensitive: false },
  { pattern: '[^{]+', literal: false, caseInsensitive: false },
  { pattern: '(?s)dev.*return', literal: false, caseInsensitive: false },
  { pattern: '(?-m)^\\{', literal: false, caseInsensitive: false },
  { pattern: '\\A\\{', literal: false, caseInsensitive: false },
  { pattern: 'line\\z', literal: false, caseInsensitive: false },
  { pattern: 'CRÈME\\r?$', literal: false, caseInsensitive: true },
];

describe('line matching', () => {
  it.each(CASES)('finds what matching each line alone finds: $pattern (literal $literal, ignore case $caseInsensitive)', (options) => {
    const matcher = compileMatcher(options.pattern, options);
    const expected = lineByLine(options.pattern, options, TEXT);
    expect(matcher.matchLines(utf8(TEXT))).toEqual(expected);
    expect(matcher.countLines(utf8(TEXT))).toBe(expected.length);
    expect(matcher.mayMatch(utf8(TEXT)) || expected.length === 0).toBe(true);
  });

  it('highlights every occurrence on a line, and says when the display cap cut them', () => {
    const matcher = compileMatcher('x,', { literal: true, caseInsensitive: false });
    const [line] = matcher.matchLines(utf8(`a\n${'x,'.repeat(SEARCH_DISPLAY.highlightRangesPerLine + 1)}\nb`));
    expect(line).toMatchObject({ line: 1, rangesTruncated: true });
    expect(line!.ranges).toHaveLength(SEARCH_DISPLAY.highlightRangesPerLine);
    expect(line!.ranges[1]).toEqual([2, 4]);
  });

  it('steps over an emoji after an empty match, so later lines and ranges stay right', () => {
    expect(compileMatcher('^', { literal: false, caseInsensitive: false }).matchLines(utf8('🎉\nb\nc')).map((m) => m.line)).toEqual([0, 1, 2]);
    const found = compileMatcher('é*', { literal: false, caseInsensitive: false }).matchLines(utf8('1\ra\ra_😀 \nK\naéa'));
    expect(found.map((m) => [m.line, m.ranges])).toEqual([[0, []], [1, []], [2, [[1, 2]]]]);
    expect(found).toEqual(lineByLine('é*', { literal: false, caseInsensitive: false }, '1\ra\ra_😀 \nK\naéa'));
    expect(compileMatcher('^', { literal: false, caseInsensitive: false }).countLines(utf8('🎉\nb\nc'))).toBe(3);
  });

  it('gives ranges in characters of the line, after multi-byte characters too', () => {
    const text = '日本 PM_RESUME é PM_RESUME\n🎉PM_RESUME\nplain PM_RESUME';
    const inChars = (line: string) => [...line.matchAll(/PM_RESUME/g)].map((m) => [m.index, m.index + 'PM_RESUME'.length]);
    const lines = text.split('\n');
    for (const [pattern, literal] of [['PM_RESUME', true], ['[A-Z]+_RESUME', false]] as const) {
      for (const caseInsensitive of [false, true]) {
        const found = compileMatcher(pattern, { literal, caseInsensitive }).matchLines(utf8(text));
        expect(found.map((m) => m.text)).toEqual(lines);
        expect(found.map((m) => m.ranges)).toEqual(lines.map(inChars));
      }
    }
  });

  it('refuses \\C (any byte), which can match part of a character, and reads an escaped backslash before C as text', () => {
    expect(() => compileMatcher('a\\C', { literal: false, caseInsensitive: false })).toThrow(expect.objectContaining({ code: 'QUERY_SYNTAX', message: expect.stringMatching(/\\C \(any single byte\)/) as unknown }));
    expect(compileMatcher('\\\\C', { literal: false, caseInsensitive: false }).matchLines(utf8('a\\Cb'))).toEqual([{ line: 0, text: 'a\\Cb', ranges: [[1, 3]] }]);
    expect(compileMatcher('\\C', { literal: true, caseInsensitive: false }).countLines(utf8('x\\C\ny'))).toBe(1);
    expect(compileMatcher('\\Qa\\C\\E', { literal: false, caseInsensitive: false }).countLines(utf8('a\\C\na'))).toBe(1);
  });

  it('counts a line once however many times it matches, and finds nothing a line does not hold', () => {
    const matcher = compileMatcher('PM_RESUME', { literal: true, caseInsensitive: false });
    const found = matcher.matchLines(utf8(TEXT));
    expect(found.map((m) => m.line)).toEqual([2]);
    expect(found[0]!.ranges).toHaveLength(2);
    expect(matcher.mayMatch(utf8('pm_resume only'))).toBe(false);
    expect(compileMatcher('resume(dev)\n{', { literal: true, caseInsensitive: false }).matchLines(utf8(TEXT))).toEqual([]);
  });
});
