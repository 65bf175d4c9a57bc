import Database from 'better-sqlite3';
import RE2 from 're2';
import { describe, expect, it } from 'vitest';
import { ftsString, ftsUsable, likeFromGlob, likeLiteral, regexLiteral } from './escape.js';

/** Real engines decide: SQLite FTS5 and LIKE, and RE2. */
const db = new Database(':memory:');
db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='trigram')");
const like = db.prepare<{ text: string; like: string }, { hit: number }>("SELECT @text LIKE @like ESCAPE '\\' AS hit");

const HOSTILE = ['plain', 'a"b', '""', 'OR 1=1', 'NEAR(a b)', 'body:x', 'x*', '^start', '(unbalanced', '\\', '%_', "it's", 'ěščř 日本'];

describe('ftsString', () => {
  it.each(HOSTILE)('%j is one FTS5 string that finds itself', (text) => {
    db.exec('DELETE FROM t');
    db.prepare('INSERT INTO t(body) VALUES (?)').run(`before ${text} after`);
    const n = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM t WHERE t MATCH ?').get(ftsString(text))!.n;
    expect(n).toBe(text.length >= 3 ? 1 : n);
  });

  it.each([
    ['a"b', '"a""b"'],
    ['', '""'],
    ['x AND y', '"x AND y"'],
  ])('%j -> %s', (text, quoted) => expect(ftsString(text)).toBe(quoted));

  it('refuses a NUL, which FTS5 cannot hold in a string', () => {
    expect(ftsUsable('a\u0000b')).toBe(false);
    expect(() => ftsString('a\u0000b')).toThrow();
    expect(ftsUsable('a\u0001b')).toBe(true);
  });
});

describe('regexLiteral', () => {
  it.each([...HOSTILE, 'a.c', '[x]', '{1,2}', 'a|b', '$^', '+?*'])('%j matches itself and only itself in RE2', (text) => {
    const re = new RE2(`^${regexLiteral(text)}$`);
    expect(re.test(text)).toBe(true);
    expect(re.test(`${text}x`)).toBe(false);
  });
});

describe('likeLiteral and likeFromGlob', () => {
  it.each([
    ['100%', '100%', true], ['100%', '1000', false], ['a_b', 'a_b', true], ['a_b', 'axb', false], ['a\\b', 'a\\b', true],
  ])('likeLiteral(%j) against %j -> %s', (text, value, hit) => {
    expect(like.get({ text: value, like: likeLiteral(text) })!.hit).toBe(hit ? 1 : 0);
  });

  it.each([
    ['get*Config', 'getUserConfig', true], ['get*Config', 'get_Config', true], ['*_importer', 'csv_importer', true],
    ['*_importer', 'csvximporter', false], ['100%*', '100%done', true], ['100%*', '1000done', false],
  ])('likeFromGlob(%j) against %j -> %s', (glob, value, hit) => {
    expect(like.get({ text: value, like: likeFromGlob(glob) })!.hit).toBe(hit ? 1 : 0);
  });
});
