/**
 * @module tools/search-structure
 * `search_structure`: ast-grep patterns and rules over the indexed project.
 * The index picks the candidate files by the pattern's literal words; ast-grep
 * (`@ast-grep/napi`) parses only those, in the search pool, off the door's
 * thread and under regex search's budgets (search/structure).
 */
import { message } from '../contracts/messages/index.js';
import { STRUCTURE } from '../contracts/structure-limits.js';
import { structureSchema, type StructureParams } from '../contracts/structure-params.js';
import type { StructureMatch, StructureSearchResult } from '../search/structure/structure-search.js';
import { renderStructureText } from '../shape/structure-text.js';
import { withPassNotice } from './index-pass.js';
import { defineTool } from './types.js';

export interface StructureResponse {
  pattern: string | null;
  language: string;
  matches: StructureMatch[];
  count: number;
  total: number;
  total_partial?: true;
  has_more: boolean;
  next_skip: number | null;
  prefilter: StructureSearchResult['prefilter'];
  warnings?: string[];
}

export const searchStructureTool = defineTool<StructureParams, StructureResponse>({
  name: 'search_structure',
  title: 'Search by syntax (ast-grep)',
  group: 'code',
  description: [
    'Find code by syntax with an ast-grep pattern and/or rule ("try: $$$B except Exception: pass"): shapes text search cannot express.',
    'Exact totals; patterns naming an identifier are fastest.',
  ].join(' '),
  inputSchema: structureSchema,
  run: async (params, ctx, call) => {
    const building = await ctx.indexNotice(call.locale);
    const found = await ctx.searchIndex('search_structure', params, call.signal);
    const warnings = [...params.warnings];
    if (found.prefilter.mode === 'scan') warnings.push(message('structure.scan', { language: params.language, parsed: found.prefilter.files_parsed }, call.locale));
    if (found.total_partial) warnings.push(message('structure.partial', { ms: STRUCTURE.budgetMs, parsed: found.prefilter.files_parsed }, call.locale));
    const hasMore = found.total > params.skip + found.matches.length;
    const reply: StructureResponse = {
      pattern: params.pattern,
      language: params.language,
      matches: found.matches,
      count: found.matches.length,
      total: found.total,
      ...(found.total_partial ? { total_partial: true as const } : {}),
      has_more: hasMore,
      next_skip: hasMore ? params.skip + found.matches.length : null,
      prefilter: found.prefilter,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
    return withPassNotice(reply, building);
  },
  text: (reply, params) => renderStructureText(reply, params.detailLevel),
});
