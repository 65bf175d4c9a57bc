/**
 * @module tools/batch-check-availability
 * `batch-check-availability`: availability of 1-50 products at once (the MCP
 * contract's tool 9). More than 50 codes is an error, never a silent slice; codes not in
 * the registry are listed in `not_found`.
 */
import { MEDICINES } from '../contracts/limits.js';
import { stringArray } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { availabilityOf } from '../medicines/availability.js';
import { normalizeSuklCode } from '../medicines/normalize.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const batchCheckAvailabilityTool = defineTool({
  name: 'batch-check-availability',
  title: 'Availability of several products',
  group: 'medicines',
  description: `Availability of up to ${MEDICINES.batchMaxCodes} products in one call (same fields as check-availability); unknown codes are listed in not_found.`,
  inputSchema: toolSchema({
    sukl_codes: stringArray(MEDICINES.batchMaxCodes, `1-${MEDICINES.batchMaxCodes} SÚKL codes, with or without leading zeros.`),
  }),
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    store.requireProducts(ctx.medicinesLocale());
    const results = [];
    const notFound: string[] = [];
    const seen = new Set<string>();
    for (const raw of input.sukl_codes) {
      const code = normalizeSuklCode(raw);
      if (seen.has(code)) continue;
      seen.add(code);
      const product = store.statements.productByCode.get(code);
      if (product) results.push(availabilityOf(store, product));
      else notFound.push(code);
    }
    const counts: Record<string, number> = {};
    for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return { ok: true, requested: input.sukl_codes.length, found: results.length, not_found: notFound, status_counts: counts, results, data_set: store.dataSet() };
  },
});
