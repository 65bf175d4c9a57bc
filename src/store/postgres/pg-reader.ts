/**
 * @module store/postgres/pg-reader
 * The engine's questions (store/store IndexReader) asked of a PostgreSQL
 * index, on one connection inside one REPEATABLE READ transaction (opened by
 * PgStore.read), so every answer of a search comes from one index version.
 * Rows come back as SQLite's statements return them, in the same order:
 * - BM25 pages are ranked here from the rows' term counts with FTS5's
 *   formula (store/postgres/pg-words), ties by chunk id;
 * - candidates and ranked chunks are read lazily through a cursor, in
 *   batches, their text fetched per batch (a sort never carries the text).
 */
import type pg from 'pg';
import { PG_STORE } from './pg-tuning.js';
import { wordIndexText } from '../../text/identifiers.js';
import type {
  CandidateChunkRow, ChunkHitRow, ChunkSymbolRow, DefinitionAtRow, EdgeRow, LocateChunkColumns, LocateDefinitionRow, LocateFileRow,
  ProjectFilterParams, ProjectHitRow, ScoredChunkRow, SearchFilter, SymbolRow, TermPostings,
} from '../rows.js';
import type { GraphRows, IndexReader, OutlineSymbol, PageWindow, ScoredChunkText, SymbolName } from '../store.js';
import { GRAPH_LOOKUP_INDEXES } from '../schema.js';
import { globRegex } from './glob-regex.js';
import { parseMatch } from '../match-tree.js';
import { bodyWordsQuery, trigramCondition, wordQuery } from './match-expression.js';
import { fts5Tokens } from '../../text/fts5-tokens.js';
import { bm25, bodyCount, inverseDocumentFrequency, weightedFrequency } from './pg-words.js';

const CHUNK_JOIN = 'FROM chunks c JOIN files f ON f.id = c.file_id JOIN sources s ON s.id = f.source_id';

/** search_code's filters as $1 (language) and $2 (repository); NULL disables one. */
const SEARCH_FILTERS = '($1::text IS NULL OR f.language = $1) AND ($2::text IS NULL OR s.name = $2)';

/** The REST project search's filters as $1-$4 (store/statements PROJECT_FILTERS, with globs as anchored regexes). */
const PROJECT_FILTERS = `($1::text IS NULL OR f.source_type = $1)
  AND ($2::int = 0 OR f.source_type <> 'conversation_message')
  AND ($3::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($3::text[]) e WHERE lower(right(f.path, length(e))) = e))
  AND ($4::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($4::text[]) g WHERE f.path ~ g))`;

interface RowFilter {
  sql: string;
  params: unknown[];
}

function searchFilter(filter: SearchFilter): RowFilter {
  return { sql: SEARCH_FILTERS, params: [filter.language, filter.repository] };
}

function projectFilter(filters: ProjectFilterParams): RowFilter {
  const list = (json: string | null) => (json === null ? null : JSON.parse(json) as string[]);
  const globs = list(filters.globs);
  return {
    sql: PROJECT_FILTERS,
    params: [filters.source_type, filters.exclude_conversations, list(filters.extensions), globs === null ? null : globs.map(globRegex)],
  };
}

const SYMBOL_COLUMNS = 'sy.id, sy.file_id, sy.name, sy.kind, sy.container, sy.start_line, sy.end_line, f.path, f.language, s.name AS repository';
const SYMBOL_JOIN = 'FROM symbols sy JOIN files f ON f.id = sy.file_id JOIN sources s ON s.id = f.source_id';
const EDGE_COLUMNS = 'e.kind, e.from_name, e.to_name, e.line, e.file_id, f.path, f.language, s.name AS repository';
const EDGE_JOIN = 'FROM edges e JOIN files f ON f.id = e.file_id JOIN sources s ON s.id = f.source_id';

/** Whether `phrase` occurs as consecutive tokens of `tokens` (FTS5's phrase match). */
function holdsPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let at = 0; at + phrase.length <= tokens.length; at++) {
    for (let k = 0; k < phrase.length; k++) if (tokens[at + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
}

export class PgReader implements IndexReader {
  private stats: Promise<{ version: number; rows: number; tokens: number }> | null = null;
  /** Rankings already computed in this transaction, by filter and expression (count, then page, ask for the same one). */
  private readonly rankings = new Map<string, Promise<ScoredChunkRow[]>>();
  private cursors = 0;

  constructor(private readonly client: pg.ClientBase) {}

  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query(sql, params)).rows as T[];
  }

  private state() {
    this.stats ??= this.rows<{ version: number; rows: number; tokens: number }>(
      'SELECT version, chunk_rows AS rows, word_tokens AS tokens FROM index_state',
    ).then((rows) => rows[0] ?? { version: 0, rows: 0, tokens: 0 });
    return this.stats;
  }

  async indexVersion(): Promise<number> {
    return (await this.state()).version;
  }

  /** Every chunk matching `match` under `filter`, by FTS5's bm25 (best first, ties by id). */
  private ranked(filter: RowFilter, match: string): Promise<ScoredChunkRow[]> {
    const key = JSON.stringify([filter.sql === SEARCH_FILTERS ? 's' : 'p', filter.params, match]);
    let ranking = this.rankings.get(key);
    if (!ranking) {
      ranking = this.rank(filter, match);
      this.rankings.set(key, ranking);
    }
    return ranking;
  }

  private async rank(filter: RowFilter, match: string): Promise<ScoredChunkRow[]> {
    const query = wordQuery(parseMatch(match));
    if (query.tsquery === null) return [];
    const words = [...new Set(query.phrases)];
    const { rows: chunkRows, tokens } = await this.state();
    const docs = new Map((await this.rows<{ term: string; doc: number }>('SELECT term, doc FROM vocab WHERE term = ANY($1::text[])', [words]))
      .map((r) => [r.term, r.doc]));
    const idf = query.phrases.map((word) => inverseDocumentFrequency(chunkRows, docs.get(word) ?? 0));
    const first = filter.params.length + 2;
    // One column per distinct word: its packed counts in this chunk (the SQL varies only in how many).
    const counts = words.map((_, i) => `c.tf -> $${first + i} AS f${i}`).join(', ');
    const matched = await this.rows<Record<string, number | null> & { id: number; word_count: number }>(
      `SELECT c.id, c.word_count, ${counts} ${CHUNK_JOIN} WHERE c.words @@ $${filter.params.length + 1}::tsquery AND ${filter.sql}`,
      [...filter.params, query.tsquery, ...words],
    );
    const column = new Map(words.map((word, i) => [word, `f${i}`]));
    const average = tokens / chunkRows;
    const scored = matched.map((row) => ({
      chunk_id: row.id,
      score: bm25(idf, query.phrases.map((word) => weightedFrequency(row[column.get(word)!])), row.word_count, average),
    }));
    return scored.sort((a, b) => b.score - a.score || a.chunk_id - b.chunk_id);
  }

  async wordsCount(filter: SearchFilter, match: string): Promise<number> {
    return (await this.ranked(searchFilter(filter), match)).length;
  }

  async wordsPage(filter: SearchFilter, match: string, window: PageWindow): Promise<ScoredChunkRow[]> {
    return (await this.ranked(searchFilter(filter), match)).slice(window.offset, window.offset + window.limit);
  }

  async *wordsRanked(filter: SearchFilter, match: string): AsyncGenerator<ScoredChunkText[]> {
    const ranked = await this.ranked(searchFilter(filter), match);
    for (let at = 0; at < ranked.length; at += PG_STORE.scanBatchRows) {
      const batch = ranked.slice(at, at + PG_STORE.scanBatchRows);
      const text = await this.contents(batch.map((r) => r.chunk_id));
      yield batch.map((r) => ({ ...r, content: text.get(r.chunk_id) ?? '' }));
    }
  }

  private async contents(ids: number[]): Promise<Map<number, string>> {
    const rows = await this.rows<{ id: number; content: string }>('SELECT id, content FROM chunks WHERE id = ANY($1::bigint[])', [ids]);
    return new Map(rows.map((r) => [r.id, r.content]));
  }

  async wordsMatching(match: string, chunkIds: readonly number[]): Promise<Set<number>> {
    const query = wordQuery(parseMatch(match));
    if (query.tsquery === null || chunkIds.length === 0) return new Set();
    const rows = await this.rows<{ id: number }>('SELECT id FROM chunks WHERE id = ANY($1::bigint[]) AND words @@ $2::tsquery', [chunkIds, query.tsquery]);
    return new Set(rows.map((r) => r.id));
  }

  vocabRange(from: string, to: string, limit: number): Promise<{ term: string; doc: number }[]> {
    return this.rows('SELECT term, doc FROM vocab WHERE term >= $1 AND term < $2 AND doc > 0 ORDER BY term LIMIT $3', [from, to, limit]);
  }

  async *candidates(filter: SearchFilter, match: string | null): AsyncGenerator<CandidateChunkRow[]> {
    const params: unknown[] = [filter.language, filter.repository];
    let condition = 'true';
    if (match !== null) {
      const trigrams = trigramCondition(parseMatch(match), 'c.content', params.length + 1);
      condition = trigrams.sql;
      params.push(...trigrams.params);
    }
    const cursor = `quarry_scan_${++this.cursors}`;
    await this.client.query(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT c.id AS chunk_id, c.start_line, f.path, f.language, s.name AS repository
       ${CHUNK_JOIN} WHERE ${condition} AND ${SEARCH_FILTERS} ORDER BY s.name, f.path, c.start_line, c.id`,
      params,
    );
    let open = true;
    try {
      for (;;) {
        const rows = await this.rows<Omit<CandidateChunkRow, 'content'>>(`FETCH ${PG_STORE.scanBatchRows} FROM ${cursor}`);
        if (rows.length === 0) break;
        const text = await this.contents(rows.map((r) => r.chunk_id));
        yield rows.map((r) => ({ ...r, content: Buffer.from(text.get(r.chunk_id) ?? '', 'utf8') }));
      }
      await this.client.query(`CLOSE ${cursor}`);
      open = false;
    } finally {
      // Left early (a budget, a page filled): close it, unless the connection itself failed.
      if (open) await this.client.query(`CLOSE ${cursor}`).catch(() => undefined);
    }
  }

  async chunkHit(chunkId: number): Promise<ChunkHitRow | undefined> {
    return (await this.rows<ChunkHitRow>(
      `SELECT c.id AS chunk_id, c.file_id, c.start_line, c.end_line, c.kind, c.symbol, c.token_count, c.content,
              f.path, f.language, s.name AS repository ${CHUNK_JOIN} WHERE c.id = $1`,
      [chunkId],
    ))[0];
  }

  async chunkHits(chunkIds: readonly number[]): Promise<(ChunkHitRow | undefined)[]> {
    if (chunkIds.length === 0) return [];
    const rows = await this.rows<ChunkHitRow>(
      `SELECT c.id AS chunk_id, c.file_id, c.start_line, c.end_line, c.kind, c.symbol, c.token_count, c.content,
              f.path, f.language, s.name AS repository ${CHUNK_JOIN} WHERE c.id = ANY($1::bigint[])`,
      [chunkIds],
    );
    const byId = new Map(rows.map((r) => [r.chunk_id, r]));
    return chunkIds.map((id) => byId.get(id));
  }

  async chunkFiles(chunkIds: readonly number[]): Promise<(number | undefined)[]> {
    if (chunkIds.length === 0) return [];
    const rows = await this.rows<{ id: number; file_id: number }>('SELECT id, file_id FROM chunks WHERE id = ANY($1::bigint[])', [chunkIds]);
    const byId = new Map(rows.map((r) => [r.id, r.file_id]));
    return chunkIds.map((id) => byId.get(id));
  }

  /** PostgreSQL's word index keeps no per-column lengths: the re-ranker counts them from the text. */
  wordRowLengths(chunkIds: readonly number[]): Promise<undefined[]> {
    return Promise.resolve(chunkIds.map(() => undefined));
  }

  async chunkCount(): Promise<number> {
    return (await this.state()).rows;
  }

  /** Nothing to read ahead: PostgreSQL keeps its own cache. */
  warm(): Promise<void> {
    return Promise.resolve();
  }

  async vocabDocs(terms: readonly string[]): Promise<Map<string, number>> {
    const rows = terms.length === 0 ? [] : await this.rows<{ term: string; doc: number }>('SELECT term, doc FROM vocab WHERE term = ANY($1::text[])', [terms]);
    const found = new Map(rows.map((r) => [r.term, r.doc]));
    return new Map(terms.map((term) => [term, found.get(term) ?? 0]));
  }

  async chunksAtLines(spots: readonly { fileId: number; line: number }[]): Promise<(number | undefined)[]> {
    if (spots.length === 0) return [];
    const rows = await this.rows<{ n: number; id: number }>(
      `SELECT q.n, c.id FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS q (file_id, line, n)
       CROSS JOIN LATERAL (SELECT id FROM chunks WHERE file_id = q.file_id AND start_line <= q.line ORDER BY start_line DESC, id DESC LIMIT 1) c`,
      [spots.map((s) => s.fileId), spots.map((s) => s.line)],
    );
    const byOrder = new Map(rows.map((r) => [r.n, r.id]));
    return spots.map((_, i) => byOrder.get(i + 1));
  }

  async symbolAt(fileId: number, line: number): Promise<SymbolName | undefined> {
    return (await this.rows<SymbolName>(
      `SELECT name, container FROM symbols WHERE file_id = $1 AND start_line <= $2 AND end_line >= $2
       ORDER BY start_line DESC, end_line ASC, id LIMIT 1`,
      [fileId, line],
    ))[0];
  }

  async symbolsAt(spots: readonly { fileId: number; line: number }[]): Promise<(SymbolName | undefined)[]> {
    if (spots.length === 0) return [];
    const rows = await this.rows<SymbolName & { n: number }>(
      `SELECT q.n, sy.name, sy.container FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS q (file_id, line, n)
       CROSS JOIN LATERAL (SELECT name, container FROM symbols WHERE file_id = q.file_id AND start_line <= q.line AND end_line >= q.line
                           ORDER BY start_line DESC, end_line ASC, id LIMIT 1) sy`,
      [spots.map((s) => s.fileId), spots.map((s) => s.line)],
    );
    const byOrder = new Map(rows.map((r) => [r.n, { name: r.name, container: r.container }]));
    return spots.map((_, i) => byOrder.get(i + 1));
  }

  symbolsNamed(filter: SearchFilter, name: string, limit: number): Promise<SymbolRow[]> {
    return this.rows(
      `SELECT ${SYMBOL_COLUMNS} ${SYMBOL_JOIN} WHERE ascii_lower(sy.name) = ascii_lower($3) AND ${SEARCH_FILTERS}
       ORDER BY (sy.name = $3) DESC, f.path, sy.start_line, sy.id LIMIT $4`,
      [filter.language, filter.repository, name, limit],
    );
  }

  symbolsLike(filter: SearchFilter, like: string, limit: number): Promise<SymbolRow[]> {
    return this.rows(
      `SELECT ${SYMBOL_COLUMNS} ${SYMBOL_JOIN} WHERE ascii_lower(sy.name) LIKE ascii_lower($3) ESCAPE '\\' AND ${SEARCH_FILTERS}
       ORDER BY length(sy.name), f.path, sy.start_line, sy.id LIMIT $4`,
      [filter.language, filter.repository, like, limit],
    );
  }

  async symbolNames(like: string, limit: number): Promise<string[]> {
    return (await this.rows<{ name: string }>(
      "SELECT DISTINCT name FROM symbols WHERE ascii_lower(name) LIKE ascii_lower($1) ESCAPE '\\' ORDER BY name LIMIT $2", [like, limit],
    )).map((r) => r.name);
  }

  edgesTo(filter: SearchFilter, name: string, kinds: string, window: PageWindow): Promise<EdgeRow[]> {
    return this.rows(
      `SELECT ${EDGE_COLUMNS} ${EDGE_JOIN} WHERE ascii_lower(e.to_name) = ascii_lower($3) AND strpos($4, e.kind) > 0 AND ${SEARCH_FILTERS}
       ORDER BY s.name, f.path, e.line, e.id LIMIT $5 OFFSET $6`,
      [filter.language, filter.repository, name, kinds, window.limit, window.offset],
    );
  }

  async edgesToCount(filter: SearchFilter, name: string, kinds: string): Promise<number> {
    return (await this.rows<{ n: number }>(
      `SELECT count(*) AS n ${EDGE_JOIN} WHERE ascii_lower(e.to_name) = ascii_lower($3) AND strpos($4, e.kind) > 0 AND ${SEARCH_FILTERS}`,
      [filter.language, filter.repository, name, kinds],
    ))[0]?.n ?? 0;
  }

  async graphLookupsReady(): Promise<boolean> {
    const [row] = await this.rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ANY($1::text[])', [GRAPH_LOOKUP_INDEXES],
    );
    return row?.n === GRAPH_LOOKUP_INDEXES.length;
  }

  edgesFrom(name: string, kinds: string, limit: number): Promise<EdgeRow[]> {
    return this.rows(
      `SELECT ${EDGE_COLUMNS} ${EDGE_JOIN} WHERE e.from_name = $1 AND strpos($2, e.kind) > 0 ORDER BY f.path, e.line, e.id LIMIT $3`,
      [name, kinds, limit],
    );
  }

  fileOutline(path: string): Promise<OutlineSymbol[]> {
    return this.rows(
      'SELECT sy.name, sy.kind, sy.container, sy.start_line, sy.end_line FROM symbols sy JOIN files f ON f.id = sy.file_id WHERE f.path = $1 ORDER BY sy.start_line, sy.id',
      [path],
    );
  }

  async fileLanguage(path: string): Promise<string | null> {
    return (await this.rows<{ language: string }>('SELECT language FROM files WHERE path = $1 ORDER BY id LIMIT 1', [path]))[0]?.language ?? null;
  }

  async projectSearchCount(filters: ProjectFilterParams, match: string): Promise<number> {
    return (await this.ranked(projectFilter(filters), match)).length;
  }

  async projectSearchPage(filters: ProjectFilterParams, match: string, window: PageWindow): Promise<ScoredChunkRow[]> {
    return (await this.ranked(projectFilter(filters), match)).slice(window.offset, window.offset + window.limit);
  }

  /** Folder files only: conversations and uploads stay in SQLite projects (docs/deploy.md). */
  async projectHit(chunkId: number): Promise<ProjectHitRow | undefined> {
    return (await this.rows<ProjectHitRow>(
      `SELECT c.id AS chunk_id, c.start_line, c.end_line, c.token_count, c.content, f.id AS file_id, f.path, f.source_type,
              NULL AS conversation_id, NULL AS round_number, NULL AS speaker
       FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = $1`,
      [chunkId],
    ))[0];
  }

  async counts(): Promise<{ files: Record<string, number>; chunks: number; languages: Record<string, number>; repositories: Record<string, number> }> {
    const byType = await this.rows<{ source_type: string; n: number }>('SELECT source_type, count(*) AS n FROM files GROUP BY source_type');
    const byLanguage = await this.rows<{ language: string; n: number }>(
      "SELECT language, count(*)::int AS n FROM files WHERE source_type = 'file' GROUP BY language ORDER BY n DESC, language",
    );
    const byRepository = await this.rows<{ repository: string; n: number }>(
      "SELECT s.name AS repository, count(*)::int AS n FROM files f JOIN sources s ON s.id = f.source_id WHERE f.source_type = 'file' GROUP BY s.name ORDER BY n DESC, s.name",
    );
    return {
      files: Object.fromEntries(byType.map((r) => [r.source_type, r.n])), chunks: (await this.state()).rows,
      languages: Object.fromEntries(byLanguage.map((r) => [r.language, r.n])),
      repositories: Object.fromEntries(byRepository.map((r) => [r.repository, r.n])),
    };
  }

  async graphRows(): Promise<GraphRows> {
    return {
      files: await this.rows('SELECT f.id, f.path, f.language, s.name AS repository FROM files f JOIN sources s ON s.id = f.source_id ORDER BY f.id'),
      symbols: await this.rows('SELECT id, file_id, name, kind, container, start_line, end_line FROM symbols ORDER BY id'),
      edges: await this.rows('SELECT e.file_id, e.kind, e.from_name, e.to_name, e.line, f.path FROM edges e JOIN files f ON f.id = e.file_id ORDER BY e.id'),
    };
  }

  locateFiles(repository: string | null): Promise<LocateFileRow[]> {
    return this.rows(
      `SELECT f.id, f.path, f.language, f.line_count, s.name AS repository FROM files f JOIN sources s ON s.id = f.source_id
       WHERE f.source_type = 'file' AND ($1::text IS NULL OR s.name = $1) ORDER BY f.id`,
      [repository],
    );
  }

  async chunkTokens(): Promise<LocateChunkColumns> {
    const rows = await this.rows<{ id: number; file_id: number; tokens: number }>('SELECT id, file_id, token_count AS tokens FROM chunks ORDER BY id');
    return { ids: rows.map((r) => r.id), fileIds: rows.map((r) => r.file_id), tokens: rows.map((r) => r.tokens) };
  }

  async termPostings(term: string): Promise<TermPostings> {
    const rows = await this.rows<{ chunk_id: number; packed: number }>(
      'SELECT id AS chunk_id, tf -> $1 AS packed FROM chunks WHERE words @@ $2::tsquery ORDER BY id',
      [term, bodyWordsQuery([term])],
    );
    return { chunkIds: rows.map((row) => row.chunk_id), frequencies: rows.map((row) => bodyCount(row.packed)) };
  }

  /** Chunks holding every word in their body are read in id order, in batches, until `limit` files hold the phrase. */
  async phraseFiles(words: readonly string[], limit: number): Promise<number[]> {
    const phrase = fts5Tokens(words.join(' '));
    if (phrase.length === 0) return [];
    const files = new Set<number>();
    for (let after = -1; files.size < limit;) {
      const batch = await this.rows<{ id: number; file_id: number; content: string }>(
        `SELECT id, file_id, content FROM chunks WHERE words @@ $1::tsquery AND id > $2 ORDER BY id LIMIT ${PG_STORE.scanBatchRows}`,
        [bodyWordsQuery(phrase), after],
      );
      for (const row of batch) {
        if (!files.has(row.file_id) && holdsPhrase(fts5Tokens(wordIndexText(row.content)), phrase)) files.add(row.file_id);
        if (files.size >= limit) break;
      }
      if (batch.length < PG_STORE.scanBatchRows) break;
      after = batch[batch.length - 1]!.id;
    }
    return [...files];
  }

  definitionsNamed(name: string, limit: number): Promise<LocateDefinitionRow[]> {
    return this.rows(
      `SELECT name, kind, container, start_line, end_line, file_id FROM symbols WHERE ascii_lower(name) = ascii_lower($1)
       ORDER BY file_id, start_line, id LIMIT $2`,
      [name, limit],
    );
  }

  async definitionCount(name: string): Promise<number> {
    return (await this.rows<{ n: number }>('SELECT count(*) AS n FROM symbols WHERE ascii_lower(name) = ascii_lower($1)', [name]))[0]?.n ?? 0;
  }

  async definitionAt(fileId: number, line: number): Promise<DefinitionAtRow | undefined> {
    return (await this.rows<DefinitionAtRow>(
      `SELECT name, kind, container, start_line FROM symbols WHERE file_id = $1 AND start_line <= $2 AND end_line >= $2
       ORDER BY start_line DESC, end_line ASC, id LIMIT 1`,
      [fileId, line],
    ))[0];
  }

  async chunkSymbol(chunkId: number): Promise<ChunkSymbolRow | undefined> {
    return (await this.rows<ChunkSymbolRow>('SELECT symbol, kind, start_line FROM chunks WHERE id = $1', [chunkId]))[0];
  }

  referencingFiles(name: string, limit: number): Promise<{ file_id: number; n: number }[]> {
    return this.rows(
      `SELECT file_id, count(*) AS n FROM edges WHERE ascii_lower(to_name) = ascii_lower($1) AND kind IN ('CALLS', 'EXTENDS', 'IMPLEMENTS')
       GROUP BY file_id ORDER BY n DESC, file_id LIMIT $2`,
      [name, limit],
    );
  }
}
