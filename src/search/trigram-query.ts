/**
 * @module search/trigram-query
 * Turns a requirement into an FTS5 MATCH expression for the trigram index
 * (`detail=none`, so only single trigrams, joined by AND/OR). Returns null
 * when nothing can be required: the caller then scans every chunk (within
 * the verification budget).
 *
 * The index keeps trigrams as written (case-sensitive, schema step 5): a
 * case-sensitive search asks for its trigrams as they are, which keeps
 * `PM_RESUME` from matching every `pm_resume`; a case-insensitive one asks
 * for any case variant of each. An index written before step 5 folds case
 * in the table and in the query alike, so both plans stay correct on it.
 */
import { ENGINE } from '../contracts/limits.js';
import { compileFts, ftsAll, ftsAny, ftsTerm, type FtsNode } from './fts-expression.js';
import type { Requirement } from './regex-plan.js';

/**
 * Distinct trigrams of a literal, by code point (compared case-folded when `foldCase`): all of a
 * short one, a covering third of a longer one, spread over the literal when capped. Any subset of
 * the trigrams a match must hold only widens the candidates.
 */
export function trigramsOf(text: string, foldCase = true): string[] {
  const chars = Array.from(text);
  const n = ENGINE.trigramLength;
  const grams: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    const key = foldCase ? gram.toLowerCase() : gram;
    if (seen.has(key)) continue;
    seen.add(key);
    grams.push(gram);
  }
  if (grams.length <= ENGINE.allTrigramsMax) return grams;
  const covering = grams.filter((_, i) => i % n === 0 || i === grams.length - 1);
  const cap = ENGINE.trigramsPerLiteralMax;
  if (covering.length <= cap) return covering;
  const step = covering.length / cap;
  return Array.from({ length: cap }, (_, i) => covering[Math.floor(i * step)]!);
}

/** What an ASCII letter matches under RE2's case folding: k and s also fold with the Kelvin sign and the long s. */
const ASCII_FOLDS: Readonly<Record<string, readonly string[]>> = { k: ['k', 'K', '\u212A'], s: ['s', 'S', '\u017F'] };

/**
 * Every spelling of a trigram a case-insensitive match can meet, or null when it holds a cased
 * character outside ASCII (its folds are not worth enumerating: the trigram is just not asked for).
 */
function caseVariants(gram: string): string[] | null {
  let variants = [''];
  for (const ch of Array.from(gram)) {
    const lower = ch.toLowerCase();
    const isAsciiLetter = lower >= 'a' && lower <= 'z' && lower.length === 1;
    let spellings: readonly string[];
    if (isAsciiLetter) spellings = ASCII_FOLDS[lower] ?? [lower, lower.toUpperCase()];
    else if (lower !== ch.toUpperCase()) return null;
    else spellings = [ch];
    variants = variants.flatMap((prefix) => spellings.map((s) => prefix + s));
  }
  return variants;
}

function literalTree(text: string, foldCase: boolean): FtsNode | null {
  const grams = trigramsOf(text, foldCase);
  const nodes = foldCase
    ? grams.map(caseVariants).filter((v): v is string[] => v !== null).map((v) => (v.length === 1 ? ftsTerm(v[0]!) : ftsAny(v.map(ftsTerm))))
    : grams.map(ftsTerm);
  return nodes.length === 0 ? null : ftsAll(nodes);
}

/** The requirement as an FTS5 tree of single trigrams (trigrams holding a NUL are left out when compiled). */
export function trigramTree(requirement: Requirement, foldCase: boolean): FtsNode | null {
  switch (requirement.kind) {
    case 'any':
      return null;
    case 'literal':
      return literalTree(requirement.text, foldCase);
    case 'and': {
      // Dropping a conjunct only widens the candidates, so unplannable parts are simply left out.
      const parts = requirement.parts.map((p) => trigramTree(p, foldCase)).filter((p): p is FtsNode => p !== null);
      return parts.length === 0 ? null : ftsAll(parts);
    }
    case 'or': {
      // One unplannable alternative means any chunk may match.
      const parts = requirement.parts.map((p) => trigramTree(p, foldCase));
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
export function trigramMatch(requirement: Requirement, foldCase: boolean): string | null {
  const tree = trigramTree(requirement, foldCase);
  return tree === null ? null : compileFts(tree).match;
}
