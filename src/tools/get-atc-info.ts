/**
 * @module tools/get-atc-info
 * `get-atc-info`: an ATC group with its level, parent, children and products (seed 001, tool 5).
 */
import { z } from 'zod';
import { MEDICINES } from '../contracts/limits.js';
import { argsObject, clampNumber, optionalBoolean, requireString } from '../contracts/medicines-params.js';
import { atcInfo, type AtcQuery } from '../medicines/atc.js';
import { defineTool } from './types.js';

export const getAtcInfoTool = defineTool<AtcQuery, object>({
  name: 'get-atc-info',
  title: 'ATC classification group',
  group: 'medicines',
  description: 'An ATC group (any case, e.g. "n02be01"): level 1-5, Czech and English name, parent, path from the top, children, and with include_medicines the products classified in it or below (total_count is exact).',
  inputSchema: z.object({
    atc_code: z.string().describe('ATC code of any level: "N", "N02", "N02B", "N02BE", "N02BE01".'),
    include_medicines: z.boolean().optional().describe('Also list products in this group (default false).'),
    medicines_limit: z.number().int().optional().describe(`Products listed, ${MEDICINES.atcMedicinesLimit.min}-${MEDICINES.atcMedicinesLimit.max} (default ${MEDICINES.atcMedicinesLimit.default}; clamped).`),
  }),
  parse: (raw, ctx) => {
    const args = argsObject(raw);
    return {
      atc_code: requireString(args.atc_code, 'atc_code', ctx.medicinesLocale()),
      include_medicines: optionalBoolean(args.include_medicines) ?? false,
      medicines_limit: clampNumber(args.medicines_limit, MEDICINES.atcMedicinesLimit),
    };
  },
  run: async (input, ctx) => {
    const store = ctx.medicines();
    store.requirePart('atc', ctx.medicinesLocale());
    return atcInfo(store, input, ctx.medicinesLocale());
  },
});
