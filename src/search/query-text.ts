/**
 * @module search/query-text
 * Splits a text query into quoted phrases (the `exact_terms` every hit must
 * contain) and loose terms, tokenised like the word index (letters, digits
 * and `_`: text/tokens), with English stop words dropped unless nothing
 * else is left.
 */
import { tokenize } from '../text/tokens.js';

export interface TextQuery {
  phrases: string[];
  terms: string[];
}

export const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'is', 'it',
  'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'which', 'who', 'why', 'with',
  'can', 'get', 'find', 'me', 'show', 'all', 'my', 'we', 'you', 'there', 'into', 'code',
]);

export function parseTextQuery(query: string): TextQuery {
  const phrases: string[] = [];
  const rest = query.replace(/"([^"]*)"/g, (_whole, inner: string) => {
    const phrase = inner.trim();
    if (tokenize(phrase).length > 0) phrases.push(phrase);
    return ' ';
  });
  const tokens = tokenize(rest);
  const seen = new Set<string>();
  const unique = tokens.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const meaningful = unique.filter((t) => !STOP_WORDS.has(t.toLowerCase()));
  return { phrases, terms: meaningful.length > 0 || phrases.length > 0 ? meaningful : unique };
}
