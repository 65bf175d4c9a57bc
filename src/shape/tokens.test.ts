import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateJsonTokens, estimateTokens } from './tokens.js';

/** The estimate's rule as one regular expression, the way it reads: the scan must count exactly this. */
function plainEstimate(text: string): number {
  let tokens = 0;
  for (const [piece] of text.matchAll(/[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu)) tokens += piece.length > 6 ? Math.ceil(piece.length / 6) : 1;
  return tokens;
}

describe('estimateTokens', () => {
  it('counts a word per six characters and each mark once', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('return x;')).toBe(3);
    expect(estimateTokens('veryLongIdentifierName')).toBe(4);
    expect(estimateTokens('a  \t\n b')).toBe(2);
  });

  it('counts as the plain rule does on code, Unicode words, astral marks, Unicode spaces and lone surrogates', () => {
    const dir = new URL('.', import.meta.url);
    const texts = [
      ...fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).map((name) => fs.readFileSync(new URL(name, dir), 'utf8')),
      'naïve café — 東京都の検索 🔍🔎 300 \u212A\0tail\u000b\u000cend',
      '\ud83d lone \udc00 high\ud800', 'a\u00a0b\u2028c\ufeffd\u3000e', '𝒜𝒝_x1 ١٢٣ ﷺ',
    ];
    for (const text of texts) expect(estimateTokens(text)).toBe(plainEstimate(text));
  });

  it('estimates a JSON reply from its text', () => {
    expect(estimateJsonTokens({ file: 'a.ts' })).toBe(estimateTokens('{"file":"a.ts"}'));
  });
});
