/**
 * @module text/escape
 * The one place user text is escaped for another language: an FTS5 string,
 * an RE2 literal, a SQL LIKE literal or a LIKE pattern from a `*` glob.
 * Every caller (search_code, REST search, the medicines registry) uses these,
 * so a fix here reaches every door. FTS5 expressions are then assembled by
 * search/fts-expression (bounded in depth and size) and bound as parameters.
 */

/**
 * Whether FTS5 can hold `text` in a string: a NUL ends the string early
 * inside SQLite ("unterminated string"), so a term with one cannot be asked
 * for. Callers that take arbitrary text (trigrams of a regex) leave such
 * terms out, which only widens their candidates.
 */
export function ftsUsable(text: string): boolean {
  return !text.includes('\0');
}

/**
 * One term as an FTS5 string: double-quoted, inner quotes doubled, so FTS5
 * operators, column filters and `*` are only characters. Callers pass word
 * tokens or check ftsUsable first; anything else is a bug, and it fails
 * here instead of as SQLite's text.
 */
export function ftsString(text: string): string {
  if (!ftsUsable(text)) throw new Error('ftsString: a NUL cannot be held in an FTS5 string');
  return `"${text.replace(/"/g, '""')}"`;
}

/** Characters with a meaning in RE2 (and in JavaScript RegExp) syntax. */
const REGEX_META = /[\\^$.|?*+()[\]{}]/g;

/** RE2 syntax for a literal: every metacharacter escaped. Only ever compiled by RE2. */
export function regexLiteral(text: string): string {
  return text.replace(REGEX_META, '\\$&');
}

/** Characters with a meaning in a LIKE pattern under `ESCAPE '\'`. */
const LIKE_META = /[%_\\]/g;

/** A LIKE pattern matching `text` literally; statements declare `ESCAPE '\'`. */
export function likeLiteral(text: string): string {
  return text.replace(LIKE_META, '\\$&');
}

/** A LIKE pattern from a name glob (`get*Config`): `*` is any run, everything else literal. */
export function likeFromGlob(glob: string): string {
  return likeLiteral(glob).replace(/\*/g, '%');
}
