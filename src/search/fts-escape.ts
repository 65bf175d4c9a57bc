/**
 * @module search/fts-escape
 * The one way user text enters an FTS5 MATCH expression: every term becomes
 * a double-quoted string with inner quotes doubled, so FTS5 operators, column
 * filters and `*` in user text are just characters. The expression itself is
 * then passed to SQLite as a bound parameter.
 */

/** One user term as an FTS5 string (a phrase when it holds several tokens). */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Joins already-escaped expressions; parenthesised so precedence never surprises. */
export function ftsAnd(expressions: readonly string[]): string {
  return expressions.length === 1 ? expressions[0]! : expressions.map(wrap).join(' AND ');
}

export function ftsOr(expressions: readonly string[]): string {
  return expressions.length === 1 ? expressions[0]! : expressions.map(wrap).join(' OR ');
}

function wrap(expression: string): string {
  return /\s(AND|OR|NOT)\s/.test(expression) ? `(${expression})` : expression;
}
