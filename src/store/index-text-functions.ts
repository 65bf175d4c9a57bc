/**
 * @module store/index-text-functions
 * The full-text indexes' input texts as SQL functions, so a migration can
 * rebuild a contentless index from the stored chunks with the same text the
 * writer feeds it: the word index's columns (text/identifiers, schema step 8)
 * and the trigram index's tokens (text/gram-tokens, step 10). Registered on
 * every connection before the migrations run, like `chunk_text()`.
 */
import type Database from 'better-sqlite3';
import { gramTokens } from '../text/gram-tokens.js';
import { pathIndexText, wordIndexText } from '../text/identifiers.js';

export function registerIndexTextFunctions(db: Database.Database): void {
  db.function('word_index_text', { deterministic: true }, (text: unknown) => wordIndexText(typeof text === 'string' ? text : ''));
  db.function('path_index_text', { deterministic: true }, (path: unknown, language: unknown) => pathIndexText(String(path), String(language)));
  db.function('gram_tokens', { deterministic: true }, (text: unknown) => gramTokens(typeof text === 'string' ? text : ''));
}
