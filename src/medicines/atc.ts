/**
 * @module medicines/atc
 * get-atc-info over dlp_atc.csv: a group by code (any case), its level (1-5
 * by code length), its ancestors from the top, its children, and on request
 * the products classified in it or below it.
 */
import { catalogueError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';
import { normalizeAtc } from './normalize.js';
import { productSummary } from './product-view.js';
import type { AtcRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export interface AtcQuery { atc_code: string; include_medicines: boolean; medicines_limit: number }

const brief = (a: AtcRow) => ({ code: a.code, level: a.level, name: a.name, name_en: a.name_en });

export function atcInfo(store: MedicinesStore, q: AtcQuery, locale: Locale) {
  const code = normalizeAtc(q.atc_code);
  const s = store.statements;
  const group = s.atcByCode.get(code);
  if (!group) throw catalogueError('NOT_FOUND', { key: 'medicines.atc_not_found', params: { code } }, locale, { atc_code: code });
  const path: AtcRow[] = [];
  for (let parent = group.parent; parent; ) {
    const row = s.atcByCode.get(parent);
    if (!row) break;
    path.unshift(row);
    parent = row.parent;
  }
  const medicines = q.include_medicines && store.hasPart('products') ? {
    total_count: s.atcProductCount.get({ prefix: code })?.n ?? 0,
    limit: q.medicines_limit,
    items: s.atcProducts.all({ prefix: code, limit: q.medicines_limit }).map((p) => productSummary(store, p)),
  } : undefined;
  return {
    ok: true as const,
    ...brief(group),
    parent: path.length > 0 ? brief(path[path.length - 1]!) : null,
    path: path.map(brief),
    children: s.atcChildren.all(code).map(brief),
    ...(medicines ? { medicines } : {}),
    data_set: store.dataSet(),
  };
}
