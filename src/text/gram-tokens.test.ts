import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gramTokens, requiredGramTokens, scanGramTokens } from './gram-tokens.js';
import { nativeText } from './native-text.js';

const tokenSet = (text: string) => new Set(gramTokens(text).split(' ').filter(Boolean));

/** Text with what code and documents hold: tabs and space runs, CRLF, a NUL, Latin, CJK, an emoji, a Kelvin sign. */
const MIXED = [
  fs.readFileSync(new URL('./gram-tokens.ts', import.meta.url), 'utf8'),
  'static int\tpm_resume(void)\r\n{\r\n\t\treturn  -EINVAL;\r\n}\n',
  'naïve café — 東京都の検索 🔍🔎 300 \u212A\0tail\u000b\u000cend',
].join('\n');

describe('the trigram index tokens', () => {
  it('fold whitespace runs to one space and leave out trigrams that start with whitespace', () => {
    expect(gramTokens('xa \t\r\n by')).toBe(gramTokens('xa by'));
    expect(requiredGramTokens(' ab')).toEqual([]);
    expect(requiredGramTokens(' = ')).toEqual([]);
    expect(requiredGramTokens('ab')).toEqual([]);
    expect(requiredGramTokens('u8 ')).toHaveLength(1);
    expect(requiredGramTokens('a b')).toHaveLength(1);
    expect(requiredGramTokens('a\t\tb')).toEqual(requiredGramTokens('a b'));
    expect(requiredGramTokens('u8\t')).toEqual(requiredGramTokens('u8 '));
    // Each trigram once per text, however often it occurs.
    expect(gramTokens('abcabcabc').split(' ')).toHaveLength(3);
  });

  it('keep case, and spell every trigram differently in letters and digits only', () => {
    expect(requiredGramTokens('ABC')).not.toEqual(requiredGramTokens('abc'));
    const tokens = gramTokens(MIXED).split(' ');
    for (const token of tokens) expect(token).toMatch(/^[0-9a-z]+$/);
    // Distinct trigrams, distinct tokens: as many tokens as distinct kept trigrams of the folded text.
    const folded = MIXED.replace(/[ \t\n\v\f\r]+/g, ' ');
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= folded.length; i++) {
      const gram = folded.slice(i, i + 3);
      if (gram[0] !== ' ') trigrams.add(gram);
    }
    expect(new Set(tokens).size).toBe(trigrams.size);
    expect(tokens).toHaveLength(trigrams.size);
  });

  it('list each kept trigram once, also past the many distinct trigrams its fast table holds', () => {
    let seed = 7;
    const next = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
    // 60,000 characters of Latin, IPA and Greek letters (units below 1024, the table's) and some CJK: far more
    // distinct trigrams than the table's 32,768.
    const wide = Array.from({ length: 60_000 }, () => String.fromCharCode(next(20) === 0 ? 0x4e00 + next(500) : 0x100 + next(768))).join('');
    for (const text of [MIXED, wide, `${wide} \t ${wide}${MIXED}`]) {
      const listed = gramTokens(text).split(' ');
      expect(new Set(listed).size).toBe(listed.length);
      expect(new Set(listed)).toEqual(new Set(requiredGramTokens(text)));
    }
  });

  it('require of a literal only tokens that every text holding it holds', () => {
    const held = tokenSet(MIXED);
    let seed = 12345;
    const next = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const start = next(MIXED.length - 2);
      const literal = MIXED.slice(start, start + 3 + next(40));
      const required = requiredGramTokens(literal);
      for (const token of required) expect(held.has(token), JSON.stringify(literal)).toBe(true);
      checked += required.length;
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('the trigram index tokens in native code (native/quarry_text.c)', () => {
  it('is what the prepare workers use (npm ci builds it)', () => {
    expect(nativeText).not.toBeNull();
  });

  it('makes the same tokens as the scan, in the same order', () => {
    let seed = 99;
    const next = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
    // Past the scan's fast table (32,768 distinct trigrams of units below 1024) and into its Set.
    const wide = Array.from({ length: 60_000 }, () => String.fromCharCode(next(20) === 0 ? 0x4e00 + next(500) : 0x100 + next(768))).join('');
    const texts = ['', ' ', 'ab', 'abc', ' \t\n ', 'a  b', 'abcabcabc', MIXED, wide, `${wide} \t ${wide}${MIXED}`, '\uFFFF\uFFFE\uD83D\uDE00\uD83D x'];
    for (const text of texts) expect(gramTokens(text), JSON.stringify(text.slice(0, 40))).toBe(scanGramTokens(text));
    // Real text: this folder's sources.
    const folder = path.dirname(new URL(import.meta.url).pathname);
    for (const file of fs.readdirSync(folder)) {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      expect(gramTokens(text), file).toBe(scanGramTokens(text));
    }
  });

  it('makes the same tokens as the scan for any text', () => {
    // Whitespace of every kind, ASCII, units around the base-36 spellings' escape (1295), surrogates alone and paired.
    const unit = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', 'a', 'b', '_', '\0'),
      fc.integer({ min: 1280, max: 1310 }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('😀', '\uD83D', '\uDE00'),
    );
    fc.assert(fc.property(fc.array(unit, { maxLength: 300 }), (units) => {
      const text = units.join('');
      expect(gramTokens(text)).toBe(scanGramTokens(text));
    }), { numRuns: 2000 });
  });
});
