/**
 * @module search/references-service
 * The index work of `find_references`: definitions of a symbol and a page of
 * its reference sites, each with its source line. Plain data in and out, so
 * it runs in a search worker (search/search-pool) as well as in-thread.
 */
import { FIND_REFERENCES } from '../contracts/limits.js';
import { clipLine } from '../shape/search-code-items.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import type { SearchFilter } from '../store/statements.js';
import { definitionsOf, referencesTo, type ReferenceKind } from './graph.js';

export interface ReferencesRequest {
  symbol: string;
  kinds: ReferenceKind[];
  filters: SearchFilter;
  limit: number;
  offset: number;
}

export function findReferences(store: SqliteStore, request: ReferencesRequest) {
  const { symbol, kinds, filters, limit, offset } = request;
  const found = referencesTo(store, symbol, kinds, filters, { limit, offset });
  const lineOf = (fileId: number, line: number) => {
    const chunk = store.statements.chunkAtLine.get({ file_id: fileId, line });
    const row = chunk ? store.statements.chunkHit.get(chunk.id) : undefined;
    return row ? clipLine((row.content.split('\n')[line - row.start_line] ?? '').trim()) : '';
  };
  const references = found.rows.map((r) => ({ file: r.path, line: r.line, kind: r.kind, from: r.from_name, text: lineOf(r.file_id, r.line) }));
  const definitions = definitionsOf(store, symbol, filters, FIND_REFERENCES.definitionsMax)
    .map((d) => ({ file: d.path, line: d.start_line, end_line: d.end_line, kind: d.kind, name: d.container ? `${d.container}.${d.name}` : d.name }));
  const hasMore = offset + references.length < found.total;
  return {
    ok: true as const, symbol, kinds, definitions, references, count: references.length, total: found.total,
    has_more: hasMore, next_skip: hasMore ? offset + references.length : null, index_version: store.indexVersion(),
  };
}

export type ReferencesResponse = ReturnType<typeof findReferences>;
