/**
 * @module search/line-search
 * Exact and regex search: trigram candidates (or every chunk when the
 * pattern requires no trigram), verified line by line with RE2. Hits come in
 * (repository, path, line) order; all are counted so `total` is exact, and
 * only the requested window is kept. A wall-clock budget stops a runaway
 * scan: the page found so far comes back with `partial` (its total a lower
 * bound), or, when the page is still empty, a TIMEOUT error; never a short,
 * silently wrong answer, and never "found nothing". A hit on the page
 * carries a few lines around it as context: from its chunk (only chunks
 * that put a hit on the page are split into lines), and from the chunks
 * beside it where its chunk ends too soon (widenContext).
 */
import { catalogueError } from '../contracts/errors.js';
import { SEARCH_DISPLAY } from '../contracts/limits.js';
import { clipLine } from '../shape/search-code-items.js';
import type { ChunkHitRow } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
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
  /** Lines just before and after the matched one (SEARCH_DISPLAY.lineContextLines each side at most; from its chunk, then widenContext), each cut as a snippet line is. */
  before: string[];
  after: string[];
}

/** A line hit's id: its chunk and line, or (a chunk id below 0) its file in the first stage of a pass under way (search/first-stage-reader). */
export function lineHitId(chunkId: number, line: number): string {
  return chunkId < 0 ? `f${-1 - chunkId}L${line}` : `c${chunkId}L${line}`;
}

export interface LinesResult {
  hits: LineHit[];
  total: number;
  candidateChunks: number;
  /** The budget ran out: `total` counts the lines verified so far. */
  partial?: true;
}

/** The lines around line `at` (0-based) of a chunk's lines, each cut to a snippet line's length. */
function contextOf(lines: readonly string[], at: number, context: number = SEARCH_DISPLAY.lineContextLines): { before: string[]; after: string[] } {
  return {
    before: lines.slice(Math.max(0, at - context), at).map(clipLine),
    after: lines.slice(at + 1, at + 1 + context).map(clipLine),
  };
}

/**
 * Candidates arrive in batches (store/store); the budget is checked between them (Date.now is not
 * free), so past the deadline a scan stops within one batch. Leaving the loop closes the scan.
 */
export async function searchLines(
  reader: IndexReader,
  plan: LinesPlan,
  window: { offset: number; limit: number },
  budgetMs: number = plan.verifyBudgetMs,
): Promise<LinesResult> {
  const matcher = compileMatcher(plan.pattern, { literal: plan.literal, caseInsensitive: plan.caseInsensitive });
  const deadline = Date.now() + budgetMs;
  const hits: LineHit[] = [];
  let total = 0;
  let candidateChunks = 0;
  for await (const batch of reader.candidates(plan.filters, plan.candidates)) {
    if (candidateChunks > 0 && Date.now() > deadline) {
      if (hits.length > 0) return { hits, total, candidateChunks, partial: true };
      throw catalogueError('TIMEOUT', { key: 'search.timeout', params: { ms: budgetMs } }, 'en', { candidates: candidateChunks });
    }
    for (const row of batch) {
      candidateChunks++;
      // Past the page (or still before it), a chunk's lines are only counted, never decoded.
      if (hits.length >= window.limit) { total += matcher.countLines(row.content); continue; }
      if (total < window.offset) {
        // Counting already tells a chunk with no match; only the chunk that reaches the page is matched again.
        const lines = matcher.countLines(row.content);
        if (total + lines <= window.offset) { total += lines; continue; }
      } else if (!matcher.mayMatch(row.content)) continue;
      let lines: string[] | null = null;
      for (const match of matcher.matchLines(row.content)) {
        if (total >= window.offset && hits.length < window.limit) {
          lines ??= row.content.toString('utf8').split('\n');
          hits.push({
            chunkId: row.chunk_id, repository: row.repository, path: row.path, language: row.language,
            line: row.start_line + match.line, text: match.text, ranges: match.ranges,
            ...(match.rangesTruncated ? { rangesTruncated: true as const } : {}),
            ...contextOf(lines, match.line),
          });
        }
        total++;
      }
    }
  }
  return { hits, total, candidateChunks };
}

/** The lines [from, to] of a chunk row, each cut as a snippet line is; null when the row does not hold them all. */
function rowLines(row: ChunkHitRow | undefined, from: number, to: number): string[] | null {
  if (!row || from < row.start_line || to > row.end_line || from > to) return null;
  return row.content.split('\n').slice(from - row.start_line, to - row.start_line + 1).map(clipLine);
}

/**
 * Context lines a hit's chunk cut short (a match near its chunk's first or last line), read from the
 * chunks beside it, so a hit shows the same lines around it wherever the chunks happen to end (as a
 * first stage, which reads files by blocks of lines, shows them). Three questions for the whole page,
 * asked only when a hit needs them; hits of a first stage (chunk ids below 0) are left as they are.
 */
export async function widenContext(reader: IndexReader, hits: readonly LineHit[], context: number = SEARCH_DISPLAY.lineContextLines): Promise<void> {
  const wantsBefore = (h: LineHit) => h.before.length < context && h.line - h.before.length > 1;
  const short = hits.filter((h) => h.chunkId >= 0 && (wantsBefore(h) || h.after.length < context));
  if (short.length === 0) return;
  const files = await reader.chunkFiles(short.map((h) => h.chunkId));
  const asks: { hit: LineHit; side: 'before' | 'after'; fileId: number; line: number }[] = [];
  short.forEach((hit, i) => {
    const fileId = files[i];
    if (fileId === undefined) return;
    if (wantsBefore(hit)) asks.push({ hit, side: 'before', fileId, line: hit.line - hit.before.length - 1 });
    if (hit.after.length < context) asks.push({ hit, side: 'after', fileId, line: hit.line + hit.after.length + 1 });
  });
  const ids = await reader.chunksAtLines(asks);
  const unique = [...new Set(ids.filter((id): id is number => id !== undefined))];
  const rows = await reader.chunkHits(unique);
  const byId = new Map(unique.map((id, i) => [id, rows[i]]));
  asks.forEach(({ hit, side, line }, i) => {
    const id = ids[i];
    const row = id === undefined ? undefined : byId.get(id);
    if (!row || row.chunk_id === hit.chunkId) return;
    if (side === 'before') {
      const lines = rowLines(row, Math.max(row.start_line, hit.line - context), line);
      if (lines) hit.before = [...lines, ...hit.before];
    } else {
      const lines = rowLines(row, line, Math.min(row.end_line, hit.line + context));
      if (lines) hit.after = [...hit.after, ...lines];
    }
  });
}
