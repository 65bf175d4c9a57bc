/**
 * @module store/gram-match
 * The trigram candidates' MATCH for an index whose trigram table holds the
 * tokens of text/gram-tokens (schema step 10). The planner writes one
 * expression of trigrams for every store (search/trigram-query); here each
 * trigram becomes the tokens a chunk must hold for it. A trigram with none
 * (one that starts with whitespace) constrains nothing: an AND leaves it out,
 * and an OR holding it matches every chunk, so candidates only ever widen.
 * The planner's expression is already within FTS_EXPRESSION's bounds; a term
 * becomes one token, or a few ANDed when it holds a character outside the
 * Basic Multilingual Plane, so the result stays about as small.
 */
import { ftsString } from '../text/escape.js';
import { requiredGramTokens } from '../text/gram-tokens.js';
import { parseMatch, type MatchNode } from './match-tree.js';

function tokenMatch(node: MatchNode): string | null {
  if (node.kind === 'term') {
    const tokens = requiredGramTokens(node.text);
    return tokens.length === 0 ? null : tokens.map(ftsString).join(' AND ');
  }
  const parts: string[] = [];
  for (const part of node.parts) {
    const match = tokenMatch(part);
    if (match === null) {
      if (node.kind === 'or') return null;
      continue;
    }
    parts.push(part.kind === 'term' && !match.includes(' ') ? match : `(${match})`);
  }
  if (parts.length === 0) return null;
  return parts.join(node.kind === 'and' ? ' AND ' : ' OR ');
}

/** The token MATCH for a trigram MATCH, or null when it requires nothing (every chunk is a candidate). */
export function gramTokenMatch(trigramMatch: string): string | null {
  return tokenMatch(parseMatch(trigramMatch));
}
