/**
 * @module search/search-code-service
 * search_code around the engine: resolves a cursor to an offset, answers
 * repeated requests from the result cache, issues the next cursor, and adds
 * suggestions when nothing was found.
 */
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { searchCode, type SearchCodeResponse } from './engine.js';
import { planSearch } from './plan.js';
import type { ResultCache } from './result-cache.js';
import { suggest } from './suggestions.js';

function cacheKey(params: SearchCodeParams, offset: number, version: number): string {
  return JSON.stringify([version, offset, params.query, params.mode, params.language, params.repository, params.caseSensitive,
    params.maxResults, params.snippetLines, params.detailLevel]);
}

export function runSearchCode(store: SqliteStore, params: SearchCodeParams, cache?: ResultCache<SearchCodeResponse>): SearchCodeResponse {
  const started = performance.now();
  const version = store.indexVersion();
  const offset = params.cursor ? decodeCursor(params.cursor, params, version, store.secret()) : params.skip;
  const key = cacheKey(params, offset, version);
  const cached = cache?.get(key);
  let response: SearchCodeResponse;
  if (cached) {
    response = { ...cached, took_ms: 0 };
  } else {
    // Planned once: the engine executes this plan, and suggestions read it.
    const plan = planSearch(params);
    response = searchCode(store, params, { offset, limit: params.maxResults }, plan);
    if (response.total === 0) {
      response.suggestions = suggest(store, plan, () =>
        searchCode(store, { ...params, language: null, repository: null }, { offset: 0, limit: 1 }).total);
    }
    response.next_cursor = response.has_more ? encodeCursor(params, response.next_skip!, version, store.secret()) : null;
    cache?.set(key, response);
  }
  // Warnings belong to this request's arguments, not to the cached answer.
  const { warnings: _ignored, ...rest } = response;
  const out: SearchCodeResponse = { ...rest, took_ms: Math.round(performance.now() - started) };
  if (params.warnings.length > 0) out.warnings = params.warnings;
  return out;
}
