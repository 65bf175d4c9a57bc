/**
 * @module tools/check-availability
 * `check-availability`: is a product on the market (seed 001, tool 3).
 */
import { z } from 'zod';
import { parseSuklCodeArgs, suklCodeField } from '../contracts/medicines-params.js';
import { availabilityOf } from '../medicines/availability.js';
import { findProduct } from '../medicines/find-product.js';
import { defineTool } from './types.js';

export const checkAvailabilityTool = defineTool<{ sukl_code: string }, object>({
  name: 'check-availability',
  title: 'Availability of a medicinal product',
  group: 'medicines',
  description: 'Whether a product is available: status available / shortage / discontinued / not_supplied / unknown, from the DLP supply flag (DODAVKY) and, when imported, open shortage reports with their reason and dates.',
  inputSchema: z.object({ sukl_code: suklCodeField }),
  parse: (raw, ctx) => parseSuklCodeArgs(raw, ctx.medicinesLocale()),
  run: async (input, ctx) => {
    const store = ctx.medicines();
    const product = findProduct(store, input.sukl_code, ctx.medicinesLocale());
    return { ok: true, ...availabilityOf(store, product), data_set: store.dataSet() };
  },
});
