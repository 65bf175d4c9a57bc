/**
 * @module tools/check-availability
 * `check-availability`: is a product on the market (the MCP contract's tool 3).
 */
import { suklCodeField } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { availabilityOf } from '../medicines/availability.js';
import { findProduct } from '../medicines/find-product.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const checkAvailabilityTool = defineTool({
  name: 'check-availability',
  title: 'Availability of a medicinal product',
  group: 'medicines',
  description: 'Whether a product is available: status available / shortage / discontinued / not_supplied / unknown, from the DLP supply flag (DODAVKY) and, when imported, open shortage reports with their reason and dates.',
  inputSchema: toolSchema({ sukl_code: suklCodeField }),
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    const product = findProduct(store, input.sukl_code, ctx.medicinesLocale());
    return { ok: true, ...availabilityOf(store, product), data_set: store.dataSet() };
  },
});
