/**
 * @module medicines/fts-query
 * FTS5 MATCH strings for the medicines: every word is folded (lower case, no
 * diacritics) and reduced to letters and digits before it is quoted with
 * text/escape's ftsString (the one FTS5 escaping of Quarry), so no user
 * character can reach FTS5's query syntax.
 */
import { ftsString } from '../text/escape.js';

/** Each word as a prefix; all words must match (AND). A word group is an OR of alternatives. */
export function matchAll(groups: readonly (readonly string[])[]): string {
  return groups.map((alternatives) => {
    const parts = alternatives.map((w) => `${ftsString(w)}*`);
    return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
  }).join(' AND ');
}
