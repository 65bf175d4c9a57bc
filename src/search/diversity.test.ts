import { describe, expect, it } from 'vitest';
import { diversify } from './diversity.js';

const spread = (files: string, perFile = 2, firstPage = 5, scanned?: number) =>
  diversify([...files], (f) => f.charCodeAt(0), perFile, firstPage, scanned).ranked.join('');

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

  it('fills the first page from the scanned prefix only, and says whether it filled it', () => {
    expect(spread('aaaabcd', 2, 3, 4)).toBe('aaaabcd');
    expect(spread('aaaabcd', 2, 3, 5)).toBe('aabaacd');
    const fileOf = (f: string) => f.charCodeAt(0);
    expect(diversify([...'aaaabcd'], fileOf, 2, 3, 4).filled).toBe(false);
    expect(diversify([...'aaaabcd'], fileOf, 2, 3, 5).filled).toBe(true);
    expect(diversify([...'ab'], fileOf, 2, 3).filled).toBe(false);
  });
});
