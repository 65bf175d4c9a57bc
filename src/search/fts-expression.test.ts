import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FTS_EXPRESSION } from '../contracts/limits.js';
import { compileFts, ftsAll, ftsAny, ftsTerm, type FtsNode } from './fts-expression.js';

const db = new Database(':memory:');
db.exec("CREATE VIRTUAL TABLE g USING fts5(body, tokenize='trigram', detail='none')");
db.prepare('INSERT INTO g(body) VALUES (?)').run('hello world');
const count = (match: string) => db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM g WHERE g MATCH ?').get(match)!.n;

/** and(or(and(or(...)))) with `levels` groups, every level holding a trigram. */
function deep(levels: number): FtsNode {
  let node: FtsNode = ftsTerm('hel');
  for (let i = 0; i < levels; i++) node = i % 2 ? ftsAll([ftsTerm('llo'), node]) : ftsAny([ftsTerm('zzz'), node]);
  return node;
}

describe('compileFts', () => {
  it.each([
    [ftsTerm('abc'), '"abc"', false],
    [ftsAll([ftsTerm('abc'), ftsTerm('bcd')]), '"abc" AND "bcd"', false],
    [ftsAll([ftsTerm('abc'), ftsAny([ftsTerm('x"y'), ftsTerm('zzz')])]), '"abc" AND ("x""y" OR "zzz")', false],
    // A NUL term is left out: an AND drops it, an OR holding it constrains nothing.
    [ftsAll([ftsTerm('abc'), ftsTerm('b\u0000c')]), '"abc"', true],
    [ftsAll([ftsTerm('abc'), ftsAny([ftsTerm('b\u0000c'), ftsTerm('zzz')])]), '"abc"', true],
    [ftsAny([ftsTerm('\u0000ab'), ftsTerm('zzz')]), null, true],
  ])('%j -> %s', (node, match, widened) => {
    expect(compileFts(node)).toEqual({ match, widened });
  });

  it('stays within the depth FTS5 can parse, widening instead of failing', () => {
    expect(() => count(nestedText(40))).toThrow(/parser stack overflow/);
    for (const levels of [10, FTS_EXPRESSION.maxDepth, 40, 200]) {
      const { match, widened } = compileFts(deep(levels));
      expect(widened).toBe(levels > FTS_EXPRESSION.maxDepth);
      if (match !== null) expect(count(match)).toBe(1);
    }
  });

  it('caps the number of strings', () => {
    const many = ftsAll(Array.from({ length: FTS_EXPRESSION.maxTerms * 4 }, (_, i) => ftsTerm(String.fromCodePoint(0x4e00 + i).repeat(3))));
    const { match, widened } = compileFts(many);
    expect(widened).toBe(true);
    expect(match!.split(' AND ').length).toBe(FTS_EXPRESSION.maxTerms);
  });
});

/** The raw nesting that made SQLite fail before expressions were bounded. */
function nestedText(levels: number): string {
  let text = '"hel"';
  for (let i = 0; i < levels; i++) text = `"zzz" ${i % 2 ? 'AND' : 'OR'} (${text})`;
  return text;
}
