/**
 * @module search/query-text
 * Splits a text query into quoted phrases (the `exact_terms` every hit must
 * contain) and loose terms, tokenised like the word index (letters, digits
 * and `_`: text/tokens), with English stop words dropped unless nothing
 * else is left. In prose (an issue or a message pasted whole: at least
 * RANKING.proseMinWords words outside quotes) quoted strings are not
 * requirements: their words join the loose terms and they are kept as
 * `quoted`, which only raises the hits that hold them.
 */
import { RANKING } from '../store/ranking-weights.js';
import { tokenize } from '../text/tokens.js';

export interface TextQuery {
  phrases: string[];
  terms: string[];
  /** Quoted strings of prose: evidence for ranking, not requirements. */
  quoted: string[];
}

export const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'is', 'it',
  'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'which', 'who', 'why', 'with',
  'can', 'get', 'find', 'me', 'show', 'all', 'my', 'we', 'you', 'there', 'into', 'code',
]);

/** The query's quoted strings, and the rest of it with each quote replaced by a space. */
function splitQuotes(query: string): { quotes: string[]; rest: string } {
  const quotes: string[] = [];
  const rest = query.replace(/"([^"]*)"/g, (_whole, inner: string) => {
    const phrase = inner.trim();
    if (tokenize(phrase).length > 0) quotes.push(phrase);
    return ' ';
  });
  return { quotes, rest };
}

/** Prose: at least RANKING.proseMinWords words outside quotes (an issue, a message), not a search typed as one. */
export function isProse(query: string): boolean {
  return tokenize(splitQuotes(query).rest).length >= RANKING.proseMinWords;
}

export function parseTextQuery(query: string): TextQuery {
  const { quotes, rest } = splitQuotes(query);
  const prose = tokenize(rest).length >= RANKING.proseMinWords;
  const phrases = prose ? [] : quotes;
  const quoted = prose ? quotes : [];
  const tokens = tokenize(prose ? `${rest} ${quotes.join(' ')}` : rest);
  const seen = new Set<string>();
  const unique = tokens.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const meaningful = unique.filter((t) => !STOP_WORDS.has(t.toLowerCase()));
  return { phrases, terms: meaningful.length > 0 || phrases.length > 0 ? meaningful : unique, quoted };
}
