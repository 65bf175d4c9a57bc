/**
 * @module search/engine
 * Runs a search_code request against one index: plan, retrieve, dedup,
 * count, page, shape. In auto mode a text search that finds nothing for a
 * single token falls back to an exact substring search.
 */
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { estimateTokens } from '../shape/tokens.js';
import { highlightTerms } from '../shape/highlight.js';
import { shapeItem, type SearchCodeItem, type ShapeableHit } from '../shape/search-code-items.js';
import { dedupHits } from './dedup.js';
import { searchLines } from './line-search.js';
import { planSearch, planWords, type Plan } from './plan.js';
import { searchWords } from './text-search.js';

export interface SearchCodeResponse {
  ok: true;
  query: string;
  mode: 'text' | 'exact' | 'regex';
  items: SearchCodeItem[];
  count: number;
  total: number;
  has_more: boolean;
  next_skip: number | null;
  exact_terms: string[] | null;
  /** text mode: whether every term was required, or any term (after every-term found nothing). */
  matched?: 'all_terms' | 'any_term';
  warnings?: string[];
  index_version: number;
  took_ms: number;
}

interface Retrieved {
  plan: Plan;
  hits: ShapeableHit[];
  total: number;
  matched?: 'all_terms' | 'any_term';
}

function retrieveWords(store: SqliteStore, plan: Extract<Plan, { engine: 'words' }>, skip: number, limit: number): Retrieved {
  const result = searchWords(store, plan, { offset: skip, limit });
  const terms = [...plan.phrases, ...plan.terms];
  const hits: ShapeableHit[] = [];
  for (const ranked of result.ranked) {
    const row = store.statements.chunkHit.get(ranked.chunkId);
    if (!row) continue;
    hits.push({
      id: `c${row.chunk_id}`, repository: row.repository, path: row.path, language: row.language,
      startLine: row.start_line, endLine: row.end_line, symbol: row.symbol, score: ranked.score,
      text: row.content, highlights: highlightTerms(row.content, row.start_line, terms), tokenCount: row.token_count,
    });
  }
  return { plan, hits: dedupHits(hits), total: result.total, matched: result.matched };
}

function retrieveLines(store: SqliteStore, plan: Extract<Plan, { engine: 'lines' }>, skip: number, limit: number): Retrieved {
  const result = searchLines(store, plan, { offset: skip, limit });
  const hits = result.hits.map((hit): ShapeableHit => ({
    id: `c${hit.chunkId}L${hit.line}`, repository: hit.repository, path: hit.path, language: hit.language,
    startLine: hit.line, endLine: hit.line, symbol: null, score: 1,
    text: hit.text, highlights: { [String(hit.line)]: hit.ranges }, tokenCount: estimateTokens(hit.text),
  }));
  return { plan, hits, total: result.total };
}

function retrieve(store: SqliteStore, plan: Plan, skip: number, limit: number): Retrieved {
  return plan.engine === 'words' ? retrieveWords(store, plan, skip, limit) : retrieveLines(store, plan, skip, limit);
}

export function searchCode(store: SqliteStore, params: SearchCodeParams): SearchCodeResponse {
  const started = performance.now();
  let plan = planSearch(params);
  let retrieved = retrieve(store, plan, params.skip, params.maxResults);
  if (params.mode === 'auto' && retrieved.total === 0 && plan.engine === 'words' && !/\s/.test(params.query)) {
    plan = planSearch({ ...params, mode: 'exact' });
    retrieved = retrieve(store, plan, params.skip, params.maxResults);
  }
  const items = retrieved.hits.map((hit) => shapeItem(hit, params.detailLevel, params.snippetLines));
  const total = Math.max(retrieved.total, params.skip + items.length);
  const hasMore = params.skip + items.length < total;
  const exactTerms = plan.engine === 'words' ? plan.phrases : plan.literal ? [plan.pattern] : [];
  const response: SearchCodeResponse = {
    ok: true,
    query: params.query,
    mode: plan.mode,
    items,
    count: items.length,
    total,
    has_more: hasMore,
    next_skip: hasMore ? params.skip + items.length : null,
    exact_terms: exactTerms.length > 0 ? exactTerms : null,
    index_version: store.indexVersion(),
    took_ms: Math.round(performance.now() - started),
  };
  if (retrieved.matched) response.matched = retrieved.matched;
  if (params.warnings.length > 0) response.warnings = params.warnings;
  return response;
}

/** The plan a request would run, for `--explain`. */
export function explainSearch(params: SearchCodeParams): Plan {
  return planSearch(params);
}

export { planWords };
