import { describe, expect, it } from 'vitest';
import { reversedGlobRange } from './bound-text.js';

describe('reversedGlobRange (brackets as SQLite GLOB reads them)', () => {
  it.each([
    ['[z-a]*', { range: 'z-a', fixed: 'a-z' }],
    ['src/[a-z][9-0]', { range: '9-0', fixed: '0-9' }],
    ['[^z-a]', { range: 'z-a', fixed: 'a-z' }],
    ['[a-\\]', { range: 'a-\\', fixed: '\\-a' }], // a backslash is a member, below "a"
    ['[a-z]*', null],
    ['[a-a]', null],
    ['[a-]', null], // "-" last is a member
    ['[-a]', null], // "-" first is a member
    ['[]-a]', null], // "]" first is a member, and ]-a runs upwards
    ['[z-a', { range: 'z-a', fixed: 'a-z' }], // unterminated: PostgreSQL would still see the range
    ['z-a', null], // outside brackets "-" is a plain character
    ['[a-c][x-z]', null],
    ['[ž-a]', { range: 'ž-a', fixed: 'a-ž' }],
  ])('%j -> %j', (glob, expected) => {
    expect(reversedGlobRange(glob)).toEqual(expected);
  });
});
