import { describe, expect, it } from 'vitest';
import { planRegex } from './regex-plan.js';
import { trigramMatch, trigramsOf } from './trigram-query.js';

describe('regex planning into required trigrams', () => {
  it.each([
    ['PM_RESUME', '"PM_" AND "M_R" AND "_RE" AND "RES" AND "ESU" AND "SUM" AND "UME"'],
    ['[A-Z]+_SUSPEND', '"_SU" AND "SUS" AND "USP" AND "SPE" AND "PEN" AND "END"'],
    ['foo|barbaz', '"foo" OR ("bar" AND "arb" AND "rba" AND "baz")'],
    ['(fooo|barbaz)x', '("foo" AND "ooo" AND "oox") OR ("bar" AND "arb" AND "rba" AND "baz" AND "azx")'],
    ['\\w+', null],
    ['(a+)+$', null],
    ['abc?def', '("abc" AND "bcd" AND "cde" AND "def") OR ("abd" AND "bde" AND "def")'],
    ['hello.*world', '("hel" AND "ell" AND "llo") AND ("wor" AND "orl" AND "rld")'],
    ['(?i)error\\(', '"err" AND "rro" AND "ror" AND "or("'],
    ['x{2,}yz', null],
    ['"quoted"', '"""qu" AND "quo" AND "uot" AND "ote" AND "ted" AND "ed"""'],
  ])('%s', (pattern, expected) => {
    expect(trigramMatch(planRegex(pattern))).toBe(expected);
  });

  it('asks for nothing when the pattern cannot be read (verifier decides)', () => {
    expect(trigramMatch(planRegex('abc)def'))).toBeNull();
  });

  it('takes trigrams by code point', () => {
    expect(trigramsOf('žluť')).toEqual(['žlu', 'luť']);
  });
});
