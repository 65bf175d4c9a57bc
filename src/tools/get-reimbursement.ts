/**
 * @module tools/get-reimbursement
 * `get-reimbursement`: prices and health-insurance reimbursement from SCAU (the MCP contract's tool 6).
 */
import { suklCodeField } from '../contracts/medicines-params.js';
import { toolSchema } from '../contracts/tool-input.js';
import { normalizeSuklCode } from '../medicines/normalize.js';
import { reimbursementOf } from '../medicines/reimbursement.js';
import { catalogueError } from '../contracts/errors.js';
import { defineTool } from './types.js';
import { medicinesStore } from './medicines-part.js';

export const getReimbursementTool = defineTool({
  name: 'get-reimbursement',
  title: 'Price and reimbursement of a product',
  group: 'medicines',
  description: 'Maximum prices, insurance reimbursement, maximum copayment and prescription/indication limits of a product, from SÚKL\'s SCAU list (CZK). `columns` names the SCAU column behind each field.',
  inputSchema: toolSchema({ sukl_code: suklCodeField }),
  run: async (input, ctx) => {
    const locale = ctx.medicinesLocale();
    const store = medicinesStore(ctx);
    store.requirePart('reimbursement', locale);
    const code = normalizeSuklCode(input.sukl_code);
    const answer = reimbursementOf(store, code);
    if (!answer.in_scau && !store.statements.productByCode.get(code)) {
      throw catalogueError('NOT_FOUND', { key: 'medicines.not_found', params: { code } }, locale, { sukl_code: code });
    }
    return answer;
  },
});
