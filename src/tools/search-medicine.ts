/**
 * @module tools/search-medicine
 * `search-medicine`: find medicinal products in the SÚKL registry (the MCP contract's tool 1).
 */
import { MEDICINES } from '../contracts/limits.js';
import { requiredString, silentlyClamped } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { searchMedicines } from '../medicines/search.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

const inputSchema = toolSchema({
  query: requiredString(`Name ("Paralen"), substance ("ibuprofen"), holder, ATC or SÚKL code; 1-${MEDICINES.queryMaxChars} characters.`, MEDICINES.queryMaxChars),
  limit: silentlyClamped('limit', MEDICINES.searchLimit, `Results per page, ${MEDICINES.searchLimit.min}-${MEDICINES.searchLimit.max} (default ${MEDICINES.searchLimit.default}; out of range is clamped).`),
  offset: silentlyClamped('offset', MEDICINES.searchOffset, `Results to skip, ${MEDICINES.searchOffset.min}-${MEDICINES.searchOffset.max}; pass next_offset to page.`),
}).transform((v) => ({ query: v.query, limit: v.limit ?? MEDICINES.searchLimit.default, offset: v.offset ?? MEDICINES.searchOffset.default }));

export const searchMedicineTool = defineTool({
  name: 'search-medicine',
  title: 'Search the SÚKL medicines registry',
  group: 'medicines',
  description: [
    'Find medicinal products registered in Czechia (SÚKL) by name, active substance, holder, ATC or SÚKL code.',
    'Diacritics- and case-insensitive, tolerant of typos (corrections are reported), ranked; total_count is exact; page with offset.',
    'Each result has sukl_code (7 digits) for get-medicine-details, check-availability and the other tools.',
  ].join(' '),
  inputSchema,
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    store.requireProducts(ctx.medicinesLocale());
    return searchMedicines(store, input);
  },
});
