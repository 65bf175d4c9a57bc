/**
 * @module tools/search-medicine
 * `search-medicine`: find medicinal products in the SÚKL registry (seed 001, tool 1).
 */
import { z } from 'zod';
import { QuarryError } from '../contracts/errors.js';
import { MEDICINES } from '../contracts/limits.js';
import { argsObject, clampNumber, requireString } from '../contracts/medicines-params.js';
import { message } from '../contracts/messages/index.js';
import { searchMedicines, type SearchInput } from '../medicines/search.js';
import { defineTool } from './types.js';

export const searchMedicineTool = defineTool<SearchInput, object>({
  name: 'search-medicine',
  title: 'Search the SÚKL medicines registry',
  group: 'medicines',
  description: [
    'Find medicinal products registered in Czechia (SÚKL) by name, active substance, holder, ATC or SÚKL code.',
    'Diacritics- and case-insensitive, tolerant of typos (corrections are reported), ranked; total_count is exact; page with offset.',
    'Each result has sukl_code (7 digits) for get-medicine-details, check-availability and the other tools.',
  ].join(' '),
  inputSchema: z.object({
    query: z.string().describe(`Name ("Paralen"), substance ("ibuprofen"), holder, ATC or SÚKL code; 1-${MEDICINES.queryMaxChars} characters.`),
    limit: z.number().int().optional().describe(`Results per page, ${MEDICINES.searchLimit.min}-${MEDICINES.searchLimit.max} (default ${MEDICINES.searchLimit.default}; out of range is clamped).`),
    offset: z.number().int().optional().describe('Results to skip; pass next_offset to page.'),
  }),
  parse: (raw, ctx) => {
    const args = argsObject(raw);
    const locale = ctx.medicinesLocale();
    const query = requireString(args.query, 'query', locale);
    if (query.length > MEDICINES.queryMaxChars) {
      throw new QuarryError('INVALID_ARGUMENT', message('medicines.query_too_long', { max: MEDICINES.queryMaxChars }, locale), { param: 'query', length: query.length });
    }
    return { query, limit: clampNumber(args.limit, MEDICINES.searchLimit), offset: clampNumber(args.offset, MEDICINES.searchOffset) };
  },
  run: async (input, ctx) => {
    const store = ctx.medicines();
    store.requireProducts(ctx.medicinesLocale());
    return searchMedicines(store, input);
  },
});
