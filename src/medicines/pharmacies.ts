/**
 * @module medicines/pharmacies
 * find-pharmacies over lekarny_seznam.csv: a city matches without diacritics
 * or case ("Plzen" finds Plzeň, "Praha" also "Praha 4"), a postal code with or
 * without its space, `is_24h` from the POHOTOVOST (emergency service) flag;
 * each pharmacy carries its opening hours from lekarny_prac_doba.csv.
 */
import { foldText, normalizePostalCode } from './normalize.js';
import { codeText } from './product-view.js';
import type { PharmacyRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export interface PharmacyQuery { city?: string; postal_code?: string; is_24h?: boolean; limit: number }

const DAYS: Record<string, string> = {
  PO: 'pondělí', UT: 'úterý', ST: 'středa', CT: 'čtvrtek', PA: 'pátek', SO: 'sobota', NE: 'neděle', SVATEK: 'svátek',
};

function formatPostal(code: string | null): string | null {
  return code && /^\d{5}$/.test(code) ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

function view(store: MedicinesStore, p: PharmacyRow) {
  return {
    code: p.code,
    name: p.name,
    city: p.city,
    street: p.street,
    postal_code: formatPostal(p.postal_code),
    phone: p.phone,
    email: p.email,
    www: p.www,
    is_24h: p.emergency === 1,
    e_prescription: p.e_prescription === 1,
    mail_order: p.mail_order === 1,
    type: codeText(store, 'lekarny_typ', p.type),
    pharmacist: p.pharmacist,
    opening_hours: store.statements.pharmacyHours.all(p.code).map((h) => ({
      day: h.day, day_name: DAYS[h.day] ?? h.day, from: h.opens, to: h.closes, closed: !h.opens && !h.closes,
    })),
  };
}

export function findPharmacies(store: MedicinesStore, q: PharmacyQuery) {
  const city = q.city ? foldText(q.city) : null;
  const filter = {
    city, city_prefix: city ? `${city} ` : null,
    postal: q.postal_code ? normalizePostalCode(q.postal_code) : null,
    emergency: q.is_24h === undefined ? null : q.is_24h ? 1 : 0,
  };
  const total = store.statements.pharmacyCount.get(filter)?.n ?? 0;
  const rows = store.statements.pharmacyPage.all({ ...filter, limit: q.limit });
  return {
    ok: true as const,
    filters: { city: q.city ?? null, postal_code: q.postal_code ?? null, is_24h: q.is_24h ?? null },
    total_count: total,
    count: rows.length,
    limit: q.limit,
    pharmacies: rows.map((row) => view(store, row)),
    data_set: store.dataSet(),
  };
}
