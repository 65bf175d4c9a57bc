/**
 * @module tools/search-code
 * `search_code`: search the project's index (seed 000's contract, whose
 * schema lives in contracts/search-code-params).
 */
import { searchCodeSchema, type SearchCodeParams } from '../contracts/search-code-params.js';
import { serveSearchCode } from '../search/search-code-service.js';
import { defineTool } from './types.js';

export const inputSchema = searchCodeSchema;

export const searchCodeTool = defineTool<SearchCodeParams, object>({
  name: 'search_code',
  title: 'Search indexed code',
  group: 'code',
  description: [
    'Search the indexed project: ranked words (BM25 over identifiers split at camelCase/snake_case), exact substrings or RE2 regexes with exact totals.',
    'Exact and regex modes return one item per matching line and `total` counts matching lines (same hits as ripgrep).',
    'Tip: start with detail_level "ultra" and max_results 5; page with next_skip.',
  ].join(' '),
  inputSchema,
  // The calling thread resolves cursors and the cache; the page itself is computed in the search pool.
  run: async (params, ctx, call) => serveSearchCode(await ctx.codeIndex(), params, ctx.searchCache,
    (page, offset) => ctx.searchIndex('search_code', { params: page, offset }, call.signal)),
});
