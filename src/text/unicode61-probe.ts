/**
 * @module text/unicode61-probe
 * Asks SQLite itself how its FTS5 unicode61 tokenizer (as the word index
 * declares it: remove_diacritics 1, `_` a token character) reads each code
 * point: whether it is a token character, a diacritic that continues a token
 * without starting one, and what it folds to. The PostgreSQL store tokenises
 * with the table this produces (text/unicode61-table, written by
 * scripts/unicode61-table.ts), so both stores see the same words; a test
 * probes again and compares, so a SQLite upgrade that changes them is noticed.
 */
import Database from 'better-sqlite3';

export interface CodePointReading {
  token: boolean;
  diacritic: boolean;
  /** The folded text ('' when the tokenizer drops it). */
  fold: string;
}

/** Code points probed per row: each adds a handful of tokens. */
const PER_ROW = 2000;

/** How unicode61 reads each code point in [from, to] (surrogates skipped). */
export function probeUnicode61(from: number, to: number): Map<number, CodePointReading> {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = "unicode61 tokenchars '_'");
             CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = db.prepare<[number, string]>('INSERT INTO t(rowid, x) VALUES (?, ?)');
    const probed: number[] = [];
    let row = 0;
    db.transaction(() => {
      for (let start = from; start <= to; start += PER_ROW) {
        const parts: string[] = [];
        for (let cp = start; cp <= Math.min(to, start + PER_ROW - 1); cp++) {
          if (cp >= 0xd800 && cp <= 0xdfff) continue;
          const ch = String.fromCodePoint(cp);
          // Alone (a token of its own?), then between two letters (does it continue one?), each group closed by a marker token.
          parts.push(`${ch} _m${cp} a${ch}b _n${cp}`);
          probed.push(cp);
        }
        insert.run(++row, parts.join(' '));
      }
    })();
    const tokens = db.prepare<[], { term: string; doc: number; offset: number }>('SELECT term, doc, "offset" FROM v ORDER BY doc, "offset"').all();
    const readings = new Map<number, CodePointReading>();
    let group: string[] = [];
    let alone: string[] = [];
    for (const { term } of tokens) {
      const marker = /^_([mn])(\d+)$/.exec(term);
      if (!marker) { group.push(term); continue; }
      const cp = Number(marker[2]);
      if (marker[1] === 'm') { alone = group; group = []; continue; }
      const between = group;
      group = [];
      const token = alone.length === 1;
      const joined = between.length === 1 && between[0]!.startsWith('a') && between[0]!.endsWith('b');
      readings.set(cp, {
        token,
        diacritic: !token && joined,
        fold: token ? alone[0]! : joined ? between[0]!.slice(1, -1) : '',
      });
    }
    for (const cp of probed) if (!readings.has(cp)) throw new Error(`unicode61 probe lost code point ${cp}`);
    return readings;
  } finally {
    db.close();
  }
}
