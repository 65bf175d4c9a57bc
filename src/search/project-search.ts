/**
 * @module search/project-search
 * The REST project search of the REST API contract: BM25 over the word index of one
 * project, with filters by extension, path glob and source type, an exact
 * total, and `**`-marked highlights. The MATCH expression comes from
 * `planWordMatch` (every user word an escaped FTS5 string), so FTS5 syntax in
 * user text is only ever text; filters are bound parameters.
 */
import { catalogueError, isQuarryError } from '../contracts/errors.js';
import { REST_SEARCH } from '../contracts/limits.js';
import type { SearchRequest, SearchResponse, SearchResult, SourceType } from '../contracts/rest-api.js';
import { highlightTerms, markRanges } from '../shape/highlight.js';
import { isPostedContent } from '../shape/source-label.js';
import type { ProjectFilterParams, ProjectHitRow } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import { planWordMatch } from './plan.js';

export const HIGHLIGHT_MARK = '**';

/** Extensions as compared in SQL: lower case, with their dot ("md" and ".MD" are ".md"). */
export function normalizeExtensions(types: readonly string[]): string[] {
  return [...new Set(types.map((t) => t.trim().toLowerCase()).filter(Boolean).map((t) => (t.startsWith('.') ? t : `.${t}`)))];
}

export function filterParams(filters: SearchRequest['filters']): ProjectFilterParams {
  const extensions = filters?.file_types?.length ? normalizeExtensions(filters.file_types) : [];
  const globs = filters?.paths?.length ? filters.paths : [];
  return {
    source_type: filters?.source_type ?? null,
    exclude_conversations: filters?.exclude_conversations ? 1 : 0,
    extensions: extensions.length ? JSON.stringify(extensions) : null,
    globs: globs.length ? JSON.stringify(globs) : null,
  };
}

/** Wraps every occurrence of the query's words in `**`, line by line. */
export function highlightContent(content: string, startLine: number, terms: readonly string[]): string {
  const ranges = highlightTerms(content, startLine, terms);
  return content.split('\n')
    .map((line, i) => {
      const lineRanges = ranges[String(startLine + i)];
      return lineRanges ? markRanges(line, lineRanges, HIGHLIGHT_MARK, HIGHLIGHT_MARK) : line;
    })
    .join('\n');
}

function toResult(row: ProjectHitRow, score: number, terms: readonly string[]): SearchResult {
  const isMessage = row.source_type === 'conversation_message';
  const path = isMessage ? null : row.path;
  const result: SearchResult = {
    chunk_id: `chunk_${row.chunk_id}`,
    source_type: row.source_type as SourceType,
    source_id: `${isMessage ? 'msg' : 'file'}_${row.file_id}`,
    path,
    content: row.content,
    highlighted: highlightContent(row.content, row.start_line, terms),
    location: { path, start_line: row.start_line, end_line: row.end_line },
    token_count: row.token_count,
    relevance_score: Math.round(score * 1e4) / 1e4,
  };
  // An upload says so: it never passes for the folder's file at the same path.
  if (!isMessage && isPostedContent(row.repository)) result.repository = row.repository;
  if (isMessage && row.conversation_id !== null) {
    result.conversation_id = row.conversation_id;
    result.round_number = row.round_number ?? 0;
    result.speaker = row.speaker ?? '';
  }
  return result;
}

export async function searchProject(reader: IndexReader, request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  const limit = Math.min(request.limit ?? REST_SEARCH.limit.default, REST_SEARCH.limit.max);
  const offset = request.offset ?? 0;
  const plan = planWordMatch(request.query);
  if (plan.match === null) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'search.no_words', params: { query: request.query } });
  }
  const filters = filterParams(request.filters);
  const run = async (match: string) => {
    const total = await reader.projectSearchCount(filters, match);
    const rows = total === 0 ? [] : await reader.projectSearchPage(filters, match, { limit, offset });
    return { total, rows };
  };
  let found;
  try {
    // Every word first; when that finds nothing, any word (phrases stay required), as search_code does.
    found = await run(plan.match);
    if (found.total === 0 && plan.broadening) found = await run(plan.broadening.match);
  } catch (error) {
    // A store that cannot answer (PostgreSQL gone) says so in its own catalogue words.
    if (isQuarryError(error)) throw error;
    // The expression is built only from escaped strings: a failure here is a bug, never "no results".
    throw catalogueError('INTERNAL', { key: 'search.could_not_run' }, 'en', { match: plan.match }, error);
  }
  const terms = [...plan.phrases, ...plan.terms];
  const results: SearchResult[] = [];
  for (const scored of found.rows) {
    const row = await reader.projectHit(scored.chunk_id);
    if (row) results.push(toResult(row, scored.score, terms));
  }
  return {
    results, query: request.query, total_results: found.total, limit, offset,
    execution_time_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}
