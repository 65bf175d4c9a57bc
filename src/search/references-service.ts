/**
 * @module search/references-service
 * The index work of `find_references`: definitions of a symbol and a page of
 * its reference sites, each with its source line. Plain data in and out, so
 * it runs in a search worker (search/search-pool) as well as in-thread.
 */
import { FIND_REFERENCES } from '../contracts/limits.js';
import { clipLine } from '../shape/search-code-items.js';
import { isPostedContent } from '../shape/source-label.js';
import type { SearchFilter } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import { definitionsOf, referencesTo, type ReferenceKind } from './graph.js';

export interface ReferencesRequest {
  symbol: string;
  kinds: ReferenceKind[];
  filters: SearchFilter;
  limit: number;
  offset: number;
}

/** A site or definition in content posted over the API names its repository (`:uploads`); a folder's file does not. */
function postedIn(repository: string): { repository?: string } {
  return isPostedContent(repository) ? { repository } : {};
}

export async function findReferences(reader: IndexReader, request: ReferencesRequest) {
  const { symbol, kinds, filters, limit, offset } = request;
  const found = await referencesTo(reader, symbol, kinds, filters, { limit, offset });
  // The chunks holding the sites, then their texts: two questions for the page.
  const chunkIds = await reader.chunksAtLines(found.rows.map((r) => ({ fileId: r.file_id, line: r.line })));
  const rows = await reader.chunkHits(chunkIds.filter((id): id is number => id !== undefined));
  const byId = new Map(rows.flatMap((row) => (row ? [[row.chunk_id, row] as const] : [])));
  const lineOf = (chunkId: number | undefined, line: number) => {
    const row = chunkId === undefined ? undefined : byId.get(chunkId);
    return row ? clipLine((row.content.split('\n')[line - row.start_line] ?? '').trim()) : '';
  };
  const references = found.rows.map((r, i) => ({
    file: r.path, line: r.line, kind: r.kind, from: r.from_name, text: lineOf(chunkIds[i], r.line), ...postedIn(r.repository),
  }));
  const definitions = (await definitionsOf(reader, symbol, filters, FIND_REFERENCES.definitionsMax))
    .map((d) => ({ file: d.path, line: d.start_line, end_line: d.end_line, kind: d.kind, name: d.container ? `${d.container}.${d.name}` : d.name, ...postedIn(d.repository) }));
  const hasMore = offset + references.length < found.total;
  return {
    ok: true as const, symbol, kinds, definitions, references, count: references.length, total: found.total,
    has_more: hasMore, next_skip: hasMore ? offset + references.length : null, index_version: await reader.indexVersion(),
  };
}

export type ReferencesResponse = Awaited<ReturnType<typeof findReferences>>;
