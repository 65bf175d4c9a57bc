/**
 * @module search/trigram-query
 * Turns a requirement into an FTS5 MATCH expression for the trigram index
 * (`detail=none`, so only single trigrams, joined by AND/OR). Returns null
 * when nothing can be required: the caller then scans every chunk (within
 * the verification budget).
 */
import { ENGINE } from '../contracts/limits.js';
import { compileFts, ftsAll, ftsAny, ftsTerm, type FtsNode } from './fts-expression.js';
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

/** The requirement as an FTS5 tree of single trigrams (trigrams holding a NUL are left out when compiled). */
export function trigramTree(requirement: Requirement): FtsNode | null {
  switch (requirement.kind) {
    case 'any':
      return null;
    case 'literal': {
      const grams = trigramsOf(requirement.text);
      return grams.length === 0 ? null : ftsAll(grams.map(ftsTerm));
    }
    case 'and': {
      // Dropping a conjunct only widens the candidates, so unplannable parts are simply left out.
      const parts = requirement.parts.map(trigramTree).filter((p): p is FtsNode => p !== null);
      return parts.length === 0 ? null : ftsAll(parts);
    }
    case 'or': {
      // One unplannable alternative means any chunk may match.
      const parts = requirement.parts.map(trigramTree);
      if (parts.some((p) => p === null)) return null;
      return ftsAny(parts as FtsNode[]);
    }
  }
}

/**
 * The trigram MATCH for candidates, or null to scan every chunk. Compiled
 * within FTS_EXPRESSION's bounds: a requirement too deep or too large for
 * FTS5 asks for fewer trigrams (more candidates), never for an error.
 */
export function trigramMatch(requirement: Requirement): string | null {
  const tree = trigramTree(requirement);
  return tree === null ? null : compileFts(tree).match;
}
