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

/** The oracle: every line given alone, as its own text, so nothing can span or leak between lines. */
function lineByLine(pattern: string, options: { literal: boolean; caseInsensitive: boolean }, text: string): LineMatch[] {
  const matcher = compileMatcher(pattern, options);
  return text.split('\n').flatMap((line, i) => matcher.matchLines(line).map((m) => ({ ...m, line: i })));
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
    expect(matcher.matchLines(TEXT)).toEqual(expected);
    expect(matcher.mayMatch(TEXT) || expected.length === 0).toBe(true);
  });

  it('highlights every occurrence on a line, and says when the display cap cut them', () => {
    const matcher = compileMatcher('x,', { literal: true, caseInsensitive: false });
    const [line] = matcher.matchLines(`a\n${'x,'.repeat(SEARCH_DISPLAY.highlightRangesPerLine + 1)}\nb`);
    expect(line).toMatchObject({ line: 1, rangesTruncated: true });
    expect(line!.ranges).toHaveLength(SEARCH_DISPLAY.highlightRangesPerLine);
    expect(line!.ranges[1]).toEqual([2, 4]);
  });

  it('steps over an emoji after an empty match, so later lines and ranges stay right', () => {
    expect(compileMatcher('^', { literal: false, caseInsensitive: false }).matchLines('🎉\nb\nc').map((m) => m.line)).toEqual([0, 1, 2]);
    const found = compileMatcher('é*', { literal: false, caseInsensitive: false }).matchLines('1\ra\ra_😀 \nK\naéa');
    expect(found.map((m) => [m.line, m.ranges])).toEqual([[0, []], [1, []], [2, [[1, 2]]]]);
    expect(found).toEqual(lineByLine('é*', { literal: false, caseInsensitive: false }, '1\ra\ra_😀 \nK\naéa'));
  });

  it('counts a line once however many times it matches, and finds nothing a line does not hold', () => {
    const matcher = compileMatcher('PM_RESUME', { literal: true, caseInsensitive: false });
    const found = matcher.matchLines(TEXT);
    expect(found.map((m) => m.line)).toEqual([2]);
    expect(found[0]!.ranges).toHaveLength(2);
    expect(matcher.mayMatch('pm_resume only')).toBe(false);
    expect(compileMatcher('resume(dev)\n{', { literal: true, caseInsensitive: false }).matchLines(TEXT)).toEqual([]);
  });
});
