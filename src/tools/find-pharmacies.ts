/**
 * @module tools/find-pharmacies
 * `find-pharmacies`: pharmacies by city, postal code and emergency service (seed 001, tool 4).
 */
import { z } from 'zod';
import { MEDICINES } from '../contracts/limits.js';
import { argsObject, clampNumber, optionalBoolean, optionalString } from '../contracts/medicines-params.js';
import { findPharmacies, type PharmacyQuery } from '../medicines/pharmacies.js';
import { defineTool } from './types.js';

export const findPharmaciesTool = defineTool<PharmacyQuery, object>({
  name: 'find-pharmacies',
  title: 'Find pharmacies',
  group: 'medicines',
  description: 'Czech pharmacies from the SÚKL list, with address, contacts, e-prescription flag, emergency service (is_24h) and opening hours. City matches without diacritics ("Plzen" finds Plzeň); postal code with or without the space.',
  inputSchema: z.object({
    city: z.string().optional().describe('City, e.g. "Praha" (also matches "Praha 4") or "Plzen".'),
    postal_code: z.string().optional().describe('Postal code, "11000" or "110 00".'),
    is_24h: z.boolean().optional().describe('true: only pharmacies with emergency (POHOTOVOST) service; false: only those without.'),
    limit: z.number().int().optional().describe(`Pharmacies returned, ${MEDICINES.pharmacyLimit.min}-${MEDICINES.pharmacyLimit.max} (default ${MEDICINES.pharmacyLimit.default}); total_count counts all.`),
  }),
  parse: (raw, ctx) => {
    const args = argsObject(raw);
    const locale = ctx.medicinesLocale();
    return {
      city: optionalString(args.city, 'city', locale),
      postal_code: optionalString(args.postal_code, 'postal_code', locale),
      is_24h: optionalBoolean(args.is_24h),
      limit: clampNumber(args.limit, MEDICINES.pharmacyLimit),
    };
  },
  run: async (input, ctx) => {
    const store = ctx.medicines();
    store.requirePart('pharmacies', ctx.medicinesLocale());
    return findPharmacies(store, input);
  },
});
