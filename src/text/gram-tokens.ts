/**
 * @module text/gram-tokens
 * The trigram index's own tokens (schema step 10). FTS5's trigram tokenizer
 * indexes every three characters, whitespace included, and much of that is
 * never what narrows a query (`\t\t\t`, `\n\tif`, ` = `). Here the text's
 * whitespace runs are folded to one space and a trigram is kept only when it
 * does not start with whitespace (`a b` and `u8 ` stay, ` ab` does not): 86%
 * of the kernel's chunk-trigram postings. Each kept trigram is written once
 * per chunk as an ASCII token for FTS5's `ascii` tokenizer, so the writer's
 * FTS5 work is per distinct trigram, not per character.
 *
 * Both sides apply the same rule: if a literal occurs in a text, its folded
 * form occurs in the folded text, so every token of the literal is a token
 * of the text, and candidates stay a superset (RE2 and the byte matcher
 * decide every hit). Trigrams are of UTF-16 code units, on both sides.
 *
 * A token spells each unit in base 36, two characters for a unit below 1295
 * and `zz` plus four characters above: lowercase letters and digits only,
 * since the tokenizer folds case and the index must not.
 */
import { nativeText } from './native-text.js';

/** The characters folded, and not allowed first in a kept trigram: ASCII whitespace, RE2's `\s` and \v. */
function isSpace(unit: number): boolean {
  return unit === 32 || (unit >= 9 && unit <= 13);
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Units from here on are spelled `zz` and four digits. */
const ESCAPE = 36 * 36 - 1;

function unitSpelling(unit: number): string {
  if (unit < ESCAPE) return DIGITS[Math.floor(unit / 36)]! + DIGITS[unit % 36]!;
  let digits = '';
  for (let rest = unit, i = 0; i < 4; i++, rest = Math.floor(rest / 36)) digits = DIGITS[rest % 36]! + digits;
  return `zz${digits}`;
}

/** Two-character spellings of the units below ESCAPE, made once. */
const SHORT_SPELLINGS = Array.from({ length: ESCAPE }, (_, unit) => unitSpelling(unit));

function tokenOf(a: number, b: number, c: number): string {
  if (a < ESCAPE && b < ESCAPE && c < ESCAPE) return SHORT_SPELLINGS[a]! + SHORT_SPELLINGS[b]! + SHORT_SPELLINGS[c]!;
  return unitSpelling(a) + unitSpelling(b) + unitSpelling(c);
}

/**
 * The trigrams of units below 1024 seen in the current text, packed into one small integer each, in
 * an open-addressing table that is reused: a slot counts as empty unless it holds the current
 * text's stamp (no clearing between texts). A Set costs about three times as much per trigram here.
 */
const SEEN_BITS = 16;
const SEEN_SLOTS = 1 << SEEN_BITS;
/** Past this many distinct trigrams in one text the table would fill: a Set takes over. */
const SEEN_MAX = SEEN_SLOTS >> 1;
const seenKeys = new Int32Array(SEEN_SLOTS);
const seenStamps = new Uint32Array(SEEN_SLOTS);
let stamp = 0;

/** The keys the table holds for the current text, when it is too full to take more. */
function keysSeen(): Set<number> {
  const keys = new Set<number>();
  for (let slot = 0; slot < SEEN_SLOTS; slot++) if (seenStamps[slot] === stamp) keys.add(seenKeys[slot]!);
  return keys;
}

/** Calls `each` with every kept trigram of `text`, folded, in order (repeats included): the rule `gramTokens` applies. */
function forEachKept(text: string, each: (a: number, b: number, c: number) => void): void {
  let a = -1;
  let b = -1;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isSpace(c)) {
      if (b === 32) continue;
      c = 32;
    }
    if (a >= 0 && a !== 32) each(a, b, c);
    a = b;
    b = c;
  }
}

/**
 * The tokens of a chunk's text for the trigram index: each kept trigram once, separated by spaces.
 * The native module makes them about four times as fast; `scanGramTokens` is the same rule in
 * JavaScript, for where it is not built (a test keeps the two equal).
 */
export function gramTokens(text: string): string {
  return nativeText ? nativeText.gramTokens(text) : scanGramTokens(text);
}

/** gramTokens in JavaScript. The loop is `forEachKept`'s, written out: this runs over every character of every indexed file. */
export function scanGramTokens(text: string): string {
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) { seenStamps.fill(0); stamp = 1; }
  let distinct = 0;
  let overflow: Set<number> | null = null;
  let large: Set<string> | null = null;
  const tokens: string[] = [];
  let a = -1;
  let b = -1;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isSpace(c)) {
      if (b === 32) continue; // a run folds to one space
      c = 32;
    }
    if (a >= 0 && a !== 32) {
      if (a < 1024 && b < 1024 && c < 1024) {
        const key = (a << 20) | (b << 10) | c;
        if (overflow === null) {
          let slot = Math.imul(key, 0x9e3779b1) >>> (32 - SEEN_BITS);
          let fresh = true;
          while (seenStamps[slot] === stamp) {
            if (seenKeys[slot] === key) { fresh = false; break; }
            slot = (slot + 1) & (SEEN_SLOTS - 1);
          }
          if (fresh) {
            seenStamps[slot] = stamp;
            seenKeys[slot] = key;
            tokens.push(tokenOf(a, b, c));
            if (++distinct >= SEEN_MAX) overflow = keysSeen();
          }
        } else if (!overflow.has(key)) {
          overflow.add(key);
          tokens.push(tokenOf(a, b, c));
        }
      } else {
        const key = String.fromCharCode(a, b, c);
        large ??= new Set();
        if (!large.has(key)) {
          large.add(key);
          tokens.push(tokenOf(a, b, c));
        }
      }
    }
    a = b;
    b = c;
  }
  return tokens.join(' ');
}

/**
 * The tokens a text must hold wherever `required` occurs in it: those of its kept trigrams. Empty
 * when it has none (shorter than three, or only trigrams that start with whitespace).
 */
export function requiredGramTokens(required: string): string[] {
  const tokens = new Set<string>();
  forEachKept(required, (a, b, c) => tokens.add(tokenOf(a, b, c)));
  return [...tokens];
}
