/**
 * @module search/text-search
 * The BM25 retriever: ranks chunks of the word index by the plan's match
 * expression, then by its broadening (any term) when that finds nothing.
 * `total` is the exact count of chunks the chosen expression matches, or,
 * for phrase queries past their work budget, a lower bound marked `partial`.
 */
import type { IndexReader } from '../store/store.js';
import { catalogueError, isQuarryError } from '../contracts/errors.js';
import { PHRASE_CHECK } from '../contracts/limits.js';
import { containsPhrase } from '../text/tokens.js';
import type { WordsPlan } from './plan.js';

export interface RankedChunk {
  chunkId: number;
  score: number;
}

export interface WordsResult {
  ranked: RankedChunk[];
  total: number;
  /** Which expression produced the hits: every term, or any term. */
  matched: 'all_terms' | 'any_term';
  /** The phrase check stopped at its budget: `total` counts the hits verified so far. */
  partial?: true;
}

interface Run {
  ranked: RankedChunk[];
  total: number;
  partial?: true;
}

/**
 * The word index keeps no positions, so a phrase hit needs its text checked:
 * candidates are read lazily in rank order and their tokens compared with
 * the phrase's (linear work, no pattern built from user text). Every
 * verified hit is counted, so the total stays exact, until PHRASE_CHECK's
 * budget is spent; then the count so far is returned, marked partial.
 */
async function runWithPhrases(reader: IndexReader, plan: WordsPlan, match: string, window: { offset: number; limit: number }): Promise<Run> {
  const ranked: RankedChunk[] = [];
  let total = 0;
  let candidates = 0;
  let chars = 0;
  for await (const batch of reader.wordsRanked(plan.filters, match)) {
    for (const row of batch) {
      // Leaving the loop closes the scan.
      if (candidates >= PHRASE_CHECK.maxCandidates || chars >= PHRASE_CHECK.maxChars) return { ranked, total, partial: true };
      candidates++;
      chars += row.content.length;
      if (!plan.phrases.every((phrase) => containsPhrase(row.content, phrase))) continue;
      if (total >= window.offset && ranked.length < window.limit) ranked.push({ chunkId: row.chunk_id, score: row.score });
      total++;
    }
  }
  return { ranked, total };
}

/** The total and the page, both asked before either is awaited: a store may count on another core while it scores. */
async function runTerms(reader: IndexReader, plan: WordsPlan, match: string, window: { offset: number; limit: number }): Promise<Run> {
  const counting = reader.wordsCount(plan.filters, match, plan.anyTermGroups);
  const paging = Promise.resolve().then(() => reader.wordsPage(plan.filters, match, window, plan.anyTermGroups));
  const [total, rows] = await Promise.all([counting, paging]);
  return { total, ranked: rows.map((r) => ({ chunkId: r.chunk_id, score: r.score })) };
}

export async function searchWords(reader: IndexReader, plan: WordsPlan, window: { offset: number; limit: number }): Promise<WordsResult> {
  const run = (match: string) => (plan.phrases.length > 0 ? runWithPhrases(reader, plan, match, window) : runTerms(reader, plan, match, window));
  // No word of the query can be asked for ("!!!" in text mode): nothing matches, and nothing ran.
  if (plan.match === null) return { ranked: [], total: 0, matched: 'all_terms' };
  const match = plan.match;
  try {
    const first = await run(match);
    if (plan.anyTerm) return { ...first, matched: 'any_term' };
    if (first.total > 0 || first.partial || !plan.broadening) return { ...first, matched: 'all_terms' };
    return { ...await run(plan.broadening.match), matched: 'any_term' };
  } catch (error) {
    // A store that cannot answer (PostgreSQL gone) says so in its own catalogue words.
    if (isQuarryError(error)) throw error;
    // The expression is compiled from escaped strings within FTS_EXPRESSION's bounds, so this is a bug, never "no results".
    throw catalogueError('INTERNAL', { key: 'search.could_not_run' }, 'en', { match: plan.match }, error);
  }
}
