/**
 * @module search/graph
 * Reads the calls/extends/imports graph: definitions by name, reference
 * sites of a name, callees of a definition. Names are matched
 * case-insensitively on the last identifier (`a.b.validate` -> validate).
 */
import type { SqliteStore } from '../store/sqlite-store.js';
import type { EdgeRow, SearchFilter, SymbolRow } from '../store/statements.js';

export type ReferenceKind = 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'IMPORTS';

/** The last identifier of a dotted or `::` path, as edges store callee names. */
export function shortName(name: string): string {
  return name.split(/\.|::/).pop() ?? name;
}

export function definitionsOf(store: SqliteStore, name: string, filters: SearchFilter, limit = 50): SymbolRow[] {
  return store.statements.symbolsNamed.all({ ...filters, name: shortName(name), limit });
}

/**
 * Reference sites of a name. Asked for imports only, a dotted or pathed name
 * (`./session-store`, `app.db`, `com.acme.Invoice`) is first looked up as
 * written, since import edges keep the module as the source spells it; when
 * nothing imports it so, its last identifier is looked up as for any kind.
 */
export function referencesTo(
  store: SqliteStore, name: string, kinds: readonly ReferenceKind[], filters: SearchFilter, window: { limit: number; offset: number },
): { rows: EdgeRow[]; total: number } {
  const lookup = (target: string) => {
    const bind = { ...filters, name: target, kinds: kinds.join(',') };
    return { bind, total: store.statements.edgesToCount.get(bind)?.n ?? 0 };
  };
  const short = shortName(name);
  const asWritten = kinds.length === 1 && kinds[0] === 'IMPORTS' && short !== name ? lookup(name) : null;
  const { bind, total } = asWritten && asWritten.total > 0 ? asWritten : lookup(short);
  return { total, rows: total > 0 ? store.statements.edgesTo.all({ ...bind, ...window }) : [] };
}

export function calleesOf(store: SqliteStore, qualifiedName: string, limit: number): EdgeRow[] {
  return store.statements.edgesFrom.all({ name: qualifiedName, kinds: 'CALLS', limit });
}

/** Which edge kinds a relationship question asks about. */
export function referenceKindsFor(query: string): ReferenceKind[] {
  const lower = query.toLowerCase();
  if (/\b(extends?|extended|inherits?|subclass(es)?|implements?|implemented|implementations)\b/.test(lower)) return ['EXTENDS', 'IMPLEMENTS'];
  if (/\b(imports?|imported|depends? on|dependents)\b/.test(lower)) return ['IMPORTS'];
  return ['CALLS'];
}
