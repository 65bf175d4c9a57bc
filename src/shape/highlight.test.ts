import { describe, expect, it } from 'vitest';
import { highlightTerms } from './highlight.js';

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
