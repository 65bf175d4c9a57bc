/**
 * @module store/match-tree
 * Reads back the match expressions search/fts-expression writes for FTS5
 * (double-quoted strings, `""` inside one, groups in parentheses, joined by
 * ` AND ` or ` OR `), for the stores that ask something else than the
 * expression itself: PostgreSQL (store/postgres/match-expression) and the
 * SQLite trigram index of tokens (store/gram-match).
 */

export type MatchNode =
  | { kind: 'term'; text: string }
  | { kind: 'and' | 'or'; parts: MatchNode[] };

/** Parses an expression compiled by search/fts-expression; anything else is a bug, and throws. */
export function parseMatch(text: string): MatchNode {
  let at = 0;
  const fail = (): never => { throw new Error(`not a compiled match expression at ${at}`); };
  const term = (): MatchNode => {
    let out = '';
    at++; // opening quote
    for (;;) {
      if (at >= text.length) fail();
      const ch = text[at]!;
      if (ch === '"') {
        if (text[at + 1] === '"') { out += '"'; at += 2; continue; }
        at++;
        return { kind: 'term', text: out };
      }
      out += ch;
      at++;
    }
  };
  const operand = (): MatchNode => {
    if (text[at] === '"') return term();
    if (text[at] !== '(') fail();
    at++;
    const node = group();
    if (text[at] !== ')') fail();
    at++;
    return node;
  };
  const group = (): MatchNode => {
    const parts = [operand()];
    let kind: 'and' | 'or' | null = null;
    for (;;) {
      const op = text.startsWith(' AND ', at) ? 'and' : text.startsWith(' OR ', at) ? 'or' : null;
      if (op === null) break;
      if (kind !== null && kind !== op) fail(); // the compiler parenthesises every group
      kind = op;
      at += op === 'and' ? 5 : 4;
      parts.push(operand());
    }
    return kind === null ? parts[0]! : { kind, parts };
  };
  const node = group();
  if (at !== text.length) fail();
  return node;
}
