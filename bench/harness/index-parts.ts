/**
 * @module bench/harness/index-parts
 * Where a SQLite index's bytes are, by part (SQLite's dbstat table): the
 * figure the size target is met or missed by, so the breakdown in docs/benchmarks.md is
 * read off each run instead of measured by hand.
 */
import Database from 'better-sqlite3';

/** Parts in the order printed; a table or index belongs to the first part whose pattern its name matches. */
const PARTS: readonly [string, RegExp][] = [
  ['chunk text', /^chunks$/],
  ['word index', /^chunk_words/],
  ['trigram index', /^chunk_grams/],
  ['graph', /^edge/],
  ['symbols', /^symbols/],
];

/** Megabytes per part, and `other` for the rest (files, their indexes, chunk positions, meta). */
export function indexParts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const parts: Record<string, number> = {};
    for (const name of [...PARTS.map(([part]) => part), 'other']) parts[name] = 0;
    const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[];
    for (const { name, bytes } of rows) {
      const part = PARTS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
      parts[part]! += bytes / 1_048_576;
    }
    return parts;
  } finally {
    db.close();
  }
}
