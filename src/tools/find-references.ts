/**
 * @module tools/find-references
 * `find_references`: where a symbol is defined and every site that calls,
 * extends, implements or imports it, as file:line with the source line.
 * The precise answer to "what calls X" (search_code ranks chunks instead).
 */
import { z } from 'zod';
import { noNul } from '../contracts/bound-text.js';
import { catalogueIssue } from '../contracts/error-map.js';
import { FIND_REFERENCES } from '../contracts/limits.js';
import { LANGUAGES, normalizeLanguage, type Language } from '../contracts/languages.js';
import { caseInsensitiveEnum, toolSchema, withDefault } from '../contracts/tool-input.js';
import type { ReferenceKind } from '../search/graph.js';
import type { ReferencesResponse } from '../search/references-service.js';
import { renderReferencesText } from '../shape/references-text.js';
import { withPassNotice } from './index-pass.js';
import { defineTool } from './types.js';

const KINDS: Record<string, ReferenceKind[]> = {
  calls: ['CALLS'], extends: ['EXTENDS'], implements: ['IMPLEMENTS'], imports: ['IMPORTS'],
  all: ['CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS'],
};

/** Blank means any language; otherwise a language search_code accepts, or an alias. */
function languageParam(raw: string, ctx: z.RefinementCtx): Language | null {
  if (raw.trim() === '') return null;
  const language = normalizeLanguage(raw);
  if (!language) ctx.addIssue(catalogueIssue('search_code.language_invalid', { value: raw, valid: LANGUAGES.join(', ') }));
  return language;
}

const inputSchema = toolSchema({
  symbol: z.string().trim().min(1).max(FIND_REFERENCES.symbolMaxChars).superRefine(noNul('symbol')).describe('Function, method, class or module name (a.b.c: c).'),
  kind: withDefault(caseInsensitiveEnum(['calls', 'extends', 'implements', 'imports', 'all']).optional(), 'calls'),
  language: z.string().transform(languageParam).optional(),
  repository: z.string().max(FIND_REFERENCES.repositoryMaxChars).superRefine(noNul('repository')).optional(),
  max_results: withDefault(z.number().int().min(FIND_REFERENCES.maxResults.min).max(FIND_REFERENCES.maxResults.max).optional(), FIND_REFERENCES.maxResults.default),
  skip: z.number().int().min(FIND_REFERENCES.skip.min).max(FIND_REFERENCES.skip.max).optional(),
});

type Input = z.output<typeof inputSchema>;

export const findReferencesTool = defineTool<Input, ReferencesResponse & { warnings?: string[] }>({
  name: 'find_references',
  title: 'Find references of a symbol',
  group: 'code',
  description: 'Where a symbol is defined and every line that calls, extends, implements or imports it (the index\'s syntax graph): the exact answer to "what calls X".',
  inputSchema,
  async run(input, ctx, call) {
    const building = await ctx.indexNotice(call.locale);
    // Index work runs in the search pool (off the door's thread, under its wall-clock limit).
    return withPassNotice(await ctx.searchIndex('find_references', {
      symbol: input.symbol,
      kinds: KINDS[input.kind ?? 'calls']!,
      filters: { language: input.language ?? null, repository: input.repository ?? null },
      limit: input.max_results ?? FIND_REFERENCES.maxResults.default,
      offset: input.skip ?? 0,
    }, call.signal), building);
  },
  text: (reply) => renderReferencesText(reply),
});
