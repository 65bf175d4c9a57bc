/**
 * @module tools/document-tool
 * The shape shared by `get-pil-content` and `get-spc-content` (the MCP
 * contract's tools 7 and 8): same parameters and validation, different document kind.
 */
import { z } from 'zod';
import { optionalString, suklCodeField } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { documentContent, type DocumentQuery } from '../medicines/documents.js';
import { findProduct } from '../medicines/find-product.js';
import { defineTool, type ToolDefinition } from './types.js';
import { medicinesStore } from './medicines-part.js';

export function documentTool(spec: { kind: 'pil' | 'spc'; name: string; title: string; what: string }): ToolDefinition<DocumentQuery, object> {
  return defineTool<DocumentQuery, object>({
    name: spec.name,
    title: spec.title,
    group: 'medicines',
    description: `${spec.what} of a product: file name, date and URL, and its text by numbered section when the PDF is in the registry (imported, or fetched when QUARRY_SUKL_FETCH=1). query returns only sections containing its words; section returns one section.`,
    inputSchema: toolSchema({
      sukl_code: suklCodeField,
      section: z.number().int().min(0).optional().describe('Only this section (0 = text before the first heading).'),
      query: optionalString('Only sections containing these words (diacritics-insensitive).'),
    }).transform((v): DocumentQuery => ({ sukl_code: v.sukl_code, ...(v.query !== undefined ? { query: v.query } : {}), ...(v.section !== undefined ? { section: v.section } : {}) })),
    run: async (input, ctx) => {
      const store = medicinesStore(ctx);
      const product = findProduct(store, input.sukl_code, ctx.medicinesLocale());
      return documentContent(store, spec.kind, { ...input, sukl_code: product.kod_sukl }, ctx.env, ctx.medicinesLocale());
    },
  });
}
