/**
 * @module medicines/availability
 * Availability of a product from two sources: the DLP supply flag (DODAVKY:
 * was it supplied to the Czech market) and, when imported, the shortage
 * reports (interrupted or ended supply, with reason and dates). An open
 * report outweighs the flag: it is newer news than the monthly DLP.
 */
import { suppliedFlag } from './product-view.js';
import type { ProductRow, ShortageRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export type AvailabilityStatus = 'available' | 'shortage' | 'discontinued' | 'not_supplied' | 'unknown';

/** Is a report in force on `today` (ISO date)? A later resumption report closes it. */
function isOpen(report: ShortageRow, all: readonly ShortageRow[], today: string): boolean {
  if (report.type !== 'interruption' && report.type !== 'termination') return false;
  const start = report.date_from ?? report.reported;
  if (start && start > today) return false;
  if (report.date_to && report.date_to < today) return false;
  return !all.some((r) => r.type === 'resumption' && (r.date_from ?? r.reported ?? '') >= (start ?? ''));
}

function reportView(r: ShortageRow) {
  return { type: r.type, reported: r.reported, from: r.date_from, until: r.date_to, reason: r.reason };
}

export function availabilityOf(store: MedicinesStore, product: ProductRow, today = new Date().toISOString().slice(0, 10)) {
  const supplied = suppliedFlag(product.supplies);
  const shortagesImported = store.hasPart('shortages');
  const reports = shortagesImported ? store.statements.shortages.all(product.kod_sukl) : [];
  const open = reports.filter((r) => isOpen(r, reports, today));
  const ended = open.find((r) => r.type === 'termination');
  const status: AvailabilityStatus = ended ? 'discontinued'
    : open.length > 0 ? 'shortage'
      : supplied === true ? 'available'
        : supplied === false ? 'not_supplied' : 'unknown';
  return {
    sukl_code: product.kod_sukl,
    name: product.name,
    package: product.supplement,
    status,
    available: status === 'available' ? true : status === 'unknown' ? null : false,
    supplied_flag: product.supplies,
    shortage: open[0] ? reportView(open[0]) : null,
    past_reports: reports.filter((r) => !open.includes(r)).map(reportView),
    shortage_reports_imported: shortagesImported,
  };
}
