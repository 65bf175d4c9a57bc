import { describe, expect, it } from 'vitest';
import { diversify } from './diversity.js';

const spread = (files: string, perFile = 2, firstPage = 5) =>
  diversify([...files], (f) => f.charCodeAt(0), perFile, firstPage).join('');

describe('diversify', () => {
  it.each([
    // ranked files (one letter per hit) -> the order after the first page is spread
    ['aaaabbc', 'aabbcaa'],
    ['abcde', 'abcde'],
    ['aaaaaa', 'aaaaaa'],
    ['aaabbbccc', 'aabbcabcc'],
  ])('%s -> %s', (ranked, expected) => {
    expect(spread(ranked)).toBe(expected);
  });

  it('keeps every hit exactly once', () => {
    const ranked = 'abacabadabacabae';
    expect(spread(ranked, 1, 4).split('').sort()).toEqual(ranked.split('').sort());
  });
});
