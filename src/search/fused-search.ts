/**
 * @module search/fused-search
 * Text queries routed by their classification: BM25, scored again in a
 * second stage (search/rerank), joined by symbol-index hits, reference
 * sites, pattern matches and graph expansion, each run as the plan's
 * retrievers list it (with their budgets and weights), then spread over
 * files in the first page (search/diversity). One ranked list is built
 * before paging, so pages are disjoint and `total` counts BM25 hits plus
 * extra hits BM25 did not have.
 */
import type { ChunkHitRow } from '../store/rows.js';
import { isPostedContent } from '../shape/source-label.js';
import type { IndexReader } from '../store/store.js';
import { diversify } from './diversity.js';
import { calleesOf, definitionsOf, referenceSites, referencesTo, shortName } from './graph.js';
import type { Retriever, WordsPlan } from './plan.js';
import { GRAPH_SEARCH, SEARCH_DISPLAY } from '../contracts/limits.js';
import { RANKING } from '../store/ranking-weights.js';
import { rerankPool, type RerankedHit } from './rerank.js';
import { holdsPhrases, moreWords, searchWords, type RankedChunk, type WordsResult } from './text-search.js';

export interface FusedHit {
  chunkId: number;
  /** The chunk's file, when the retriever knew it (else looked up for the first page's file spread). */
  fileId?: number;
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
  /** Only for content posted over the API (`:uploads`): the text names it (shape/source-label). */
  repository?: string;
}

export interface FusedResult {
  hits: FusedHit[];
  /** Chunk rows the search read already (the re-scored pool's), by id: the page reads only the others. */
  rows?: ReadonlyMap<number, ChunkHitRow>;
  total: number;
  matched: 'all_terms' | 'any_term';
  /** The phrase check stopped at its budget: `total` is a lower bound. */
  partial?: true;
  references?: Reference[];
  referencesTotal?: number;
}

const EXTRAS_MAX = GRAPH_SEARCH.extrasMax;

type Window = { offset: number; limit: number };

/** The chunks holding the lines of a list of sites, in one question. */
function chunksAt(reader: IndexReader, sites: readonly { file_id: number; line: number }[]): Promise<(number | undefined)[]> {
  return reader.chunksAtLines(sites.map((s) => ({ fileId: s.file_id, line: s.line })));
}

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

/**
 * BM25 hits past the re-scored pool keep BM25's order, below the pool's
 * lowest score: scaled from it by their BM25 score relative to the first of them.
 */
function beyondPool(ranked: readonly RankedChunk[], scored: ReadonlyMap<number, FusedHit>, pool: readonly FusedHit[]): FusedHit[] {
  const rest = ranked.filter((r) => !scored.has(r.chunkId));
  if (rest.length === 0) return [];
  const lowest = pool.length > 0 ? pool[pool.length - 1]!.score : RANKING.extraScoreFloor;
  const first = rest[0]!.score;
  return rest.map((r, i) => ({
    chunkId: r.chunkId,
    score: lowest * (first > 0 ? r.score / first : 1) * rankDecay(i + 1),
  }));
}

type Expansion = Extract<Retriever, { name: 'graph_expansion' }>;

/**
 * The plan's graph expansion, unless the graph's lookup indexes are missing (a first build makes them
 * at its end): each parent would then read the whole graph several times, seconds each on a
 * kernel-sized tree. Asked once per search, though its list may be built twice.
 */
async function expansionToRun(reader: IndexReader, plan: WordsPlan): Promise<Expansion | undefined> {
  const expansion = retriever(plan, 'graph_expansion');
  return expansion && (await reader.graphLookupsReady()) ? expansion : undefined;
}

/**
 * The re-scored pool, the extra hits, a flow question's chunks along the call graph of its best hits
 * (`expansion`), and the BM25 hits past the pool, as one list, best first (a chunk keeps its best score).
 */
async function mergedList(
  reader: IndexReader, plan: WordsPlan, pool: readonly RerankedHit[], bm25: readonly RankedChunk[], extras: ReadonlyMap<number, FusedHit>,
  expansion: Expansion | undefined,
): Promise<FusedHit[]> {
  const filters = plan.filters;
  const merged = new Map<number, FusedHit>();
  for (const hit of pool) merged.set(hit.chunkId, { ...hit, ...(hit.focusLine !== undefined ? { relation: 'definition' as const } : {}) });
  const beyond = beyondPool(bm25, merged, pool);
  for (const hit of extras.values()) {
    const kept = merged.get(hit.chunkId);
    if (!kept || hit.score >= kept.score) merged.set(hit.chunkId, hit);
  }
  if (expansion) {
    const parents = [...merged.values()].sort((a, b) => b.score - a.score).slice(0, expansion.parents);
    for (const parent of parents) {
      const chunk = await reader.chunkHit(parent.chunkId);
      const symbol = chunk && (await reader.symbolAt(chunk.file_id, parent.focusLine ?? chunk.start_line) ?? (chunk.symbol ? { name: shortName(chunk.symbol), container: null } : undefined));
      if (!symbol) continue;
      const qualified = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
      const score = parent.score * expansion.scoreFactor;
      // Sites in order (callers, subclasses, callees): the first to claim a chunk keeps it.
      const sitesOf: { file_id: number; line: number; relation: FusedHit['relation'] }[] = [];
      // The first sites only: their totals are not needed here (a common callee's count is a read of all its edges).
      for (const ref of await referenceSites(reader, symbol.name, ['CALLS'], filters, expansion.perRelation)) sitesOf.push({ ...ref, relation: 'caller' });
      for (const ref of await referenceSites(reader, symbol.name, ['EXTENDS', 'IMPLEMENTS'], filters, expansion.perRelation)) sitesOf.push({ ...ref, relation: 'subclass' });
      for (const callee of await calleesOf(reader, qualified, expansion.perRelation)) {
        const def = (await definitionsOf(reader, callee.to_name, filters, 1))[0];
        if (def) sitesOf.push({ file_id: def.file_id, line: def.start_line, relation: 'callee' });
      }
      const chunkIds = await chunksAt(reader, sitesOf);
      sitesOf.forEach((site, i) => {
        const chunkId = chunkIds[i];
        if (chunkId && !merged.has(chunkId)) merged.set(chunkId, { chunkId, score, focusLine: site.line, relation: site.relation, expandedFrom: qualified });
      });
    }
  }
  // Last, so that how many BM25 hits were read changes nothing above them.
  for (const hit of beyond) {
    const kept = merged.get(hit.chunkId);
    if (!kept || hit.score > kept.score) merged.set(hit.chunkId, hit);
  }
  return [...merged.values()].sort((a, b) => b.score - a.score);
}

/**
 * The list with its first page spread over files (search/diversity). The spread reads the pool's
 * prefix, the same for every page of the query; when that prefix cannot fill the first page and the
 * list goes on past it, it reads the first RANKING.firstPageScanMax places, after reading as many
 * BM25 hits (their total is the one already counted). Either way every page of one query is cut from
 * the same list. Returns the BM25 hits read.
 */
async function spreadOverFiles(
  reader: IndexReader, plan: WordsPlan, window: Window, read: WordsResult, list: (bm25: readonly RankedChunk[]) => Promise<FusedHit[]>,
): Promise<{ ranked: FusedHit[]; base: WordsResult }> {
  let base = read;
  let sorted = await list(base.ranked);
  const spread = plan.rerank.diversity;
  if (!spread) return { ranked: sorted, base };
  const files = new Map<number, number>();
  const spreadFrom = async (scanned: number) => {
    // The files of the scanned hits that did not come with theirs, in one question.
    const unknown = sorted.slice(0, scanned).filter((hit) => hit.fileId === undefined && !files.has(hit.chunkId)).map((hit) => hit.chunkId);
    (await reader.chunkFiles(unknown)).forEach((fileId, i) => { if (fileId !== undefined) files.set(unknown[i]!, fileId); });
    const fileOf = (hit: FusedHit) => hit.fileId ?? files.get(hit.chunkId) ?? -hit.chunkId;
    return diversify(sorted, fileOf, spread.perFile, spread.firstPage, scanned);
  };
  const pooled = plan.rerank.pool;
  const first = await spreadFrom(pooled);
  // Past the pool there is nothing (every BM25 hit is read, and the list ends within it): nothing more to look at.
  if (first.filled || (sorted.length <= pooled && await base.total <= pooled)) return { ranked: first.ranked, base };
  const scanMax = RANKING.firstPageScanMax;
  if (base.ranked.length < Math.min(await base.total, scanMax)) {
    base = await moreWords(reader, plan, base, Math.max(scanMax, window.offset + window.limit));
    sorted = await list(base.ranked);
  }
  return { ranked: (await spreadFrom(scanMax)).ranked, base };
}

/**
 * Which of `chunkIds` the BM25 retriever counts for `match`: the chunks the word index matches, and,
 * when the query has phrases, only those whose text holds every phrase (the word index keeps no
 * positions, so `match` asks only for the phrases' words; search/text-search checks the text).
 */
async function wordHitsAmong(reader: IndexReader, plan: WordsPlan, match: string, chunkIds: readonly number[]): Promise<Set<number>> {
  const matched = [...await reader.wordsMatching(match, chunkIds)];
  if (plan.phrases.length === 0) return new Set(matched);
  const rows = await reader.chunkHits(matched);
  return new Set(matched.filter((_, i) => {
    const content = rows[i]?.content;
    return content !== undefined && holdsPhrases(plan, content);
  }));
}

export async function fusedSearch(reader: IndexReader, plan: WordsPlan, window: Window): Promise<FusedResult> {
  const filters = plan.filters;
  const extras = new Map<number, FusedHit>();
  const add = (hit: FusedHit) => {
    const kept = extras.get(hit.chunkId);
    if (extras.size >= EXTRAS_MAX && !kept) return;
    if (!kept || hit.score > kept.score) extras.set(hit.chunkId, hit);
  };

  // The pool, or as many BM25 hits as the page reaches past it: every hit of the page is one of them or an
  // extra hit (spreadOverFiles reads more only when the first page cannot be spread from the pool).
  const read = await searchWords(reader, plan, Math.max(plan.rerank.pool, window.offset + window.limit));
  const { hits: pool, rows } = await rerankPool(reader, plan, read.ranked);
  // Extra hits are scaled from the best score; never below the floor, so a symbol question's definitions lead on any corpus.
  const top = Math.max(pool[0]?.score ?? 0, RANKING.extraScoreFloor);

  const definitions = retriever(plan, 'symbol_definitions');
  if (definitions) {
    for (const name of definitions.names) {
      const defs = await definitionsOf(reader, name, filters, definitions.limitPerName);
      const chunkIds = await chunksAt(reader, defs.map((d) => ({ file_id: d.file_id, line: d.start_line })));
      for (const [i, def] of defs.entries()) {
        const chunkId = chunkIds[i];
        const exact = def.name === shortName(name) ? definitions.exactNameBonus : 0;
        if (chunkId) add({ chunkId, score: top * (definitions.boost + exact) * rankDecay(i), focusLine: def.start_line, relation: 'definition' });
      }
    }
  }

  const pattern = retriever(plan, 'pattern_definitions');
  if (pattern) {
    const defs = await reader.symbolsLike(filters, pattern.like, pattern.limit);
    const chunkIds = await chunksAt(reader, defs.map((d) => ({ file_id: d.file_id, line: d.start_line })));
    for (const [i, def] of defs.entries()) {
      const chunkId = chunkIds[i];
      if (chunkId) add({ chunkId, score: top * pattern.boost * rankDecay(i), focusLine: def.start_line, relation: 'pattern' });
    }
  }

  let references: Reference[] | undefined;
  let referencesTotal: number | undefined;
  const sites = retriever(plan, 'references');
  if (sites) {
    references = [];
    referencesTotal = 0;
    for (const name of sites.names) {
      const found = await referencesTo(reader, name, sites.kinds, filters, { limit: sites.limitPerName, offset: 0 });
      referencesTotal += found.total;
      const chunkIds = await chunksAt(reader, found.rows);
      for (const [i, ref] of found.rows.entries()) {
        if (references.length < SEARCH_DISPLAY.referencesListed) references.push({ file: ref.path, line: ref.line, kind: ref.kind, from: ref.from_name, ...(isPostedContent(ref.repository) ? { repository: ref.repository } : {}) });
        const chunkId = chunkIds[i];
        if (chunkId) add({ chunkId, score: top * sites.boost * rankDecay(i), focusLine: ref.line, relation: relationOf(ref.kind), expandedFrom: shortName(name) });
      }
    }
  }

  const expansion = await expansionToRun(reader, plan);
  const { ranked, base } = await spreadOverFiles(reader, plan, window, read, (bm25) => mergedList(reader, plan, pool, bm25, extras, expansion));
  // Relevance never rises down the list: a chunk moved below the first page takes the score of the place it is in.
  for (let i = 1; i < ranked.length; i++) {
    if (ranked[i]!.score > ranked[i - 1]!.score) ranked[i] = { ...ranked[i]!, score: ranked[i - 1]!.score };
  }
  // Exact total: every BM25 hit plus the extra hits that BM25 did not match.
  const baseIds = new Set(base.ranked.map((r) => r.chunkId));
  // Counted meanwhile (store/counting-thread): awaited only now.
  const baseTotal = await base.total;
  const baseComplete = base.ranked.length >= baseTotal;
  const usedMatch = base.matched === 'any_term' && plan.broadening ? plan.broadening.match : plan.match;
  const beyond = ranked.filter((hit) => !baseIds.has(hit.chunkId)).map((hit) => hit.chunkId);
  const matchedToo = baseComplete || usedMatch === null ? new Set<number>() : await wordHitsAmong(reader, plan, usedMatch, beyond);
  const outside = beyond.filter((id) => !matchedToo.has(id)).length;
  const total = baseTotal + outside;
  const result: FusedResult = { hits: ranked.slice(window.offset, window.offset + window.limit), rows, total, matched: base.matched };
  if (base.partial) result.partial = true;
  if (references) { result.references = references; result.referencesTotal = referencesTotal; }
  return result;
}
