import { describe, expect, it } from 'vitest';
import { planRegex } from './regex-plan.js';
import { trigramMatch, trigramsOf } from './trigram-query.js';
import { planLines } from './plan.js';

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
    ['x{2,}yz', null],
    ['"quoted"', '"""qu" AND "quo" AND "uot" AND "ote" AND "ted" AND "ed"""'],
  ])('%s', (pattern, expected) => {
    expect(trigramMatch(planRegex(pattern), false)).toBe(expected);
  });

  it('reads \\0 with octal digits as one unknown character (\\011 is a tab), not as NUL then digits', () => {
    expect(trigramMatch(planRegex('a\\011bcd'), false)).toBe('"bcd"');
  });

  it('asks for nothing when the pattern cannot be read (verifier decides)', () => {
    expect(trigramMatch(planRegex('abc)def'), false)).toBeNull();
  });

  it('asks a case-insensitive search for every spelling of each trigram, as RE2 folds case', () => {
    expect(trigramMatch(planRegex('Q_1'), true)).toBe('"q_1" OR "Q_1"');
    expect(trigramMatch(planRegex('ok'), true)).toBeNull();
    // k and s also fold with the Kelvin sign and the long s.
    expect(trigramMatch(planRegex('sk2'), true)).toBe('"sk2" OR "sK2" OR "s\u212A2" OR "Sk2" OR "SK2" OR "S\u212A2" OR "\u017Fk2" OR "\u017FK2" OR "\u017F\u212A2"');
    // A cased letter outside ASCII is not enumerated: that trigram is left out, the others still narrow.
    expect(trigramMatch(planRegex('žl12'), true)).toBe('"l12" OR "L12"');
  });

  it('folds the trigrams of a regex with an inline (?i), and only then', () => {
    const plan = (pattern: string) => planLines(pattern, 'regex', null, { language: null, repository: null });
    expect(plan('(?i)err_x').candidates).toBe('("err" OR "erR" OR "eRr" OR "eRR" OR "Err" OR "ErR" OR "ERr" OR "ERR") AND ("rr_" OR "rR_" OR "Rr_" OR "RR_") AND ("r_x" OR "r_X" OR "R_x" OR "R_X")');
    expect(plan('(?-i)ERR_X').candidates).toBe('"ERR" AND "RR_" AND "R_X"');
    expect(plan('ERR_X').candidates).toBe('"ERR" AND "RR_" AND "R_X"');
  });

  it('asks a literal of more than nine trigrams for a covering third of them', () => {
    expect(trigramsOf('IRQF_SHARED', false)).toHaveLength(9);
    expect(trigramsOf('kmalloc_array', false)).toEqual(['kma', 'llo', 'c_a', 'rra', 'ray']);
    expect(trigramsOf('x'.repeat(3) + 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL', false)).toHaveLength(12);
  });

  it('takes trigrams by code point', () => {
    expect(trigramsOf('žluť')).toEqual(['žlu', 'luť']);
  });
});
