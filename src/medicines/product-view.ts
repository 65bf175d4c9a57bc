/**
 * @module medicines/product-view
 * Turns a product row into what an answer shows: code-list values resolved
 * to text (form, route, dispensing, registration state, type), holder codes
 * to names, the supply flag to a boolean. Two shapes: a short one for lists
 * and the full one for get-medicine-details.
 */
import type { ProductRow } from './statements.js';
import type { MedicinesStore } from './store.js';
import { documentUrl } from './document-url.js';

export interface Coded { code: string; name: string | null; name_en?: string | null }

export function codeText(store: MedicinesStore, list: string, code: string | null): Coded | null {
  if (!code) return null;
  const row = store.statements.codeName.get(list, code);
  return { code, name: row?.name ?? null, ...(row?.name_en ? { name_en: row.name_en } : {}) };
}

export function organization(store: MedicinesStore, code: string | null, country: string | null): { code: string; country: string | null; name: string | null } | null {
  if (!code) return null;
  const row = (country ? store.statements.organization.get(code, country) : undefined) ?? store.statements.organizationAnyCountry.get(code);
  return { code, country, name: row?.name ?? null };
}

/** DODAVKY: the product was supplied to the Czech market (A/ANO/1), or not (N/NE/0); empty = not stated. */
export function suppliedFlag(value: string | null): boolean | null {
  const v = value?.trim().toUpperCase() ?? '';
  if (['A', 'ANO', '1', 'Y'].includes(v)) return true;
  if (['N', 'NE', '0'].includes(v)) return false;
  return null;
}

/** dlp_slozenipriznak: L = active substance, O = active substance corresponding to another; X, C, R, D = excipient, solvent, adjuvant. */
export function activeFlag(flag: string | null): boolean | null {
  if (flag === 'L' || flag === 'O') return true;
  if (flag === 'X' || flag === 'C' || flag === 'R' || flag === 'D') return false;
  return null;
}

export function productSummary(store: MedicinesStore, p: ProductRow) {
  const holder = organization(store, p.current_holder ?? p.holder, p.current_holder_country ?? p.holder_country);
  return {
    sukl_code: p.kod_sukl,
    name: p.name,
    strength: p.strength,
    form: codeText(store, 'dlp_formy', p.form)?.name ?? p.form,
    package: p.supplement,
    atc_code: p.atc,
    holder: holder?.name ?? holder?.code ?? null,
    dispensing: codeText(store, 'dlp_vydej', p.dispensing)?.name ?? p.dispensing,
    supplied: suppliedFlag(p.supplies),
  };
}

export function productDetails(store: MedicinesStore, p: ProductRow, env: NodeJS.ProcessEnv) {
  const atc = p.atc ? store.statements.atcByCode.get(p.atc) : undefined;
  const docs = store.statements.documents.get(p.kod_sukl);
  return {
    sukl_code: p.kod_sukl,
    name: p.name,
    strength: p.strength,
    form: codeText(store, 'dlp_formy', p.form),
    package_size: p.package,
    package: p.supplement,
    route: codeText(store, 'dlp_cesty', p.route),
    atc: p.atc ? { code: p.atc, name: atc?.name ?? null, name_en: atc?.name_en ?? null } : null,
    substances: store.statements.composition.all(p.kod_sukl).map((c) => ({
      code: c.kod_latky, name: c.name, inn: c.inn, name_en: c.name_en, amount: c.amount, unit: c.unit, active: activeFlag(c.flag),
    })),
    registration: {
      number: p.reg_number,
      state: codeText(store, 'dlp_stavyreg', p.reg_state),
      valid_until: p.valid_until,
      mrp_number: p.mrp_number,
      parallel_import: p.parallel_import ? true : false,
    },
    dispensing: codeText(store, 'dlp_vydej', p.dispensing),
    product_type: codeText(store, 'dlp_typlp', p.product_type),
    holder: organization(store, p.holder, p.holder_country),
    current_holder: organization(store, p.current_holder, p.current_holder_country),
    supplied: suppliedFlag(p.supplies),
    documents: docs ? {
      pil: docs.pil ? { file: docs.pil, date: docs.pil_date, url: documentUrl(docs.pil, 'pil', env) } : null,
      spc: docs.spc ? { file: docs.spc, date: docs.spc_date, url: documentUrl(docs.spc, 'spc', env) } : null,
    } : null,
    other_columns: JSON.parse(p.extra) as Record<string, string>,
  };
}
