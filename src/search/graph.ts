/**
 * @module search/graph
 * Reads the calls/extends/imports graph: definitions by name, reference
 * sites of a name, callees of a definition. Names are matched
 * case-insensitively on the last identifier (`a.b.validate` -> validate).
 */
import { GRAPH_SEARCH } from '../contracts/limits.js';
import type { EdgeRow, SearchFilter, SymbolRow } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';

export type ReferenceKind = 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'IMPORTS';

/** The last identifier of a dotted or `::` path, as edges store callee names. */
export function shortName(name: string): string {
  return name.split(/\.|::/).pop() ?? name;
}

export function definitionsOf(reader: IndexReader, name: string, filters: SearchFilter, limit = 50): Promise<SymbolRow[]> {
  return reader.symbolsNamed(filters, shortName(name), limit);
}

/**
 * Reference sites of a name. Asked for imports only, a dotted or pathed name
 * (`./session-store`, `app.db`, `com.acme.Invoice`) is first looked up as
 * written, since import edges keep the module as the source spells it; when
 * nothing imports it so, its last identifier is looked up as for any kind.
 */
export async function referencesTo(
  reader: IndexReader, name: string, kinds: readonly ReferenceKind[], filters: SearchFilter, window: { limit: number; offset: number },
): Promise<{ rows: EdgeRow[]; total: number }> {
  const kindList = kinds.join(',');
  const short = shortName(name);
  const targets = kinds.length === 1 && kinds[0] === 'IMPORTS' && short !== name ? [name, short] : [short];
  if (!(await reader.graphLookupsReady())) {
    const scanned = await referencesInOneScan(reader, targets, kindList, filters, window);
    if (scanned) return scanned;
  }
  const lookup = async (target: string) => ({ target, total: await reader.edgesToCount(filters, target, kindList) });
  const asWritten = targets.length > 1 ? await lookup(name) : null;
  const { target, total } = asWritten && asWritten.total > 0 ? asWritten : await lookup(short);
  return { total, rows: total > 0 ? await reader.edgesTo(filters, target, kindList, window) : [] };
}

/**
 * referencesTo's answer from one read of every site, while the graph's lookup indexes are missing
 * (a first build): each question then scans the whole graph, and counting and paging were two. The
 * first target with sites answers, as in referencesTo; null when one has more sites than
 * GRAPH_SEARCH.sitesReadWhileBuilding (counted and paged as usual).
 */
async function referencesInOneScan(
  reader: IndexReader, targets: readonly string[], kindList: string, filters: SearchFilter, window: { limit: number; offset: number },
): Promise<{ rows: EdgeRow[]; total: number } | null> {
  const most = GRAPH_SEARCH.sitesReadWhileBuilding;
  for (const target of targets) {
    const sites = await reader.edgesTo(filters, target, kindList, { limit: most, offset: 0 });
    if (sites.length >= most) return null;
    if (sites.length > 0) return { total: sites.length, rows: sites.slice(window.offset, window.offset + window.limit) };
  }
  return { total: 0, rows: [] };
}

/**
 * The first `limit` sites that reference `name` (by its short name) with one of `kinds`, without
 * counting them all: for a caller that needs no total (graph expansion). referencesTo's rows for
 * the same window, imports asked as written aside.
 */
export function referenceSites(reader: IndexReader, name: string, kinds: readonly ReferenceKind[], filters: SearchFilter, limit: number): Promise<EdgeRow[]> {
  return reader.edgesTo(filters, shortName(name), kinds.join(','), { limit, offset: 0 });
}

export function calleesOf(reader: IndexReader, qualifiedName: string, limit: number): Promise<EdgeRow[]> {
  return reader.edgesFrom(qualifiedName, 'CALLS', limit);
}

/** Which edge kinds a relationship question asks about. */
export function referenceKindsFor(query: string): ReferenceKind[] {
  const lower = query.toLowerCase();
  if (/\b(extends?|extended|inherits?|subclass(es)?|implements?|implemented|implementations)\b/.test(lower)) return ['EXTENDS', 'IMPLEMENTS'];
  if (/\b(imports?|imported|depends? on|dependents)\b/.test(lower)) return ['IMPORTS'];
  return ['CALLS'];
}
