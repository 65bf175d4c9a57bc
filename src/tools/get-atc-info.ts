/**
 * @module tools/get-atc-info
 * `get-atc-info`: an ATC group with its level, parent, children and products (the MCP contract's tool 5).
 */
import { MEDICINES } from '../contracts/limits.js';
import { lenientBoolean, requiredString, silentlyClamped } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { atcInfo, type AtcQuery } from '../medicines/atc.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const getAtcInfoTool = defineTool<AtcQuery, object>({
  name: 'get-atc-info',
  title: 'ATC classification group',
  group: 'medicines',
  description: 'An ATC group (any case, e.g. "n02be01"): level 1-5, Czech and English name, parent, path from the top, children, and with include_medicines the products classified in it or below (total_count is exact).',
  inputSchema: toolSchema({
    atc_code: requiredString('ATC code of any level: "N", "N02", "N02B", "N02BE", "N02BE01".'),
    include_medicines: lenientBoolean('Also list products in this group (default false).'),
    medicines_limit: silentlyClamped('medicines_limit', MEDICINES.atcMedicinesLimit, `Products listed, ${MEDICINES.atcMedicinesLimit.min}-${MEDICINES.atcMedicinesLimit.max} (default ${MEDICINES.atcMedicinesLimit.default}; clamped).`),
  }).transform((v): AtcQuery => ({ atc_code: v.atc_code, include_medicines: v.include_medicines ?? false, medicines_limit: v.medicines_limit ?? MEDICINES.atcMedicinesLimit.default })),
  run: async (input, ctx) => {
    const store = medicinesStore(ctx);
    store.requirePart('atc', ctx.medicinesLocale());
    return atcInfo(store, input, ctx.medicinesLocale());
  },
});
