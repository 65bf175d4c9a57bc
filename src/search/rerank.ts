/**
 * @module search/rerank
 * The second ranking stage of a text query, run on the first hits of FTS5's
 * bm25 (the plan's `rerank.pool`) plus the definitions the query's words
 * name: each chunk is scored again with BM25 from its own text and an IDF
 * that never reaches 0 (search/chunk-bm25), weighed
 * by what its file is (tests, documents, vendored and minified files count
 * less unless the query points at them), raised when it holds a quoted
 * string of a prose query, and a definition the query names is put above
 * every chunk that only mentions its name. The pool depends only on the query
 * and the index, never on the page asked for, so pages stay disjoint. A chunk
 * whose first-stage row came with the word counts it was scored by
 * (store/kept-hits) is scored from them; only the names looked for are
 * then counted in its text.
 */
import type { ChunkHitRow } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import { fileRoles, looksMinified } from '../text/file-roles.js';
import { containsPhrase, foldCase } from '../text/tokens.js';
import { chunkColumns, chunkScores, hitColumns, scoringForms } from './chunk-bm25.js';
import { definitionsOf, shortName } from './graph.js';
import type { Retriever, WordsPlan } from './plan.js';
import { rolePrior } from './role-priors.js';
import { termStats } from './term-stats.js';
import type { RankedChunk } from './text-search.js';

export interface RerankedHit {
  chunkId: number;
  fileId: number;
  score: number;
  /** Set on a definition the query names: the line it starts on. */
  focusLine?: number;
}

type NameDefinitions = Extract<Retriever, { name: 'name_definitions' }>;

/** Definitions the query's words name, as chunk ids with the name and the line the definition starts on. */
async function namedDefinitions(reader: IndexReader, plan: WordsPlan, retriever: NameDefinitions | undefined): Promise<Map<number, { name: string; line: number }>> {
  const named = new Map<number, { name: string; line: number }>();
  if (!retriever) return named;
  for (const name of retriever.names) {
    const defs = await definitionsOf(reader, name, plan.filters, retriever.limitPerName);
    const chunkIds = await reader.chunksAtLines(defs.map((def) => ({ fileId: def.file_id, line: def.start_line })));
    defs.forEach((def, i) => {
      const chunkId = chunkIds[i];
      if (chunkId !== undefined && !named.has(chunkId)) named.set(chunkId, { name: def.name, line: def.start_line });
    });
  }
  return named;
}

export interface RerankedPool {
  /** Best first (ties keep BM25's order). */
  hits: RerankedHit[];
  /** The rows it read, by chunk id: a page of them needs no second read. */
  rows: Map<number, ChunkHitRow>;
}

/** The pool scored again. */
export async function rerankPool(reader: IndexReader, plan: WordsPlan, ranked: readonly RankedChunk[]): Promise<RerankedPool> {
  const { rerank } = plan;
  const naming = plan.retrievers.find((r): r is NameDefinitions => r.name === 'name_definitions');
  const named = await namedDefinitions(reader, plan, naming);
  const ids = [...new Set([...ranked.slice(0, rerank.pool).map((r) => r.chunkId), ...named.keys()])];
  const rows = (await reader.chunkHits(ids)).filter((row): row is ChunkHitRow => row !== undefined);
  const nameTokens = new Map([...named.values()].map((d) => [d.name, foldCase(shortName(d.name))]));
  const wanted = new Set([...scoringForms(rerank.scoring), ...nameTokens.values()]);
  const lengths = await reader.wordRowLengths(rows.map((row) => row.chunk_id));
  // Counts the first stage scored a chunk by stand for its text's, when they hold every query form.
  const forms = scoringForms(rerank.scoring);
  const hitsOf = new Map(ranked.flatMap((r) => (r.hits && forms.every((form) => r.hits!.counted.has(form)) ? [[r.chunkId, r.hits] as const] : [])));
  const columns = rows.map((row, i) => {
    const hits = hitsOf.get(row.chunk_id);
    const rowLengths = lengths[i];
    return hits && rowLengths
      ? hitColumns(hits, rowLengths, row.content, wanted)
      : chunkColumns({ path: row.path, language: row.language, symbol: row.symbol, content: row.content }, wanted, rowLengths);
  });
  const lexical = chunkScores(columns, rerank.scoring, await termStats(reader, forms));
  const scores = rows.map((row, i) => {
    const roles = fileRoles(row.path);
    if (!roles.includes('minified') && looksMinified(row.content)) roles.push('minified');
    let score = lexical[i]! * rolePrior(roles, rerank.roles);
    if (rerank.quoted && rerank.quoted.strings.some((quoted) => containsPhrase(row.content, quoted))) score *= rerank.quoted.factor;
    return score;
  });
  // A named definition leads the chunks that only mention its name (callers, imports, re-exports).
  rows.forEach((row, i) => {
    const definition = named.get(row.chunk_id);
    if (!definition || !naming) return;
    const token = nameTokens.get(definition.name)!;
    let mentions = 0;
    rows.forEach((other, j) => {
      if (!named.has(other.chunk_id) && columns[j]!.body.counts.has(token)) mentions = Math.max(mentions, scores[j]!);
    });
    scores[i] = Math.max(scores[i]!, mentions * naming.lead);
  });
  const order = rows.map((row, i) => ({ row, i })).sort((a, b) => scores[b.i]! - scores[a.i]! || a.i - b.i);
  const hits = order.map(({ row, i }) => ({
    chunkId: row.chunk_id, fileId: row.file_id, score: scores[i]!,
    ...(named.has(row.chunk_id) ? { focusLine: named.get(row.chunk_id)!.line } : {}),
  }));
  return { hits, rows: new Map(rows.map((row) => [row.chunk_id, row])) };
}
