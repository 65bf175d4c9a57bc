/**
 * @module search/trigram-query
 * Turns a requirement into an FTS5 MATCH expression for the trigram index
 * (`detail=none`, so only single trigrams, joined by AND/OR). Returns null
 * when nothing can be required: the caller then scans every chunk.
 */
import { ENGINE } from '../contracts/limits.js';
import { ftsAnd, ftsOr, ftsString } from './fts-escape.js';
import type { Requirement } from './regex-plan.js';

/** Trigrams kept per literal: more narrow little and cost a posting-list read each. */
const TRIGRAMS_PER_LITERAL_MAX = 12;

/** Distinct trigrams of a literal, by code point; spread over the literal when capped. */
export function trigramsOf(text: string): string[] {
  const chars = Array.from(text);
  const n = ENGINE.trigramLength;
  const grams: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    const key = gram.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    grams.push(gram);
  }
  if (grams.length <= TRIGRAMS_PER_LITERAL_MAX) return grams;
  const step = grams.length / TRIGRAMS_PER_LITERAL_MAX;
  return Array.from({ length: TRIGRAMS_PER_LITERAL_MAX }, (_, i) => grams[Math.floor(i * step)]!);
}

export function trigramMatch(requirement: Requirement): string | null {
  switch (requirement.kind) {
    case 'any':
      return null;
    case 'literal': {
      const grams = trigramsOf(requirement.text);
      return grams.length === 0 ? null : ftsAnd(grams.map(ftsString));
    }
    case 'and': {
      // Dropping a conjunct only widens the candidates, so unplannable parts are simply left out.
      const parts = requirement.parts.map(trigramMatch).filter((p): p is string => p !== null);
      return parts.length === 0 ? null : ftsAnd(parts);
    }
    case 'or': {
      // One unplannable alternative means any chunk may match.
      const parts = requirement.parts.map(trigramMatch);
      if (parts.some((p) => p === null)) return null;
      return ftsOr(parts as string[]);
    }
  }
}
