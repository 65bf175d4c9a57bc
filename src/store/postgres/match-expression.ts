/**
 * @module store/postgres/match-expression
 * Turns the match expressions search/fts-expression writes for FTS5, read back
 * by store/match-tree, into PostgreSQL conditions:
 * - for the word index, a tsquery of folded words (store/postgres/pg-words),
 *   plus the list of phrases in order, which bm25 scores one by one;
 * - for trigram candidates, a tree of `content ILIKE '%…%'` conditions, one
 *   per trigram, which the pg_trgm index serves. Like FTS5's trigram table it
 *   only narrows: RE2 decides every hit.
 * The SQL built here is fixed text and numbered parameters; the strings
 * themselves are always bound.
 */
import { likeLiteral } from '../../text/escape.js';
import type { MatchNode } from '../match-tree.js';
import { fts5Tokens } from '../../text/fts5-tokens.js';

/** A tsquery and the words of its phrases in query order (one phrase per quoted string, as FTS5 counts them). */
export interface WordQuery {
  /** tsquery input, or null when no row can match. */
  tsquery: string | null;
  phrases: string[];
}

function quoteQueryLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A tsquery of chunks holding every one of these folded words in their body (weight D, store/postgres/pg-words). */
export function bodyWordsQuery(words: readonly string[]): string {
  return words.map((word) => `${quoteQueryLexeme(word)}:D`).join(' & ');
}

/**
 * The word query of an expression. A quoted string is one word of the index
 * (search/plan asks for tokens); should folding split it, its words are all
 * required (FTS5 would ask for them adjacent: only more rows here, never fewer).
 */
export function wordQuery(node: MatchNode): WordQuery {
  const phrases: string[] = [];
  const visit = (n: MatchNode): string | null => {
    if (n.kind === 'term') {
      const words = fts5Tokens(n.text);
      if (words.length === 0) return null;
      phrases.push(...words);
      return words.length === 1 ? quoteQueryLexeme(words[0]!) : `( ${words.map(quoteQueryLexeme).join(' & ')} )`;
    }
    const parts = n.parts.map(visit);
    if (n.kind === 'and') return parts.some((p) => p === null) ? null : `( ${parts.join(' & ')} )`;
    const kept = parts.filter((p): p is string => p !== null);
    return kept.length === 0 ? null : `( ${kept.join(' | ')} )`;
  };
  return { tsquery: visit(node), phrases };
}

/** A SQL condition over `column` with its parameters, numbered from `firstParam`. */
export interface SqlCondition {
  sql: string;
  params: string[];
}

/**
 * Trigram candidates: every trigram as a case-insensitive substring of `column` (pg_trgm folds case).
 * A case-insensitive plan asks for each spelling of a trigram (search/trigram-query); ILIKE finds them
 * all with the first, so spellings that fold alike are asked once.
 */
export function trigramCondition(node: MatchNode, column: string, firstParam: number): SqlCondition {
  const params: string[] = [];
  const visit = (n: MatchNode): string => {
    if (n.kind === 'term') {
      params.push(`%${likeLiteral(n.text)}%`);
      return `${column} ILIKE $${firstParam + params.length - 1} ESCAPE '\\'`;
    }
    const parts = n.kind === 'or' ? distinctFolded(n.parts) : n.parts;
    return parts.length === 1 ? visit(parts[0]!) : `(${parts.map(visit).join(n.kind === 'and' ? ' AND ' : ' OR ')})`;
  };
  return { sql: visit(node), params };
}

/** Alternatives without the terms that differ from an earlier one only in case. */
function distinctFolded(parts: readonly MatchNode[]): MatchNode[] {
  const seen = new Set<string>();
  return parts.filter((p) => {
    if (p.kind !== 'term') return true;
    const key = p.text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
