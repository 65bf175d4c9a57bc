/**
 * @module search/fused-search
 * Text queries routed by their classification: BM25 joined by symbol-index
 * hits, reference sites, pattern matches and graph expansion, each run as
 * the plan's retrievers list it (with their budgets and weights). One ranked list is built before paging, so pages are
 * disjoint and `total` counts BM25 hits plus extra hits BM25 did not have.
 */
import type { SqliteStore } from '../store/sqlite-store.js';
import type { EdgeRow } from '../store/statements.js';
import { calleesOf, definitionsOf, referencesTo, shortName } from './graph.js';
import type { Retriever, WordsPlan } from './plan.js';
import { GRAPH_SEARCH, RANKING, SEARCH_DISPLAY } from '../contracts/limits.js';
import { searchWords } from './text-search.js';

export interface FusedHit {
  chunkId: number;
  score: number;
  /** Line the hit is about (a definition, a call site), highlighted and shown first. */
  focusLine?: number;
  relation?: 'definition' | 'caller' | 'callee' | 'subclass' | 'importer' | 'reference' | 'pattern';
  expandedFrom?: string;
}

export interface Reference {
  file: string;
  line: number;
  kind: string;
  from: string | null;
}

export interface FusedResult {
  hits: FusedHit[];
  total: number;
  matched: 'all_terms' | 'any_term';
  /** The phrase check stopped at its budget: `total` is a lower bound. */
  partial?: true;
  references?: Reference[];
  referencesTotal?: number;
}

const EXTRAS_MAX = GRAPH_SEARCH.extrasMax;

/** Keeps the retriever's own order among its hits without letting it outweigh the score scale (bm25 can be tiny). */
function rankDecay(rank: number): number {
  return 1 - Math.min(rank, RANKING.rankDecayMaxRank) * RANKING.rankDecayStep;
}

function relationOf(kind: string): FusedHit['relation'] {
  return kind === 'CALLS' ? 'caller' : kind === 'IMPORTS' ? 'importer' : 'subclass';
}

/** The plan's retriever of this name, if it has one. */
function retriever<N extends Retriever['name']>(plan: WordsPlan, name: N): Extract<Retriever, { name: N }> | undefined {
  return plan.retrievers.find((r): r is Extract<Retriever, { name: N }> => r.name === name);
}

export function fusedSearch(store: SqliteStore, plan: WordsPlan, window: { offset: number; limit: number }): FusedResult {
  const s = store.statements;
  const filters = plan.filters;
  const extras = new Map<number, FusedHit>();
  const add = (hit: FusedHit) => {
    const kept = extras.get(hit.chunkId);
    if (extras.size >= EXTRAS_MAX && !kept) return;
    if (!kept || hit.score > kept.score) extras.set(hit.chunkId, hit);
  };
  const chunkAt = (fileId: number, line: number) => s.chunkAtLine.get({ file_id: fileId, line })?.id;

  const bm25 = retriever(plan, 'bm25');
  const base = searchWords(store, plan, { offset: 0, limit: window.offset + window.limit + (bm25?.extraHits ?? 0) });
  // Extra hits are scaled from the best BM25 score; on tiny corpora bm25 can be ~0, so never below the floor.
  const top = Math.max(base.ranked[0]?.score ?? 0, RANKING.extraScoreFloor);

  const definitions = retriever(plan, 'symbol_definitions');
  if (definitions) {
    for (const name of definitions.names) {
      definitionsOf(store, name, filters, definitions.limitPerName).forEach((def, i) => {
        const chunkId = chunkAt(def.file_id, def.start_line);
        const exact = def.name === shortName(name) ? definitions.exactNameBonus : 0;
        if (chunkId) add({ chunkId, score: top * (definitions.boost + exact) * rankDecay(i), focusLine: def.start_line, relation: 'definition' });
      });
    }
  }

  const pattern = retriever(plan, 'pattern_definitions');
  if (pattern) {
    s.symbolsLike.all({ ...filters, like: pattern.like, limit: pattern.limit }).forEach((def, i) => {
      const chunkId = chunkAt(def.file_id, def.start_line);
      if (chunkId) add({ chunkId, score: top * pattern.boost * rankDecay(i), focusLine: def.start_line, relation: 'pattern' });
    });
  }

  let references: Reference[] | undefined;
  let referencesTotal: number | undefined;
  const sites = retriever(plan, 'references');
  if (sites) {
    references = [];
    referencesTotal = 0;
    for (const name of sites.names) {
      const found = referencesTo(store, name, sites.kinds, filters, { limit: sites.limitPerName, offset: 0 });
      referencesTotal += found.total;
      found.rows.forEach((ref: EdgeRow, i) => {
        if (references!.length < SEARCH_DISPLAY.referencesListed) references!.push({ file: ref.path, line: ref.line, kind: ref.kind, from: ref.from_name });
        const chunkId = chunkAt(ref.file_id, ref.line);
        if (chunkId) add({ chunkId, score: top * sites.boost * rankDecay(i), focusLine: ref.line, relation: relationOf(ref.kind), expandedFrom: shortName(name) });
      });
    }
  }

  // Merge BM25 and extras into one ranked list (a chunk keeps its best score).
  const merged = new Map<number, FusedHit>();
  for (const r of base.ranked) merged.set(r.chunkId, { chunkId: r.chunkId, score: r.score });
  for (const hit of extras.values()) {
    const kept = merged.get(hit.chunkId);
    if (!kept || hit.score >= kept.score) merged.set(hit.chunkId, hit);
  }

  const expansion = retriever(plan, 'graph_expansion');
  if (expansion) {
    const parents = [...merged.values()].sort((a, b) => b.score - a.score).slice(0, expansion.parents);
    for (const parent of parents) {
      const chunk = s.chunkHit.get(parent.chunkId);
      const symbol = chunk && (s.symbolAt.get({ file_id: chunk.file_id, line: parent.focusLine ?? chunk.start_line }) ?? (chunk.symbol ? { name: shortName(chunk.symbol), container: null } : undefined));
      if (!symbol) continue;
      const qualified = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
      const score = parent.score * expansion.scoreFactor;
      const expand = (fileId: number, line: number, relation: FusedHit['relation']) => {
        const chunkId = chunkAt(fileId, line);
        if (chunkId && !merged.has(chunkId)) merged.set(chunkId, { chunkId, score, focusLine: line, relation, expandedFrom: qualified });
      };
      for (const ref of referencesTo(store, symbol.name, ['CALLS'], filters, { limit: expansion.perRelation, offset: 0 }).rows) expand(ref.file_id, ref.line, 'caller');
      for (const ref of referencesTo(store, symbol.name, ['EXTENDS', 'IMPLEMENTS'], filters, { limit: expansion.perRelation, offset: 0 }).rows) expand(ref.file_id, ref.line, 'subclass');
      for (const callee of calleesOf(store, qualified, expansion.perRelation)) {
        const def = definitionsOf(store, callee.to_name, filters, 1)[0];
        if (def) expand(def.file_id, def.start_line, 'callee');
      }
    }
  }

  const ranked = [...merged.values()].sort((a, b) => b.score - a.score);
  // Exact total: every BM25 hit plus the extra hits that BM25 did not match.
  const baseIds = new Set(base.ranked.map((r) => r.chunkId));
  const baseComplete = base.ranked.length >= base.total;
  const usedMatch = base.matched === 'any_term' && plan.broadening ? plan.broadening.match : plan.match;
  let outside = 0;
  for (const hit of ranked) {
    if (baseIds.has(hit.chunkId)) continue;
    if (baseComplete || usedMatch === null || !s.wordsHasChunk.get({ match: usedMatch, rowid: hit.chunkId })) outside++;
  }
  const total = base.total + outside;
  const result: FusedResult = { hits: ranked.slice(window.offset, window.offset + window.limit), total, matched: base.matched };
  if (base.partial) result.partial = true;
  if (references) { result.references = references; result.referencesTotal = referencesTotal; }
  return result;
}
