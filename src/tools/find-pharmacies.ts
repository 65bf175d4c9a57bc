/**
 * @module tools/find-pharmacies
 * `find-pharmacies`: pharmacies by city, postal code and emergency service (the MCP contract's tool 4).
 */
import { MEDICINES } from '../contracts/limits.js';
import { lenientBoolean, optionalString, silentlyClamped } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { findPharmacies, type PharmacyQuery } from '../medicines/pharmacies.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const findPharmaciesTool = defineTool<PharmacyQuery, object>({
  name: 'find-pharmacies',
  title: 'Find pharmacies',
  group: 'medicines',
  description: 'Czech pharmacies from the SÚKL list, with address, contacts, e-prescription flag, emergency service (is_24h) and opening hours. City matches without diacritics ("Plzen" finds Plzeň); postal code with or without the space.',
  inputSchema: toolSchema({
    city: optionalString('City, e.g. "Praha" (also matches "Praha 4") or "Plzen".'),
    postal_code: optionalString('Postal code, "11000" or "110 00".'),
    is_24h: lenientBoolean('true: only pharmacies with emergency (POHOTOVOST) service; false: only those without. Anything else is ignored.'),
    limit: silentlyClamped('limit', MEDICINES.pharmacyLimit, `Pharmacies returned, ${MEDICINES.pharmacyLimit.min}-${MEDICINES.pharmacyLimit.max} (default ${MEDICINES.pharmacyLimit.default}; clamped); total_count counts all.`),
  }).transform((v): PharmacyQuery => ({ city: v.city, postal_code: v.postal_code, is_24h: v.is_24h, limit: v.limit ?? MEDICINES.pharmacyLimit.default })),
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    store.requirePart('pharmacies', ctx.medicinesLocale());
    return findPharmacies(store, input);
  },
});
