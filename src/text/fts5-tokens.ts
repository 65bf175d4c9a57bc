/**
 * @module text/fts5-tokens
 * Text tokenised exactly as SQLite's FTS5 unicode61 tokenizer does (`_` a token character, as the
 * word index's table declares it), with SQLite's own table of token characters and folds
 * (text/unicode61-table): the PostgreSQL store's word index (store/postgres/pg-words), the first
 * stage's words and the search that reads them count the same tokens as the SQLite index.
 */
import { DIACRITICS, FOLDS, SEPARATOR_RANGES } from './unicode61-table.js';

/** Bytes SQLite reads a lone surrogate as (better-sqlite3 encodes it as U+FFFD). */
const REPLACEMENT = 0xfffd;

const FOLD = new Map(FOLDS);
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_TOKEN = /[A-Za-z0-9_]+/g;
const DIACRITIC_SET = new Set(DIACRITICS);

/** Whether a code point above ASCII separates tokens (binary search of the generated ranges). */
function isSeparator(cp: number): boolean {
  let low = 0;
  let high = SEPARATOR_RANGES.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (cp < SEPARATOR_RANGES[mid * 2]!) high = mid - 1;
    else if (cp > SEPARATOR_RANGES[mid * 2 + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}

function isAsciiTokenChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/**
 * The folded tokens of a text, in order, exactly as unicode61 reads them
 * (fts5UnicodeTokenize): a token starts at a token character, goes on over
 * token characters and diacritics, and each character is folded (ASCII
 * upper case lowered, the rest by SQLite's own table, text/unicode61-table).
 */
export function fts5Tokens(text: string): string[] {
  // Most source text is ASCII: then a token is a run of letters, digits and `_`, lower-cased.
  if (!NON_ASCII.test(text)) return text.match(ASCII_TOKEN)?.map((t) => t.toLowerCase()) ?? [];
  const tokens: string[] = [];
  let token: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (isAsciiTokenChar(code)) {
        const ch = code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[i]!;
        token = token === null ? ch : token + ch;
      } else if (token !== null) {
        tokens.push(token);
        token = null;
      }
      continue;
    }
    let cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    else if (cp >= 0xd800 && cp <= 0xdfff) cp = REPLACEMENT;
    const starts = !isSeparator(cp);
    if (starts || (token !== null && DIACRITIC_SET.has(cp))) {
      const folded = FOLD.get(cp) ?? String.fromCodePoint(cp);
      token = token === null ? folded : token + folded;
    } else if (token !== null) {
      tokens.push(token);
      token = null;
    }
  }
  if (token !== null) tokens.push(token);
  return tokens;
}
