import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { containsPhrase, foldCase, tokenOccurrences, tokenize } from './tokens.js';

describe('tokenize', () => {
  it.each([
    ['parse_config(file)', ['parse_config', 'file']],
    ['Ça va, 日本語!', ['Ça', 'va', '日本語']],
    ['!!! ...', []],
  ])('%j -> %j', (text, tokens) => expect(tokenize(text)).toEqual(tokens));
});

describe('containsPhrase: the phrase words in order, only non-word characters between', () => {
  it.each([
    ['uses exponential backoff between', 'exponential backoff', true],
    ['Exponential\n  BACKOFF.', 'exponential backoff', true],
    ['exponential-backoff', 'exponential backoff', true],
    ['exponential_backoff', 'exponential backoff', false],
    ['backoff exponential', 'exponential backoff', false],
    ['exponential retry backoff', 'exponential backoff', false],
    ['nonexponential backoff', 'exponential backoff', false],
    ['CREATE TABLE users', 'create table', true],
    [`${'_'.repeat(60)}\n_ zz`, '_ _ _ _ _ _ _ _ _ _ _ _ _ _ zz', false],
    ['anything', '!!!', false],
  ])('%j holds %j: %s', (text, phrase, found) => expect(containsPhrase(text, phrase)).toBe(found));

  it('is linear: a long run of one word against a phrase that never completes', () => {
    const text = 'a '.repeat(50_000);
    const started = performance.now();
    expect(containsPhrase(text, `${'a '.repeat(30)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('foldCase', () => {
  it('keeps offsets: one code point in, one out', () => {
    expect(foldCase('İstanbul ABC').length).toBe('İstanbul ABC'.length);
    expect(foldCase('ABC Čř')).toBe('abc čř');
  });
});

describe('tokenOccurrences: the wanted tokens of a text, without listing every token', () => {
  /** The plain way: fold every token, count the wanted ones. */
  function counted(text: string, wanted: ReadonlySet<string>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const token of tokenize(text).map(foldCase)) if (wanted.has(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
    return counts;
  }

  it.each([
    ['suspend, Suspend and SUSPEND but not pm_suspend or suspended', ['suspend']],
    ['pm_suspend(dev); PM_SUSPEND', ['pm_suspend', 'pm', 'suspend']],
    ['aaa aa a_aa aa', ['aa', 'a']],
    ['Ça va, ça VA? çava', ['ça', 'va']],
    ['İstanbul istanbul ISTANBUL', ['istanbul', 'i̇stanbul']],
    ['ΣΟΦΙΑ σοφια', ['σοφια']],
    ['x𝒜y 𝒜 y', ['y', '𝒜']],
    ['café café cafe', ['cafe', 'café']],
    ['12 x12 12x 12', ['12']],
    ['x\uDC00abc \uD835abc abc\uD800', ['abc']],
  ])('%j', (text, words) => {
    const wanted = new Set(words);
    expect(tokenOccurrences(text, wanted)).toEqual(counted(text, wanted));
  });

  it('never counts a wanted string that is not one token', () => {
    expect(tokenOccurrences('a+b a + b operator+', new Set(['a+b', 'operator+', 'a b']))).toEqual(new Map());
  });

  it('gives every token of real code the count of folding them all', () => {
    const text = fs.readFileSync(new URL('./identifiers.ts', import.meta.url), 'utf8');
    const wanted = new Set(tokenize(text).map(foldCase));
    expect(tokenOccurrences(text, wanted)).toEqual(counted(text, wanted));
  });
});
