/**
 * @module search/fts-expression
 * FTS5 MATCH expressions are built as a small tree and compiled here, bounded
 * by construction: at most FTS_EXPRESSION.maxDepth nested groups and
 * FTS_EXPRESSION.maxTerms strings, and no term FTS5 cannot hold (a NUL).
 * Whatever falls outside becomes "no constraint": an AND leaves it out and an
 * OR holding it constrains nothing, so the expression only ever matches more
 * rows (candidates stay a superset; the verifier decides). SQLite's own
 * errors ("parser stack overflow", "unterminated string") cannot be reached.
 */
import { FTS_EXPRESSION } from '../contracts/limits.js';
import { ftsString, ftsUsable } from '../text/escape.js';

export type FtsNode =
  | { kind: 'term'; text: string }
  | { kind: 'and'; parts: FtsNode[] }
  | { kind: 'or'; parts: FtsNode[] };

export function ftsTerm(text: string): FtsNode {
  return { kind: 'term', text };
}

export function ftsAll(parts: FtsNode[]): FtsNode {
  return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
}

export function ftsAny(parts: FtsNode[]): FtsNode {
  return parts.length === 1 ? parts[0]! : { kind: 'or', parts };
}

export interface CompiledFts {
  /** The MATCH text, or null when nothing could be required (match every row). */
  match: string | null;
  /** True when a bound or an unusable term left part of the tree out. */
  widened: boolean;
}

export function compileFts(node: FtsNode, limits: { maxDepth: number; maxTerms: number } = FTS_EXPRESSION): CompiledFts {
  let terms = 0;
  let widened = false;
  const visit = (n: FtsNode, depth: number): string | null => {
    if (n.kind === 'term') {
      if (!ftsUsable(n.text) || terms >= limits.maxTerms) { widened = true; return null; }
      terms++;
      return ftsString(n.text);
    }
    if (depth >= limits.maxDepth) { widened = true; return null; }
    const parts: string[] = [];
    for (const part of n.parts) {
      const compiled = visit(part, depth + 1);
      // Groups are parenthesised so precedence never surprises; a term needs none.
      if (compiled !== null) { parts.push(part.kind === 'term' ? compiled : `(${compiled})`); continue; }
      // One unconstrained alternative: the whole OR constrains nothing.
      if (n.kind === 'or') return null;
    }
    if (parts.length === 0) return null;
    return parts.length === 1 ? parts[0]! : parts.join(n.kind === 'and' ? ' AND ' : ' OR ');
  };
  const match = visit(node, 0);
  return { match, widened };
}
