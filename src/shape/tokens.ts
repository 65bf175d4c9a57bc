/**
 * @module shape/tokens
 * Token estimate for text an agent will read. Counts words and punctuation
 * the way BPE tokenizers roughly split code: a long word costs one token per
 * six characters, each punctuation mark one. Good to within ~20% on code,
 * which is all a caller needs to choose a cheaper output format.
 */

const PIECES = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
const CHARS_PER_WORD_TOKEN = 6;

export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const match of text.matchAll(PIECES)) {
    const piece = match[0];
    tokens += piece.length > CHARS_PER_WORD_TOKEN ? Math.ceil(piece.length / CHARS_PER_WORD_TOKEN) : 1;
  }
  return tokens;
}

/** Estimate for a JSON reply, as the agent receives it. */
export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(JSON.stringify(value) ?? '');
}
