/**
 * @module medicines/fts-query
 * The only producer of FTS5 MATCH strings for the medicines: every word is
 * folded (lower case, no diacritics) and reduced to letters and digits before
 * it is quoted, so no user character can reach FTS5's query syntax.
 */

/** A quoted FTS5 string token; words() already removed every quote and operator. */
function quote(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** Each word as a prefix; all words must match (AND). A word group is an OR of alternatives. */
export function matchAll(groups: readonly (readonly string[])[]): string {
  return groups.map((alternatives) => {
    const parts = alternatives.map((w) => `${quote(w)}*`);
    return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
  }).join(' AND ');
}
