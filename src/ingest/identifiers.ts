/**
 * @module ingest/identifiers
 * Splits identifiers at camelCase, snake_case and digit boundaries, so the
 * word index finds `parseConfigFile` for "parse config" and `PM_RESUME` for
 * "resume". The word tokenizer keeps `_` inside tokens, so whole identifiers
 * stay searchable too.
 */

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
/** Cheap test first: an all-lowercase-letters identifier has no inner boundary. */
const MAY_HAVE_PARTS = /[A-Z0-9_]/;
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/** The parts of one identifier, lowercased; a single-part identifier yields one part. */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const piece of identifier.split('_')) {
    for (const match of piece.matchAll(PART)) parts.push(match[0].toLowerCase());
  }
  return parts;
}

/**
 * Text for the word index: the content followed by the parts of each distinct
 * compound identifier (once each, so term frequencies stay close to the source).
 */
export function wordIndexText(content: string): string {
  const seen = new Set<string>();
  const extra: string[] = [];
  for (const match of content.matchAll(IDENTIFIER)) {
    const identifier = match[0];
    if (!MAY_HAVE_PARTS.test(identifier) || seen.has(identifier)) continue;
    seen.add(identifier);
    const parts = splitIdentifier(identifier);
    if (parts.length > 1) extra.push(parts.join(' '));
  }
  return extra.length === 0 ? content : `${content}\n${extra.join('\n')}`;
}
