/**
 * @module shape/tokens
 * Token estimate for text an agent will read. Counts words and punctuation
 * the way BPE tokenizers roughly split code: a long word costs one token per
 * six characters, each punctuation mark one. Good to within ~20% on code,
 * which is all a caller needs to choose a cheaper output format.
 */

const CHARS_PER_WORD_TOKEN = 6;

/** What a character is to the estimate: part of a word (letters, digits, `_`), a mark of its own, or space. */
const WORD = 0, MARK = 1, SPACE = 2;
const WORD_CHAR = /^[\p{L}\p{N}_]$/u;
const SPACE_CHAR = /^\s$/u;
function charKind(char: string): number {
  return WORD_CHAR.test(char) ? WORD : SPACE_CHAR.test(char) ? SPACE : MARK;
}

const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, c) => charKind(String.fromCharCode(c)));

const wordTokens = (length: number) => (length > CHARS_PER_WORD_TOKEN ? Math.ceil(length / CHARS_PER_WORD_TOKEN) : 1);

/**
 * Words are runs of letters, digits and `_` (their length in UTF-16 units), marks are any other
 * non-space character (a code point). Written as one scan over character codes, with a regular
 * expression only for characters outside ASCII: every indexed chunk is estimated.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let word = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: number;
    let width = 1;
    if (code < 128) kind = ASCII_KIND[code]!;
    else {
      width = text.codePointAt(i)! > 0xffff ? 2 : 1;
      kind = charKind(text.slice(i, i + width));
    }
    if (kind === WORD) word += width;
    else {
      if (word > 0) { tokens += wordTokens(word); word = 0; }
      if (kind === MARK) tokens++;
    }
    i += width - 1;
  }
  return word > 0 ? tokens + wordTokens(word) : tokens;
}

/** Estimate for a JSON reply, as the agent receives it. */
export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(JSON.stringify(value) ?? '');
}
