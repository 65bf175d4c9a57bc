import { describe, expect, it } from 'vitest';
import { MEDICINES } from '../contracts/limits.js';
import { editDistance, foldText, normalizeAtc, normalizePostalCode, normalizeSuklCode, parseCzechDate, parseDecimal, words } from './normalize.js';
import { matchAll } from './fts-query.js';

describe('medicines text normalisation', () => {
  it.each([
    ['Plzeň', 'plzen'], ['PARALEN', 'paralen'], ['Paralén', 'paralen'], ['České  Budějovice', 'ceske budejovice'], ['Ústí nad Labem', 'usti nad labem'],
  ])('folds %s to %s', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it.each([
    ['113', '0000113'], ['0000113', '0000113'], [' 0000113 ', '0000113'], ['1234567', '1234567'], ['12345678', '12345678'], ['abc', 'abc'],
  ])('SÚKL code %s -> %s', (input, expected) => {
    expect(normalizeSuklCode(input)).toBe(expected);
    if (/^\d{1,7}$/.test(input.trim())) expect(normalizeSuklCode(input)).toHaveLength(MEDICINES.suklCodeDigits);
  });

  it.each([
    ['n02be01', 'N02BE01'], [' N02 BE ', 'N02BE'],
  ])('ATC %s -> %s', (input, expected) => { expect(normalizeAtc(input)).toBe(expected); });

  it.each([
    ['110 00', '11000'], ['11000', '11000'],
  ])('postal code %s -> %s', (input, expected) => { expect(normalizePostalCode(input)).toBe(expected); });

  it.each([
    ['62,50', 62.5], ['62.50', 62.5], ['1 234,5', 1234.5], ['', null], ['n/a', null],
  ])('decimal %s -> %s', (input, expected) => { expect(parseDecimal(input)).toBe(expected); });

  it.each([
    ['31.12.2025', '2025-12-31'], ['1.1.2026', '2026-01-01'], ['2026-01-01', null], ['', null],
  ])('date %s -> %s', (input, expected) => { expect(parseCzechDate(input)).toBe(expected); });

  it.each([
    ['ibuprofen', 'ibuprofen', 0], ['ibuprofne', 'ibuprofen', 1], ['paralen', 'paralem', 1], ['ibuprfn', 'ibuprofen', 2], ['abc', 'xyzxyz', 3],
  ])('edit distance %s / %s = %i (capped at max+1)', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(Math.min(d, 3));
  });

  it('splits words and compiles them into a quoted FTS5 prefix query', () => {
    expect(words('Paralen "Extra" OR NEAR(x)*')).toEqual(['paralen', 'extra', 'or', 'near', 'x']);
    expect(matchAll([['paralen'], ['extra', 'extr']])).toBe('"paralen"* AND ("extra"* OR "extr"*)');
  });
});
