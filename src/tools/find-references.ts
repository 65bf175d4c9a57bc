/**
 * @module tools/find-references
 * `find_references`: where a symbol is defined and every site that calls,
 * extends, implements or imports it, as file:line with the source line.
 * The precise answer to "what calls X" (search_code ranks chunks instead).
 */
import { z } from 'zod';
import { FIND_REFERENCES } from '../contracts/limits.js';
import { normalizeLanguage } from '../contracts/languages.js';
import { validationError } from '../contracts/search-code-params.js';
import { definitionsOf, referencesTo, type ReferenceKind } from '../search/graph.js';
import { defineTool } from './types.js';

const KINDS: Record<string, ReferenceKind[]> = {
  calls: ['CALLS'], extends: ['EXTENDS'], implements: ['IMPLEMENTS'], imports: ['IMPORTS'],
  all: ['CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS'],
};

const inputSchema = z.object({
  symbol: z.string().min(1).max(FIND_REFERENCES.symbolMaxChars).describe('Name of a function, method, class or module (a.b.c is read as c).'),
  kind: z.enum(['calls', 'extends', 'implements', 'imports', 'all']).optional().describe('Which references (default calls).'),
  language: z.string().optional().describe('Only files of this language.'),
  repository: z.string().optional().describe('Only this repository.'),
  max_results: z.number().int().min(FIND_REFERENCES.maxResults.min).max(FIND_REFERENCES.maxResults.max).optional()
    .describe(`References per page (default ${FIND_REFERENCES.maxResults.default}).`),
  skip: z.number().int().min(FIND_REFERENCES.skip.min).max(FIND_REFERENCES.skip.max).optional(),
}).strict();

type Input = z.infer<typeof inputSchema>;

export const findReferencesTool = defineTool<Input, object>({
  name: 'find_references',
  title: 'Find definitions and references of a symbol',
  group: 'code',
  description: 'Where a symbol is defined and every place that calls / extends / implements / imports it (file:line plus the source line), from the tree-sitter graph of the index. Answers "what calls X" exactly.',
  inputSchema,
  parse(raw) {
    const input = inputSchema.safeParse(raw);
    if (!input.success) throw validationError('tool.invalid_params', { reason: z.prettifyError(input.error) });
    if (input.data.language !== undefined && !normalizeLanguage(input.data.language)) {
      throw validationError('search_code.language_invalid', { value: input.data.language, valid: 'see search_code' });
    }
    return input.data;
  },
  async run(input, ctx) {
    const store = await ctx.codeIndex();
    const filters = { language: input.language ? normalizeLanguage(input.language) : null, repository: input.repository ?? null };
    const kinds = KINDS[input.kind ?? 'calls']!;
    const limit = input.max_results ?? FIND_REFERENCES.maxResults.default;
    const offset = input.skip ?? 0;
    const found = referencesTo(store, input.symbol, kinds, filters, { limit, offset });
    const lineOf = (fileId: number, line: number) => {
      const chunk = store.statements.chunkAtLine.get({ file_id: fileId, line });
      const row = chunk ? store.statements.chunkHit.get(chunk.id) : undefined;
      return row ? (row.content.split('\n')[line - row.start_line] ?? '').trim() : '';
    };
    const references = found.rows.map((r) => ({ file: r.path, line: r.line, kind: r.kind, from: r.from_name, text: lineOf(r.file_id, r.line) }));
    const definitions = definitionsOf(store, input.symbol, filters, FIND_REFERENCES.definitionsMax)
      .map((d) => ({ file: d.path, line: d.start_line, end_line: d.end_line, kind: d.kind, name: d.container ? `${d.container}.${d.name}` : d.name }));
    const hasMore = offset + references.length < found.total;
    return {
      ok: true, symbol: input.symbol, kinds, definitions, references, count: references.length, total: found.total,
      has_more: hasMore, next_skip: hasMore ? offset + references.length : null, index_version: store.indexVersion(),
    };
  },
});
