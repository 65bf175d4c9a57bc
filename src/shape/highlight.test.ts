import { describe, expect, it } from 'vitest';
import { SEARCH_DISPLAY } from '../contracts/limits.js';
import { highlightTerms, termHighlights } from './highlight.js';

describe('highlightTerms (substring search, no pattern from user text)', () => {
  it.each([
    ['parseConfigFile(path)', ['config'], { '1': [[5, 11]] }],
    ['a.b a.b', ['a.b'], { '1': [[0, 3], [4, 7]] }],
    ['foobar foo', ['foo', 'foobar'], { '1': [[0, 6], [7, 10]] }],
    ['(a+)+$ x', ['(a+)+$'], { '1': [[0, 6]] }],
    ['no match', ['zzz'], {}],
    ['ÇA ça', ['ça'], { '1': [[0, 2], [3, 5]] }],
  ])('%j with %j', (content, terms, expected) => {
    expect(highlightTerms(content, 1, terms)).toEqual(expected);
  });
});

describe('termHighlights stops at the display caps', () => {
  it('a minified line full of the term gives at most the per-line cap, marked truncated', () => {
    const line = 'ab'.repeat(150_000);
    const found = termHighlights(line, 1, ['a']);
    expect(found.highlights['1']!.length).toBe(SEARCH_DISPLAY.highlightRangesPerLine);
    expect(found.truncated).toBe(true);
    const fewer = termHighlights('a b a', 1, ['a']);
    expect(fewer).toEqual({ highlights: { '1': [[0, 1], [4, 5]] }, truncated: false });
  });
});
