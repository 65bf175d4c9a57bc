/**
 * @module store/ranking-extension
 * Loads `quarry_bm25()` (native/quarry_ranking.c, built by `npm ci` with
 * node-gyp) into an index connection. It scores a word-index row exactly as
 * FTS5's bm25() does, but takes each phrase's row count from the caller, who
 * keeps them, instead of counting them again in every statement, and keeps
 * the rows' lengths in memory. Where the module is not built, is of another
 * version (left by an older checkout), or SQLite refuses it, the statements
 * keep bm25(): the same scores, only slower. The module's second function,
 * quarry_column_hits(), gives locate a word's frequency in each chunk's body
 * (store/locate-statements; without the module, an fts5vocab view does).
 * quarry_keep_rows() and quarry_kept_rows() hand the second ranking stage the
 * word counts of a statement's best rows (store/kept-hits).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { nativeTurnedOff } from '../text/native-modules.js';

/** Where node-gyp puts the module: build/Release under the package root (src/store and dist/store are both two levels down). */
export const RANKING_MODULE = fileURLToPath(new URL('../../build/Release/quarry_ranking.node', import.meta.url));

/** The module's `quarry_ranking_version()` these statements are written for (its arguments). */
const RANKING_MODULE_VERSION = 7;

/** Why the module could not be loaded, once per process (the same answer for every connection). */
let refused: string | null | undefined;

/** Loads the ranking function into `db`; false (bm25() stays) when it cannot be. */
export function loadRankingFunction(db: Database.Database): boolean {
  if (refused === undefined) refused = nativeTurnedOff() ?? undefined;
  if (refused === undefined && !fs.existsSync(RANKING_MODULE)) refused = `${RANKING_MODULE} is not built (npm ci builds it)`;
  if (refused) return false;
  try {
    // SQLite finds the entry point by the file's name: sqlite3_quarryranking_init.
    db.loadExtension(RANKING_MODULE);
    const version = db.prepare('SELECT quarry_ranking_version()').pluck().get();
    refused = version === RANKING_MODULE_VERSION ? null : `${RANKING_MODULE} is version ${String(version)}, not ${RANKING_MODULE_VERSION} (npm ci builds it again)`;
    return refused === null;
  } catch (error) {
    refused = (error as Error).message;
    return false;
  }
}

/**
 * Why index connections rank with bm25() instead, or null when the module loads: tried on a
 * connection of its own when no index connection has tried yet (the servers say so at start).
 */
export function rankingModuleRefusal(): string | null {
  if (refused === undefined) {
    const db = new Database(':memory:');
    try { loadRankingFunction(db); } finally { db.close(); }
  }
  return refused ?? null;
}

/** What a server's start-up log says of ranking: the function, and why not quarry_bm25() when it is bm25(). */
export function rankingLogFields(): { ranking: 'quarry_bm25' | 'bm25'; ranking_refused?: string } {
  const refusal = rankingModuleRefusal();
  return refusal === null ? { ranking: 'quarry_bm25' } : { ranking: 'bm25', ranking_refused: refusal };
}

/** What may stand between the strings of an expression Quarry builds: operators and parentheses. */
const BETWEEN_STRINGS = /^(?:\s|\(|\)|\bAND\b|\bOR\b|\bNOT\b)*$/;

/**
 * The phrases of an FTS5 expression in FTS5's phrase order (left to right), each as written, when
 * every phrase is a double-quoted string (text/escape ftsString, inner quotes doubled) joined by
 * operators and parentheses, as Quarry builds them; null for anything else (a bare word, a column
 * filter, NEAR), whose phrases quarry_bm25() then counts itself.
 */
export function expressionPhrases(match: string): string[] | null {
  const strings = /"(?:[^"]|"")*"/g;
  return BETWEEN_STRINGS.test(match.replace(strings, ' ')) ? match.match(strings) ?? [] : null;
}

/** The row counts in the form `quarry_bm25()` takes them: one double per phrase, in the machine's byte order (the module reads them in place). */
export function phraseCountsBlob(counts: readonly number[] | null): Buffer | null {
  if (counts === null) return null;
  return Buffer.from(new Float64Array(counts).buffer);
}
