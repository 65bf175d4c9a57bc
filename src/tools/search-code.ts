/**
 * @module tools/search-code
 * `search_code`: search the project's index (seed 000's contract).
 */
import { z } from 'zod';
import { LANGUAGES } from '../contracts/languages.js';
import { SEARCH_CODE } from '../contracts/limits.js';
import { normalizeSearchCodeParams, type SearchCodeParams } from '../contracts/search-code-params.js';
import { runSearchCode } from '../search/search-code-service.js';
import { defineTool } from './types.js';

export const inputSchema = z.object({
  query: z.string().describe(
    `What to find: words ("parse config"), an identifier, "quoted phrases" every hit must contain, a literal or a regex (see mode). 1-${SEARCH_CODE.queryMaxChars} chars, at most ${SEARCH_CODE.queryMaxWords} words.`,
  ),
  mode: z.enum(['auto', 'text', 'exact', 'regex']).optional().describe(
    'auto (default): words ranked by BM25, a code-like token as a literal. text: BM25. exact: substring, one item per matching line. regex: RE2 syntax, one item per matching line.',
  ),
  case_sensitive: z.boolean().optional().describe('exact is case-insensitive and regex case-sensitive unless set (as ripgrep).'),
  language: z.string().optional().describe(`Only files of this language (case-insensitive): ${LANGUAGES.join(', ')}.`),
  repository: z.string().optional().describe('Only this repository (the indexed folder\'s name).'),
  max_results: z.number().int().optional().describe(`Items per page, ${SEARCH_CODE.maxResults.min}-${SEARCH_CODE.maxResults.max} (default ${SEARCH_CODE.maxResults.default}; larger is clamped with a warning).`),
  skip: z.number().int().optional().describe(`Items to skip, ${SEARCH_CODE.skip.min}-${SEARCH_CODE.skip.max}; pass next_skip to page.`),
  snippet_lines: z.number().int().optional().describe(`Lines of snippet per item, 0-${SEARCH_CODE.snippetLines.max}; 0 = whole chunk.`),
  detail_level: z.enum(['full', 'compact', 'ultra']).optional().describe('full: whole snippet; compact: 3 lines; ultra: one line per item (fewest tokens).'),
  cursor: z.string().optional().describe('Continue a previous search: pass its next_cursor.'),
});

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
  parse: (raw) => normalizeSearchCodeParams(raw),
  run: async (params, ctx) => runSearchCode(await ctx.codeIndex(), params, ctx.searchCache),
});
