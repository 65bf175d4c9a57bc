/**
 * @module search/engine
 * Executes a search_code plan (search/plan) against one index: retrieve as
 * the plan lists, dedup, count, page, shape. It decides nothing the plan
 * does not say: the plan's fallback (an exact search for a single token in
 * auto mode) runs only when the plan found nothing.
 */
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { ChunkHitRow } from '../store/rows.js';
import type { IndexReader, SymbolName } from '../store/store.js';
import { estimateTokens } from '../shape/tokens.js';
import { termHighlights } from '../shape/highlight.js';
import { shapeItem, type SearchCodeItem, type ShapeableHit } from '../shape/search-code-items.js';
import type { QueryType } from './classify.js';
import { dedupHits } from './dedup.js';
import { fusedSearch, type FusedHit, type FusedResult, type Reference } from './fused-search.js';
import { lineHitId, searchLines, widenContext } from './line-search.js';
import { planSearch, type LinesPlan, type Plan, type WordsPlan } from './plan.js';
import type { SemanticResult, SemanticSearch } from './semantic-fusion.js';

export interface SearchCodeResponse {
  ok: true;
  query: string;
  mode: 'text' | 'exact' | 'regex';
  query_type?: QueryType;
  strategy?: string;
  items: (SearchCodeItem & { relation?: string; expanded_from?: string })[];
  count: number;
  total: number;
  /** Present (true) when a work budget stopped the count: `total` is then a lower bound, not "all there is". */
  total_partial?: true;
  has_more: boolean;
  next_skip: number | null;
  next_cursor?: string | null;
  exact_terms: string[] | null;
  /** text mode: whether every term was required, or any term (after every-term found nothing). */
  matched?: 'all_terms' | 'any_term';
  references?: Reference[];
  references_total?: number;
  suggestions?: unknown;
  warnings?: string[];
  /** With embeddings on: the model, and whether its vectors were fused into this ranking (`skipped`: why not). */
  semantic?: SemanticResult['semantic'];
  index_version: number;
  took_ms: number;
  /**
   * Between the search worker and the tool only: the candidates came from the first stage of the
   * index pass under way (search/first-stage-reader), whose files number `files`. The tool turns it
   * into its warning and leaves it out of the reply. `from`: the exact or regex lines read from the
   * files, or the word hits of the first stage's chunks (search/first-stage-words).
   */
  first_stage?: { files: number; from: 'lines' | 'words' };
}

interface Retrieved {
  /** The plan that produced the hits: the request's plan, or its fallback. */
  plan: Plan;
  hits: (ShapeableHit & { relation?: string; expandedFrom?: string })[];
  total: number;
  partial?: true;
  matched?: 'all_terms' | 'any_term';
  references?: Reference[];
  referencesTotal?: number;
  semantic?: SemanticResult['semantic'];
}

export interface SearchWindow {
  offset: number;
  limit: number;
}

/** A chunk hit's highlights of the terms, plus the line it is about. */
function focusOf(row: ChunkHitRow, fused: FusedHit, terms: string[]) {
  const { highlights, truncated } = termHighlights(row.content, row.start_line, terms);
  if (fused.focusLine !== undefined && !highlights[String(fused.focusLine)]) {
    const line = row.content.split('\n')[fused.focusLine - row.start_line] ?? '';
    highlights[String(fused.focusLine)] = [[line.length - line.trimStart().length, line.length]];
  }
  const lines = Object.keys(highlights).map(Number);
  const focus = fused.focusLine ?? (lines.length > 0 ? Math.min(...lines) : row.start_line);
  return { highlights, truncated, focus };
}

/** A chunk hit, shaped, with the symbol of the line it is about. */
function chunkHit(row: ChunkHitRow, fused: FusedHit, seen: ReturnType<typeof focusOf>, at: SymbolName | undefined): Retrieved['hits'][number] {
  const { highlights, truncated } = seen;
  const symbol = at ? (at.container ? `${at.container}.${at.name}` : at.name) : row.symbol;
  return {
    id: `c${row.chunk_id}`, repository: row.repository, path: row.path, language: row.language,
    startLine: row.start_line, endLine: row.end_line, symbol, score: fused.score,
    text: row.content, highlights, tokenCount: row.token_count,
    ...(truncated ? { highlightsTruncated: true } : {}),
    ...(fused.focusLine !== undefined ? { focusLine: fused.focusLine } : {}),
    ...(fused.relation && fused.relation !== 'definition' ? { relation: fused.relation } : {}),
    ...(fused.expandedFrom ? { expandedFrom: fused.expandedFrom } : {}),
  };
}

/** The rows of a page's hits, in its order: those read already, and the others in one question. */
async function pageRows(reader: IndexReader, hits: readonly FusedHit[], known: ReadonlyMap<number, ChunkHitRow> | undefined): Promise<(ChunkHitRow | undefined)[]> {
  const missing = known ? hits.filter((h) => !known.has(h.chunkId)).map((h) => h.chunkId) : hits.map((h) => h.chunkId);
  const read = await reader.chunkHits(missing);
  const byId = new Map(missing.map((id, i) => [id, read[i]]));
  return hits.map((h) => known?.get(h.chunkId) ?? byId.get(h.chunkId));
}

async function retrieveWords(reader: IndexReader, plan: WordsPlan, window: SearchWindow, semantic?: SemanticSearch): Promise<Retrieved> {
  // The embeddings hook: only when the door sent the query's vector.
  // The vectors' code loads with the first search that has a query vector (embeddings on).
  const fused: FusedResult & Partial<Pick<SemanticResult, 'semantic'>> = semantic
    ? await (await import('./semantic-fusion.js')).searchWithVectors(reader, plan, window, semantic) : await fusedSearch(reader, plan, window);
  const terms = [...plan.phrases, ...plan.terms, ...plan.classification.identifiers];
  // One question for the page's chunks the search has not read yet and one for the symbols around their lines
  // (a round trip each on PostgreSQL).
  const rows = await pageRows(reader, fused.hits, fused.rows);
  const found = fused.hits.flatMap((h, i) => {
    const row = rows[i];
    return row ? [{ fused: h, row, seen: focusOf(row, h, terms) }] : [];
  });
  const symbols = await reader.symbolsAt(found.map(({ row, seen }) => ({ fileId: row.file_id, line: seen.focus })));
  const hits = found.map(({ fused: h, row, seen }, i) => chunkHit(row, h, seen, symbols[i]));
  return {
    plan, hits: dedupHits(hits), total: fused.total, matched: fused.matched,
    references: fused.references, referencesTotal: fused.referencesTotal, ...(fused.partial ? { partial: true as const } : {}),
    ...(fused.semantic ? { semantic: fused.semantic } : {}),
  };
}

async function retrieveLines(reader: IndexReader, plan: LinesPlan, window: SearchWindow): Promise<Retrieved> {
  const result = await searchLines(reader, plan, window);
  await widenContext(reader, result.hits);
  // The item stays the matched line (start_line = end_line); its snippet carries the context lines around it.
  const hits = result.hits.map((hit): ShapeableHit => {
    const text = [...hit.before, hit.text, ...hit.after].join('\n');
    return {
      id: lineHitId(hit.chunkId, hit.line), repository: hit.repository, path: hit.path, language: hit.language,
      startLine: hit.line, endLine: hit.line, symbol: null, score: 1,
      text, highlights: { [String(hit.line)]: hit.ranges }, tokenCount: estimateTokens(text),
      singleLine: true, focusLine: hit.line, ...(hit.before.length > 0 ? { textStartLine: hit.line - hit.before.length } : {}),
      ...(hit.rangesTruncated ? { highlightsTruncated: true } : {}),
    };
  });
  return { plan, hits, total: result.total, ...(result.partial ? { partial: true as const } : {}) };
}

function retrieve(reader: IndexReader, plan: Plan, window: SearchWindow, semantic?: SemanticSearch): Promise<Retrieved> {
  return plan.engine === 'words' ? retrieveWords(reader, plan, window, semantic) : retrieveLines(reader, plan, window);
}

/**
 * Runs the search for the window (offset from `skip` or a cursor). Paging,
 * cursors and the cache wrap this in search-code-service.
 */
export async function searchCode(
  reader: IndexReader, params: SearchCodeParams, window: SearchWindow = { offset: params.skip, limit: params.maxResults }, planned: Plan = planSearch(params),
  semantic?: SemanticSearch,
): Promise<SearchCodeResponse> {
  const started = performance.now();
  let retrieved = await retrieve(reader, planned, window, semantic);
  if (retrieved.total === 0 && !retrieved.partial && planned.engine === 'words' && planned.fallback) {
    retrieved = await retrieve(reader, planned.fallback, window);
  }
  const plan = retrieved.plan;
  const items = retrieved.hits.map((hit) => {
    const item: SearchCodeResponse['items'][number] = shapeItem(hit, params.detailLevel, params.snippetLines);
    if (hit.relation) item.relation = hit.relation;
    if (hit.expandedFrom) item.expanded_from = hit.expandedFrom;
    return item;
  });
  const total = Math.max(retrieved.total, window.offset + items.length);
  // A partial count may stop short of hits past this page: say there may be more.
  const hasMore = window.offset + items.length < total || (retrieved.partial === true && items.length > 0);
  const exactTerms = plan.engine === 'words' ? plan.phrases : plan.literal ? [plan.pattern] : [];
  const response: SearchCodeResponse = {
    ok: true,
    query: params.query,
    mode: plan.mode,
    ...(plan.engine === 'words' ? { query_type: plan.classification.type, strategy: plan.strategy.name } : {}),
    items,
    count: items.length,
    total,
    ...(retrieved.partial ? { total_partial: true as const } : {}),
    has_more: hasMore,
    next_skip: hasMore ? window.offset + items.length : null,
    exact_terms: exactTerms.length > 0 ? exactTerms : null,
    index_version: await reader.indexVersion(),
    took_ms: 0,
  };
  if (retrieved.matched) response.matched = retrieved.matched;
  if (retrieved.references) { response.references = retrieved.references; response.references_total = retrieved.referencesTotal; }
  if (retrieved.semantic) response.semantic = retrieved.semantic;
  if (params.warnings.length > 0) response.warnings = params.warnings;
  response.took_ms = Math.round(performance.now() - started);
  return response;
}
