/**
 * @module text/tokens
 * The word tokenizer shared by indexing and querying (letters, digits and
 * `_`, as the word index keeps identifiers whole), and linear-time checks
 * on token sequences: a quoted phrase is found by comparing tokens, never
 * by a pattern built from user text (a backtracking RegExp froze every door).
 */

const TOKEN = /[\p{L}\p{N}_]+/gu;

/** The words of a text, as written. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** A character past U+007F. */
const NON_ASCII = /[\u0080-\u{10FFFF}]/u;

/** Lower case per code point, so a folded string keeps the offsets of the original. */
export function foldCase(text: string): string {
  // ASCII letters fold one to one: the native lower-casing is the same string, without a loop.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

const TOKEN_CHAR = /^[\p{L}\p{N}_]$/u;
const WHOLE_TOKEN = /^[\p{L}\p{N}_]+$/u;

/** Whether the code point at `at` (a string offset; -1 or the length: none) is a token character. */
function tokenCharAt(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const c = text.charCodeAt(at);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  // A low surrogate after a high one ends an astral character: test the whole code point.
  const high = at > 0 ? text.charCodeAt(at - 1) : 0;
  const start = c >= 0xdc00 && c <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? at - 1 : at;
  return TOKEN_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * How often each of `wanted` (folded, each a whole token) occurs as a token
 * of `text`, ignoring case: the counts of folding every token of
 * tokenize(text), without listing them. Each is found with indexOf in the
 * folded text (foldCase keeps offsets) and kept where no token character
 * touches it; a wanted string that is not one token is never counted.
 * `folded` is foldCase(text), when the caller has it already.
 */
export function tokenOccurrences(text: string, wanted: Iterable<string>, folded: string | null = null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of wanted) {
    if (counts.has(token) || !WHOLE_TOKEN.test(token)) continue;
    folded ??= foldCase(text);
    let n = 0;
    for (let at = folded.indexOf(token); at >= 0; at = folded.indexOf(token, at + token.length)) {
      if (!tokenCharAt(text, at - 1) && !tokenCharAt(text, at + token.length)) n++;
    }
    if (n > 0) counts.set(token, n);
  }
  return counts;
}

/**
 * Whether `text` holds the phrase's words in order with only non-word
 * characters between them, ignoring case: "exponential backoff" is in
 * "with exponential  backoff." but not in "exponential_backoff" or
 * "exponential retry backoff". Tokens are compared whole. The work is
 * bounded by tokens(text) x tokens(phrase), and stops at the first match.
 */
export function containsPhrase(text: string, phrase: string): boolean {
  const want = tokenize(phrase).map(foldCase);
  if (want.length === 0) return false;
  const have = tokenize(text).map(foldCase);
  return indexOfSequence(have, want) >= 0;
}

/** First index where `needle` occurs as a run of `haystack`, or -1 (plain scan; both are token lists). */
export function indexOfSequence(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return 0;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
