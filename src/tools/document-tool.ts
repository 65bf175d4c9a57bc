/**
 * @module tools/document-tool
 * The shape shared by `get-pil-content` and `get-spc-content` (seed 001,
 * tools 7 and 8): same parameters and validation, different document kind.
 */
import { z } from 'zod';
import { argsObject, optionalString, requireString, suklCodeField } from '../contracts/medicines-params.js';
import { documentContent, type DocumentQuery } from '../medicines/documents.js';
import { findProduct } from '../medicines/find-product.js';
import { defineTool, type ToolDefinition } from './types.js';

export function documentTool(spec: { kind: 'pil' | 'spc'; name: string; title: string; what: string }): ToolDefinition<DocumentQuery, object> {
  return defineTool<DocumentQuery, object>({
    name: spec.name,
    title: spec.title,
    group: 'medicines',
    description: `${spec.what} of a product: file name, date and URL, and its text by numbered section when the PDF is in the registry (imported, or fetched when QUARRY_SUKL_FETCH=1). query returns only sections containing its words; section returns one section.`,
    inputSchema: z.object({
      sukl_code: suklCodeField,
      section: z.number().int().optional().describe('Only this section (0 = text before the first heading).'),
      query: z.string().optional().describe('Only sections containing these words (diacritics-insensitive).'),
    }),
    parse: (raw, ctx) => {
      const args = argsObject(raw);
      const locale = ctx.medicinesLocale();
      const section = typeof args.section === 'number' && Number.isInteger(args.section) ? args.section : undefined;
      return { sukl_code: requireString(args.sukl_code, 'sukl_code', locale), query: optionalString(args.query, 'query', locale), ...(section !== undefined ? { section } : {}) };
    },
    run: async (input, ctx) => {
      const store = ctx.medicines();
      const product = findProduct(store, input.sukl_code, ctx.medicinesLocale());
      return documentContent(store, spec.kind, { ...input, sukl_code: product.kod_sukl }, ctx.env, ctx.medicinesLocale());
    },
  });
}
