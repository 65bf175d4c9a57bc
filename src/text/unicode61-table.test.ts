/**
 * The PostgreSQL store reads words as SQLite's unicode61 does: its generated
 * table agrees with the SQLite in node_modules (rerun
 * scripts/unicode61-table.ts when this fails after an upgrade), and whole
 * texts split into the same folded tokens.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fts5Tokens } from './fts5-tokens.js';
import { probeUnicode61 } from './unicode61-probe.js';

/** SQLite's own tokens of `text`, in order. */
function sqliteTokens(text: string): string[] {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE VIRTUAL TABLE t USING fts5(x, tokenize = "unicode61 tokenchars \'_\'"); CREATE VIRTUAL TABLE v USING fts5vocab(t, \'instance\');');
    db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)').run(text);
    return db.prepare<[], { term: string }>('SELECT term FROM v ORDER BY "offset"').all().map((r) => r.term);
  } finally {
    db.close();
  }
}

describe('unicode61 in the PostgreSQL store', () => {
  it('agrees with SQLite on every code point of the Latin, Greek, Cyrillic, symbol and emoji blocks', () => {
    const probed = [...probeUnicode61(0x80, 0x2fff), ...probeUnicode61(0x1f000, 0x1faff)];
    const wrong = probed.filter(([cp, reading]) => {
      const ch = String.fromCodePoint(cp);
      const alone = fts5Tokens(ch);
      const between = fts5Tokens(`a${ch}b`);
      const expectAlone = reading.token ? [reading.fold] : [];
      const expectBetween = reading.token || reading.diacritic ? [`a${reading.fold}b`] : ['a', 'b'];
      return JSON.stringify(alone) !== JSON.stringify(expectAlone) || JSON.stringify(between) !== JSON.stringify(expectBetween);
    }).slice(0, 5).map(([cp]) => cp.toString(16));
    expect(wrong).toEqual([]);
  });

  it.each([
    'parseConfigFile(path) { return read_config(path); }',
    'Ο ΚΩΔΙΚΌΣ είναι έγκυρος; ΣΊΣΥΦΟΣ',
    'Crème brûlée à la cafe\u0301, STRAẞE, İstanbul, ǅemal',
    'emoji ⏸⏹⏺ 🌡 thermometer 👩‍💻 and ZWJ',
    '中文分词 日本語のテキスト 한국어',
    'lone \ud800 surrogate, ﬁnance ligature, ① circled, ½ half',
  ])('splits %j as SQLite does', (text) => {
    expect(fts5Tokens(text)).toEqual(sqliteTokens(text));
  });
});
