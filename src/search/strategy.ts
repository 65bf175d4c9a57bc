/**
 * @module search/strategy
 * How each query type is answered (the query-routing contract): which retrievers run, in which
 * order, and whether graph expansion follows. Plain data, shown in responses.
 */
import type { QueryType } from './classify.js';

export interface Strategy {
  name: string;
  /** Look the query's identifiers up in the symbol index before BM25. */
  symbolFirst: boolean;
  /** List the reference sites (callers, subclasses, importers) of the query's identifiers. */
  references: boolean;
  /** Add callers, callees and subclasses of the first results, at half their score. */
  graphExpansion: boolean;
  /** Any query term may match (broader BM25) instead of every term first. */
  broaden: boolean;
  /** Definitions whose names fit the pattern, before BM25. */
  patternFilter: boolean;
}

export const STRATEGIES: Readonly<Record<QueryType, Strategy>> = {
  symbol: { name: 'symbol_index_then_bm25', symbolFirst: true, references: false, graphExpansion: false, broaden: false, patternFilter: false },
  concept: { name: 'bm25', symbolFirst: false, references: false, graphExpansion: false, broaden: false, patternFilter: false },
  relationship: { name: 'references_and_graph_expansion', symbolFirst: true, references: true, graphExpansion: true, broaden: false, patternFilter: false },
  flow: { name: 'broad_bm25_and_graph_expansion', symbolFirst: true, references: false, graphExpansion: true, broaden: true, patternFilter: false },
  pattern: { name: 'pattern_filter_then_bm25', symbolFirst: false, references: false, graphExpansion: false, broaden: false, patternFilter: true },
};
