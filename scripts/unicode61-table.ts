/**
 * Writes src/text/unicode61-table.ts: how SQLite's FTS5 unicode61
 * tokenizer (remove_diacritics 1, as the word index declares it) reads every
 * code point above ASCII, probed from the SQLite that better-sqlite3 ships
 * (text/unicode61-probe). The PostgreSQL store tokenises with it,
 * so both stores index the same words. Run after upgrading better-sqlite3:
 *   npx tsx scripts/unicode61-table.ts
 * (src/text/unicode61-table.test.ts says when it is due.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { probeUnicode61 } from '../src/text/unicode61-probe.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'text', 'unicode61-table.ts');

const readings = probeUnicode61(0x80, 0x10ffff);
const separators: number[] = [];
const diacritics: number[] = [];
const folds: [number, string][] = [];
let open: number | null = null;
for (let cp = 0x80; cp <= 0x110000; cp++) {
  const reading = cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? readings.get(cp) : undefined;
  // Surrogates cannot occur in text; they join their neighbours' ranges.
  const separator = reading ? !reading.token : cp <= 0x10ffff;
  if (separator && open === null) open = cp;
  if (!separator && open !== null) { separators.push(open, cp - 1); open = null; }
  if (!reading) continue;
  if (reading.diacritic) diacritics.push(cp);
  if ((reading.token || reading.diacritic) && reading.fold !== String.fromCodePoint(cp)) folds.push([cp, reading.fold]);
}
/** A single-quoted string literal (the house style). */
function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const version = (new Database(':memory:').prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
const lines = (values: string[]) => values.reduce<string[]>((out, v) => {
  const last = out.at(-1);
  if (last !== undefined && last.length + v.length < 120) out[out.length - 1] = `${last} ${v}`; else out.push(v);
  return out;
}, []).map((l) => `  ${l}`).join('\n');
fs.writeFileSync(OUT, `/**
 * @module text/unicode61-table
 * How SQLite ${version}'s FTS5 unicode61 tokenizer (remove_diacritics 1) reads the code points
 * above ASCII, probed from SQLite by scripts/unicode61-table.ts. Generated: do not edit.
 */

/** Inclusive [first, last] pairs of code points that separate tokens (everything else above ASCII is a token character). */
export const SEPARATOR_RANGES: readonly number[] = [
${lines(separators.map((n) => `0x${n.toString(16)},`))}
];

/** Code points that continue a token without starting one (combining diacritics). */
export const DIACRITICS: readonly number[] = [
${lines(diacritics.map((n) => `0x${n.toString(16)},`))}
];

/** [code point, folded text] where unicode61 folds a code point to something else ('' drops it). */
export const FOLDS: readonly (readonly [number, string])[] = [
${lines(folds.map(([cp, fold]) => `[0x${cp.toString(16)}, ${quote(fold)}],`))}
];
`);
process.stdout.write(`${OUT}: ${separators.length / 2} separator ranges, ${diacritics.length} diacritics, ${folds.length} folds (SQLite ${version})\n`);
