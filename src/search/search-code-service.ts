/**
 * @module search/search-code-service
 * search_code around the engine, in two parts. The page itself (plan,
 * search, suggestions when nothing was found) is index work: `searchCodePage`
 * runs it, in a search worker when the door has a pool. Around it, in the
 * calling thread because it is cheap: a cursor is resolved to an offset,
 * repeated requests are answered from the result cache, and the next
 * cursor is issued.
 */
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import { validationError } from '../contracts/search-code-params.js';
import type { IndexReader, Store } from '../store/store.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { searchCode, type SearchCodeResponse } from './engine.js';
import { planSearch, type Plan } from './plan.js';
import type { SemanticSearch } from './semantic-fusion.js';
import type { ResultCache } from './result-cache.js';
import { suggest } from './suggestions.js';

/** `semantic`: the embeddings model whose vectors join the ranking, if any (another ranking, another answer). */
function cacheKey(params: SearchCodeParams, offset: number, version: number, semantic: string | null): string {
  return JSON.stringify([version, offset, params.query, params.mode, params.language, params.repository, params.caseSensitive,
    params.maxResults, params.snippetLines, params.detailLevel, semantic]);
}

/** One page of search_code from the index: the work a search worker does. */
export async function searchCodePage(
  reader: IndexReader, params: SearchCodeParams, offset: number, semantic?: SemanticSearch, plan: Plan = planSearch(params),
): Promise<SearchCodeResponse> {
  // Planned once (by the caller, when it needed the plan first): the engine executes this plan, and suggestions read it.
  const response = await searchCode(reader, params, { offset, limit: params.maxResults }, plan, semantic);
  if (response.total === 0) {
    response.suggestions = await suggest(reader, plan, async () =>
      (await searchCode(reader, { ...params, language: null, repository: null }, { offset: 0, limit: 1 })).total);
  }
  return response;
}

/** Computes a page at an offset: in this thread, or in the search pool. */
export type PageRunner = (params: SearchCodeParams, offset: number) => SearchCodeResponse | Promise<SearchCodeResponse>;

interface PageStart {
  started: number;
  version: number;
  offset: number;
  semantic: string | null;
  cached: SearchCodeResponse | undefined;
}

async function begin(store: Store, params: SearchCodeParams, cache: ResultCache<SearchCodeResponse> | undefined, semantic: string | null): Promise<PageStart> {
  const started = performance.now();
  const version = await store.indexVersion();
  const offset = params.cursor ? decodeCursor(params.cursor, params, version, await store.secret()) : params.skip;
  return { started, version, offset, semantic, cached: cache?.get(cacheKey(params, offset, version, semantic)) };
}

/** A fresh page: its next cursor, then into the cache. */
async function complete(
  store: Store, params: SearchCodeParams, start: PageStart, response: SearchCodeResponse, cache: ResultCache<SearchCodeResponse> | undefined,
): Promise<SearchCodeResponse> {
  // The index changed between reading the cursor and searching (a worker saw a newer commit): the offset may point elsewhere now.
  if (params.cursor && response.index_version !== start.version) {
    throw validationError('search_code.cursor_stale', { issued: start.version, current: response.index_version }, 'CURSOR_STALE');
  }
  response.next_cursor = response.has_more ? encodeCursor(params, response.next_skip!, response.index_version, await store.secret()) : null;
  cache?.set(cacheKey(params, start.offset, response.index_version, start.semantic), response);
  return response;
}

function finish(params: SearchCodeParams, start: PageStart, response: SearchCodeResponse): SearchCodeResponse {
  // Warnings belong to this request's arguments, not to the cached answer.
  const { warnings: _ignored, ...rest } = response;
  const out: SearchCodeResponse = { ...rest, took_ms: Math.round(performance.now() - start.started) };
  if (params.warnings.length > 0) out.warnings = params.warnings;
  return out;
}

/**
 * search_code with cursors and the cache; `runPage` does the index work (a
 * search worker's job), with the query's vector when `semanticModel` names
 * the embeddings model it came from. `store`, the calling thread's connection, only
 * answers the index version and the cursor secret.
 */
export async function serveSearchCode(
  store: Store, params: SearchCodeParams, cache: ResultCache<SearchCodeResponse> | undefined, runPage: PageRunner,
  semanticModel: string | null = null,
): Promise<SearchCodeResponse> {
  const start = await begin(store, params, cache, semanticModel);
  const response = start.cached ?? await complete(store, params, start, await runPage(params, start.offset), cache);
  return finish(params, start, response);
}

/** The same with the page computed in this thread. */
export function runSearchCode(store: Store, params: SearchCodeParams, cache?: ResultCache<SearchCodeResponse>): Promise<SearchCodeResponse> {
  return serveSearchCode(store, params, cache, (page, offset) => store.read((reader) => searchCodePage(reader, page, offset)));
}
