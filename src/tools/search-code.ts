/**
 * @module tools/search-code
 * `search_code`: search the project's index (the search_code contract, whose
 * schema lives in contracts/search-code-params).
 */
import { message } from '../contracts/messages/index.js';
import { searchCodeSchema, type SearchCodeParams } from '../contracts/search-code-params.js';
import type { SearchCodeResponse } from '../search/engine.js';
import { serveSearchCode } from '../search/search-code-service.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { renderSearchCodeText } from '../shape/search-code-text.js';
import { withPassNotice } from './index-pass.js';
import { defineTool } from './types.js';

export const inputSchema = searchCodeSchema;

export const searchCodeTool = defineTool<SearchCodeParams, SearchCodeResponse>({
  name: 'search_code',
  title: 'Search indexed code',
  group: 'code',
  description: [
    'Search the index: ranked words (camelCase/snake_case split), exact substrings or regexes; exact totals.',
    'First choice for code; find_references for callers, locate for a bug report, search_content for unindexed files.',
    'Start with detail_level ultra, max_results 5.',
  ].join(' '),
  inputSchema,
  // The calling thread resolves cursors, the cache and (embeddings on) the query's vector; the page itself is computed in the search pool.
  run: async (params, ctx, call) => {
    const store = await ctx.codeIndex();
    // Read now, before the search: a pass that ends while it runs may still have left it a partial index.
    const building = ctx.indexPass.notice(call.locale);
    const words = params.mode === 'text' || params.mode === 'auto';
    const queryVectors = words ? await ctx.queryEmbeddings() : null;
    // Vectors are kept in SQLite indexes only; a PostgreSQL index is ranked by its words, with a warning saying so.
    const vector = !queryVectors ? undefined : store instanceof SqliteIndex
      ? await queryVectors.forSearch(store.sqlite, params.query, call.locale, call.signal)
      : { warning: message('embeddings.skipped', { reason: message('store.vectors_sqlite_only', {}, call.locale) }, call.locale) };
    const semantic = vector && 'query' in vector ? vector.query : undefined;
    // While the pass runs, the same index version may be answered from what it has committed or from its first stage: no cache.
    const cache = building ? undefined : ctx.searchCache;
    const { first_stage: firstStage, ...reply }: SearchCodeResponse = await serveSearchCode(store, params, cache,
      (page, offset) => ctx.searchIndex('search_code', { params: page, offset, ...(semantic ? { semantic } : {}) }, call.signal), semantic?.model ?? null);
    const skipped = vector && 'warning' in vector ? vector.warning : reply.semantic?.skipped ? message('embeddings.skipped', { reason: reply.semantic.skipped }, call.locale) : null;
    if (skipped) reply.warnings = [...(reply.warnings ?? []), skipped];
    // An answer from the first stage covers every file (if the pass has ended meanwhile, it needs no warning).
    return withPassNotice(reply, firstStage ? ctx.indexPass.notice(call.locale, firstStage.files, firstStage.from) : building);
  },
  text: (reply, params) => renderSearchCodeText(reply, params.detailLevel),
});
