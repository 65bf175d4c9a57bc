/**
 * @module search/text-search
 * The BM25 retriever: ranks chunks of the word index by the plan's match
 * expression, then by its broadening (any term) when that finds nothing.
 * `total` is the exact count of chunks the chosen expression matches, or,
 * for phrase queries past their work budget, a lower bound marked `partial`;
 * it may arrive after the page.
 */
import type { WordHits } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import { catalogueError, isQuarryError } from '../contracts/errors.js';
import { PHRASE_CHECK } from '../contracts/limits.js';
import { containsPhrase } from '../text/tokens.js';
import type { WordsPlan } from './plan.js';

export interface RankedChunk {
  chunkId: number;
  score: number;
  /** The query's words counted in the chunk's word-index row, when the store gave them (store/kept-hits). */
  hits?: WordHits;
}

export interface WordsResult {
  /** The best `limit` chunks, best first. */
  ranked: RankedChunk[];
  /**
   * Chunks the chosen expression matches: exact, or the phrase check's count so far when `partial`.
   * A store may still be counting on another thread when the page is ready: the caller goes on with
   * the page and awaits this when it needs it (it never rejects unhandled).
   */
  total: Promise<number>;
  /** Which expression produced the hits: every term, or any term. */
  matched: 'all_terms' | 'any_term';
  /** The phrase check stopped at its budget: `total` counts the hits verified so far. */
  partial?: true;
}

/** Whether a chunk's text holds every phrase of the plan: what makes a word hit a phrase hit (the word index keeps no positions). */
export function holdsPhrases(plan: WordsPlan, content: string): boolean {
  return plan.phrases.every((phrase) => containsPhrase(content, phrase));
}

/** The best `limit` chunks of an expression without phrases, as the word index ranks them. */
async function rankedPage(reader: IndexReader, plan: WordsPlan, match: string, limit: number): Promise<RankedChunk[]> {
  const rows = await reader.wordsPage(plan.filters, match, { offset: 0, limit }, plan.anyTermGroups);
  return rows.map((r) => (r.hits ? { chunkId: r.chunk_id, score: r.score, hits: r.hits } : { chunkId: r.chunk_id, score: r.score }));
}

interface Run {
  ranked: RankedChunk[];
  total: Promise<number>;
  partial?: true;
}

/**
 * The word index keeps no positions, so a phrase hit needs its text checked:
 * candidates are read lazily in rank order and their tokens compared with
 * the phrase's (linear work, no pattern built from user text). Every
 * verified hit is counted, so the total stays exact, until PHRASE_CHECK's
 * budget is spent; then the count so far is returned, marked partial.
 */
async function runWithPhrases(reader: IndexReader, plan: WordsPlan, match: string, limit: number, pageOnly = false): Promise<Run> {
  const ranked: RankedChunk[] = [];
  let total = 0;
  let candidates = 0;
  let chars = 0;
  for await (const batch of reader.wordsRanked(plan.filters, match)) {
    for (const row of batch) {
      // Leaving the loop closes the scan.
      if (pageOnly && ranked.length >= limit) return { ranked, total: Promise.resolve(total) };
      if (candidates >= PHRASE_CHECK.maxCandidates || chars >= PHRASE_CHECK.maxChars) return { ranked, total: Promise.resolve(total), partial: true };
      candidates++;
      chars += row.content.length;
      if (!holdsPhrases(plan, row.content)) continue;
      if (ranked.length < limit) ranked.push({ chunkId: row.chunk_id, score: row.score });
      total++;
    }
  }
  return { ranked, total: Promise.resolve(total) };
}

/** The total is asked before the page: a store may count on another core while it scores, and the page returns without waiting for the count. */
async function runTerms(reader: IndexReader, plan: WordsPlan, match: string, limit: number): Promise<Run> {
  const total = reader.wordsCount(plan.filters, match, plan.anyTermGroups);
  // Observed now: the page may fail, or the caller stop, before anyone awaits the count.
  total.catch(() => undefined);
  return { total, ranked: await rankedPage(reader, plan, match, limit) };
}

/** A failure of the store, in its own catalogue words; any other is a bug, never "no results". */
function searchFailure(plan: WordsPlan, error: unknown): Error {
  // A store that cannot answer (PostgreSQL gone) says so in its own catalogue words.
  if (isQuarryError(error)) return error;
  // The expression is compiled from escaped strings within FTS_EXPRESSION's bounds, so this is a bug, never "no results".
  return catalogueError('INTERNAL', { key: 'search.could_not_run' }, 'en', { match: plan.match }, error);
}

/** The best `limit` (at least 1) chunks of the plan's expression (or of its broadening, when that matches nothing), with their total. */
export async function searchWords(reader: IndexReader, plan: WordsPlan, limit: number): Promise<WordsResult> {
  const run = async (match: string): Promise<Run> => {
    const found = await (plan.phrases.length > 0 ? runWithPhrases(reader, plan, match, limit) : runTerms(reader, plan, match, limit));
    const total = found.total.catch((error: unknown) => { throw searchFailure(plan, error); });
    total.catch(() => undefined);
    return { ...found, total };
  };
  // No word of the query can be asked for ("!!!" in text mode): nothing matches, and nothing ran.
  if (plan.match === null) return { ranked: [], total: Promise.resolve(0), matched: 'all_terms' };
  try {
    const first = await run(plan.match);
    if (plan.anyTerm) return { ...first, matched: 'any_term' };
    // The page starts at the first chunk: it is empty exactly when the expression matches none.
    if (first.ranked.length > 0 || first.partial || !plan.broadening) return { ...first, matched: 'all_terms' };
    return { ...await run(plan.broadening.match), matched: 'any_term' };
  } catch (error) {
    throw searchFailure(plan, error);
  }
}

/**
 * The best `limit` hits of the expression `read` took (its total and `matched` kept): more of the same
 * list, without counting again. A phrase query reads candidates only until the page is full.
 */
export async function moreWords(reader: IndexReader, plan: WordsPlan, read: WordsResult, limit: number): Promise<WordsResult> {
  const match = read.matched === 'any_term' && !plan.anyTerm && plan.broadening ? plan.broadening.match : plan.match;
  if (match === null) return read;
  try {
    const ranked = plan.phrases.length > 0
      ? (await runWithPhrases(reader, plan, match, limit, true)).ranked
      : await rankedPage(reader, plan, match, limit);
    return { ...read, ranked };
  } catch (error) {
    throw searchFailure(plan, error);
  }
}
