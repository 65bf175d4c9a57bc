/**
 * @module store/number-text
 * Columns of numbers that SQLite wrote as one text (`group_concat` of
 * space-separated non-negative integers, a row's values in turn). Reading a
 * million small rows one by one through better-sqlite3 costs about 0.8 µs a
 * row, several times SQLite's own scan; one text value costs a parse.
 */

/** Adds the integers of `text` to `columns` in turn (the first to columns[0], ...); a null text adds nothing. */
export function readNumberColumns(text: string | null, columns: readonly number[][]): void {
  if (!text) return;
  let value = 0;
  let column = 0;
  for (let at = 0; at <= text.length; at++) {
    const c = at < text.length ? text.charCodeAt(at) : 32;
    if (c !== 32) { value = value * 10 + (c - 48); continue; }
    columns[column]!.push(value);
    value = 0;
    column = column === columns.length - 1 ? 0 : column + 1;
  }
}
