/**
 * @module medicines/normalize
 * Text and code normalisation shared by the importer and the queries, so a
 * stored value and a user's input meet in the same form: lower case without
 * diacritics ("Plzeň" and "plzen" are one city), SÚKL codes as 7 digits with
 * leading zeros, ATC codes in upper case, Czech decimals and dates parsed.
 */
import { MEDICINES } from '../contracts/limits.js';

/** Lower case, diacritics removed (NFD, combining marks dropped), spaces collapsed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words of a folded text: runs of letters and digits (what FTS5 unicode61 also sees). */
export function words(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * A SÚKL code in its stored 7-digit form: "113", "0000113" and " 0000113 " are
 * the same product. Anything that is not 1-7 digits is returned trimmed, so it
 * simply finds nothing.
 */
export function normalizeSuklCode(input: string): string {
  const trimmed = input.trim();
  return /^\d{1,7}$/.test(trimmed) ? trimmed.padStart(MEDICINES.suklCodeDigits, '0') : trimmed;
}

export function isSuklCodeLike(input: string): boolean {
  return /^\d{1,7}$/.test(input.trim());
}

export function normalizeAtc(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** Postal codes are stored without spaces ("11000"); "110 00" is the same code. */
export function normalizePostalCode(input: string): string {
  return input.replace(/\s+/g, '');
}

/** "62,50" or "62.50" -> 62.5; empty -> null; anything else -> null (never NaN in answers). */
export function parseDecimal(value: string | undefined): number | null {
  const text = value?.trim().replace(/\s+/g, '').replace(',', '.');
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** "31.12.2025" -> "2025-12-31"; empty or malformed -> null. */
export function parseCzechDate(value: string | undefined): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}
