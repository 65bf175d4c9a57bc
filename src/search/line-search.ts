/**
 * @module search/line-search
 * Exact and regex search: trigram candidates (or every chunk when the
 * pattern requires no trigram), verified line by line with RE2. Hits come in
 * (repository, path, line) order; all are counted so `total` is exact, and
 * only the requested window is kept. A wall-clock budget stops a runaway
 * scan: the page found so far comes back with `partial` (its total a lower
 * bound), or, when the page is still empty, a TIMEOUT error; never a short,
 * silently wrong answer, and never "found nothing".
 */
import { catalogueError } from '../contracts/errors.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { compileMatcher } from './matcher.js';
import type { LinesPlan } from './plan.js';

export interface LineHit {
  chunkId: number;
  repository: string;
  path: string;
  language: string;
  line: number;
  text: string;
  ranges: [number, number][];
  rangesTruncated?: true;
}

export interface LinesResult {
  hits: LineHit[];
  total: number;
  candidateChunks: number;
  /** The budget ran out: `total` counts the lines verified so far. */
  partial?: true;
}

/** Budget checks are made every this many candidates (Date.now is not free). */
const BUDGET_CHECK_EVERY = 256;

export function searchLines(
  store: SqliteStore,
  plan: LinesPlan,
  window: { offset: number; limit: number },
  budgetMs: number = plan.verifyBudgetMs,
): LinesResult {
  const matcher = compileMatcher(plan.pattern, { literal: plan.literal, caseInsensitive: plan.caseInsensitive });
  const rows = plan.candidates === null
    ? store.statements.allCandidates.iterate(plan.filters)
    : store.statements.gramCandidates.iterate({ ...plan.filters, match: plan.candidates });
  const deadline = Date.now() + budgetMs;
  const hits: LineHit[] = [];
  let total = 0;
  let candidateChunks = 0;
  for (const row of rows) {
    candidateChunks++;
    if (candidateChunks % BUDGET_CHECK_EVERY === 0 && Date.now() > deadline) {
      (rows as IterableIterator<unknown>).return?.();
      if (hits.length > 0) return { hits, total, candidateChunks, partial: true };
      throw catalogueError('TIMEOUT', { key: 'search.timeout', params: { ms: budgetMs } }, 'en', { candidates: candidateChunks });
    }
    if (!matcher.mayMatch(row.content)) continue;
    for (const match of matcher.matchLines(row.content)) {
      if (total >= window.offset && hits.length < window.limit) {
        hits.push({
          chunkId: row.chunk_id, repository: row.repository, path: row.path, language: row.language,
          line: row.start_line + match.line, text: match.text, ranges: match.ranges,
          ...(match.rangesTruncated ? { rangesTruncated: true as const } : {}),
        });
      }
      total++;
    }
  }
  return { hits, total, candidateChunks };
}
