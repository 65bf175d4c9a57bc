/**
 * @module tools/get-medicine-details
 * `get-medicine-details`: one product with its code lists resolved to text (the MCP contract's tool 2).
 */
import { suklCodeField } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { findProduct } from '../medicines/find-product.js';
import { productDetails } from '../medicines/product-view.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const getMedicineDetailsTool = defineTool({
  name: 'get-medicine-details',
  title: 'Details of a medicinal product',
  group: 'medicines',
  description: 'Everything the SÚKL registry holds on one product: strength, form, route, ATC, substances, registration state and number, dispensing mode, holder names, supply flag, PIL/SPC documents. Code lists are resolved to Czech text.',
  inputSchema: toolSchema({ sukl_code: suklCodeField }),
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    const product = findProduct(store, input.sukl_code, ctx.medicinesLocale());
    return { ok: true, ...productDetails(store, product, ctx.env), data_set: store.dataSet() };
  },
});
