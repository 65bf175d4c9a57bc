/**
 * @module store/word-index-functions
 * The word index's column texts as SQL functions, so a migration can rebuild
 * that contentless index from the stored chunks (schema step 8) with the
 * same text the writer feeds it (text/identifiers). Registered on every
 * connection before the migrations run, like `chunk_text()`.
 */
import type Database from 'better-sqlite3';
import { pathIndexText, wordIndexText } from '../text/identifiers.js';

export function registerWordIndexText(db: Database.Database): void {
  db.function('word_index_text', { deterministic: true }, (text: unknown) => wordIndexText(typeof text === 'string' ? text : ''));
  db.function('path_index_text', { deterministic: true }, (path: unknown, language: unknown) => pathIndexText(String(path), String(language)));
}
