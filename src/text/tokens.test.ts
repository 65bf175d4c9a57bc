import { describe, expect, it } from 'vitest';
import { containsPhrase, foldCase, tokenize } from './tokens.js';

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
