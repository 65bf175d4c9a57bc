/**
 * @module medicines/reimbursement
 * get-reimbursement from the SCAU list (prices and reimbursements). The
 * columns behind each field are named in file-specs.ts (SCAU_SPEC) and in
 * `columns` of every answer, so a reader can check them against the source.
 */
import { SCAU_SPEC } from './file-specs.js';
import type { ReimbursementRow } from './statements.js';
import type { MedicinesStore } from './store.js';

/** Answer field -> the SCAU column it is read from (first accepted name). */
export const REIMBURSEMENT_COLUMNS = {
  max_producer_price: SCAU_SPEC.fields.CENA_PUV![0],
  max_pharmacy_price: SCAU_SPEC.fields.MAX_CENA_LEK![0],
  reimbursement: SCAU_SPEC.fields.UHR1![0],
  max_copay: SCAU_SPEC.fields.DOPLATEK![0],
  counted_copay: SCAU_SPEC.fields.ZAPDOPL![0],
  prescription_limit: SCAU_SPEC.fields.OMEZ_PRESK![0],
  indication_limit: SCAU_SPEC.fields.IND_OMEZ![0],
  valid_from: SCAU_SPEC.fields.DAT_PLAT![0],
} as const;

function view(r: ReimbursementRow) {
  return {
    max_producer_price: r.producer_price,
    max_pharmacy_price: r.max_pharmacy_price,
    reimbursement: r.reimbursement,
    max_copay: r.max_copay,
    counted_copay: r.counted_copay,
    prescription_limit: r.prescription_limit,
    indication_limit: r.indication_limit,
    valid_from: r.valid_from,
    currency: 'CZK',
  };
}

export function reimbursementOf(store: MedicinesStore, code: string) {
  const rows = store.statements.reimbursement.all(code);
  const product = store.statements.productByCode.get(code);
  const items = rows.map(view);
  return {
    ok: true as const,
    sukl_code: code,
    name: product?.name ?? rows[0]?.name ?? null,
    package: product?.supplement ?? rows[0]?.supplement ?? null,
    in_scau: rows.length > 0,
    reimbursed: items.some((i) => (i.reimbursement ?? 0) > 0),
    prices: items,
    columns: REIMBURSEMENT_COLUMNS,
    data_set: store.dataSet(),
  };
}
