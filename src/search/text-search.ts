/**
 * @module search/text-search
 * The BM25 retriever: ranks chunks of the word index. All terms are required
 * first; when that finds nothing, any term will do (phrases stay required).
 * A sentence-long query (plan.anyTerm) is ranked over any term from the start.
 * `total` is the exact count of chunks the chosen expression matches.
 */
import type { SqliteStore } from '../store/sqlite-store.js';
import { QuarryError } from '../contracts/errors.js';
import { message } from '../contracts/messages/index.js';
import type { WordsPlan } from './plan.js';
import { tokenize } from './query-text.js';

/**
 * Phrase hits need their text checked, so every candidate is ranked and
 * verified before paging (the count stays exact). Phrase queries are rare
 * and their word AND is selective, so this stays cheap.
 */
function runWithPhrases(store: SqliteStore, plan: WordsPlan, match: string, window: { offset: number; limit: number }) {
  const patterns = plan.phrases.map(phrasePattern);
  const verified = store.statements.wordsSearchWithText
    .all({ ...plan.filters, match })
    .filter((row) => patterns.every((p) => p.test(row.content)));
  return {
    total: verified.length,
    ranked: verified.slice(window.offset, window.offset + window.limit).map((r) => ({ chunkId: r.chunk_id, score: r.score })),
  };
}

export interface RankedChunk {
  chunkId: number;
  score: number;
}

export interface WordsResult {
  ranked: RankedChunk[];
  total: number;
  /** Which expression produced the hits: every term, or any term. */
  matched: 'all_terms' | 'any_term';
}

/** A phrase as a pattern: its words in order, separated by anything that is not a letter or digit. */
export function phrasePattern(phrase: string): RegExp {
  const words = tokenize(phrase).map((w) => w.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&'));
  return new RegExp(words.join('[^\\p{L}\\p{N}]+'), 'iu');
}

export function searchWords(store: SqliteStore, plan: WordsPlan, window: { offset: number; limit: number }): WordsResult {
  const run = plan.phrases.length > 0 ? (match: string) => runWithPhrases(store, plan, match, window) : (match: string) => {
    const bind = { ...plan.filters, match };
    const total = store.statements.wordsCount.get(bind)?.n ?? 0;
    const rows = total === 0 ? [] : store.statements.wordsSearch.all({ ...bind, limit: window.limit, offset: window.offset });
    return { total, ranked: rows.map((r) => ({ chunkId: r.chunk_id, score: r.score })) };
  };
  try {
    const all = run(plan.match);
    if (plan.anyTerm) return { ...all, matched: 'any_term' };
    if (all.total > 0 || !plan.fallbackMatch) return { ...all, matched: 'all_terms' };
    return { ...run(plan.fallbackMatch), matched: 'any_term' };
  } catch (error) {
    // The expression is built only from escaped strings, so this is a bug, never "no results".
    throw new QuarryError('QUERY_SYNTAX', message('search.expression_failed', { reason: (error as Error).message }), { match: plan.match }, { cause: error });
  }
}
