/**
 * @module store/sqlite-reader
 * The engine's questions (store/store IndexReader) answered by the SQLite
 * index's prepared statements. Every answer is computed synchronously and
 * handed back as a settled promise, so the SQLite path does the same work as
 * before. Lazy scans (candidates, ranked words) run a statement of their own
 * per scan: two searches interleaving in one process cannot trip over one
 * statement's open iterator.
 */
import { LOCATE, WORDS_BOUND } from '../contracts/limits.js';
import { RANKING } from './ranking-weights.js';
import { ftsString } from '../text/escape.js';
import { unpackChunkBytes } from './chunk-text.js';
import { contentStatements } from './content-store.js';
import { gramTokenMatch } from './gram-match.js';
import { readChunkColumns, termPostingsOf } from './locate-statements.js';
import { phraseTokens, withKeptHits } from './kept-hits.js';
import { expressionPhrases, phraseCountsBlob } from './ranking-extension.js';
import { GRAM_TOKENS_STEP, GRAPH_LOOKUP_INDEXES } from './schema.js';
import { averagesRowCount, readVarints } from './word-totals.js';
import { WORD_DOCS_VERSION_KEY } from './word-docs.js';
import { blockBounds, type BlockQuery } from './word-blocks.js';
import {
  allOf, anyOf, byBound, fts5Idf, firstCut, groupBound, groupsNeeded, lackingSets, splitExpressions, type BoundedGroup,
} from './words-bound.js';
import type { Statement } from 'better-sqlite3';
import type { SqliteStore } from './sqlite-store.js';
import type { PhraseCounts, StoredCandidateRow } from './statements.js';
import type {
  CandidateChunkRow, ChunkHitRow, ChunkSymbolRow, DefinitionAtRow, LocateChunkColumns, LocateDefinitionRow, LocateFileRow, ProjectFilterParams,
  ScoredChunkRow, SearchFilter, TermPostings,
} from './rows.js';
import type { GraphRows, IndexReader, PageWindow, ScoredChunkText, WordRowLengths } from './store.js';

/** Rows handed over per batch of a lazy scan: the line search checks its budget between batches. */
const SCAN_BATCH_ROWS = 256;
/** Ranked words per batch: each reads its text, and the phrase check usually stops early. */
const RANKED_BATCH_ROWS = 32;

/** An FTS term of one indexed token: its vocabulary row counts its chunks (the tokenizer keeps `_`, and folds only cases these lack). */
const SINGLE_TOKEN = /^"([a-z0-9_]+)"$/;

/**
 * The expression as block-max pages take it (store/word-blocks): one word, or an AND or OR of groups of
 * words, each word one indexed token; else null.
 */
function blockQuery(match: string, groups?: readonly (readonly string[])[] | null): BlockQuery | null {
  if (!groups || groups.length === 0) return SINGLE_TOKEN.test(match) ? { groups: [[match]], every: true } : null;
  if (!groups.every((group) => group.every((term) => SINGLE_TOKEN.test(term)))) return null;
  if (allOf(groups) === match) return { groups, every: true };
  if (anyOf(groups) === match) return { groups, every: false };
  return null;
}

/** No language or repository asked for: the word index alone answers (statements' `...All`). */
const unfiltered = (filter: SearchFilter) => filter.language === null && filter.repository === null;

function* batches<T>(rows: IterableIterator<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  try {
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= size) { yield batch; batch = []; }
    }
    if (batch.length > 0) yield batch;
  } finally {
    rows.return?.();
  }
}

/** Candidate batches with their text unpacked (store/chunk-text), one batch at a time, as the scan asks for them. */
function* unpacked(source: Generator<StoredCandidateRow[]>): Generator<CandidateChunkRow[]> {
  try {
    for (const batch of source) {
      const bytes = unpackChunkBytes(batch.map((row) => row.content));
      yield batch.map((row, i) => ({ ...row, content: bytes[i]! }));
    }
  } finally {
    source.return(undefined);
  }
}

/** A synchronous generator as an async iterable, without a promise per row. */
async function* asAsync<T>(source: Generator<T[]>): AsyncGenerator<T[]> {
  try {
    for (const batch of source) yield batch;
  } finally {
    source.return(undefined);
  }
}

/** The best `limit` of two ranked lists of distinct rows, best first, ties by chunk id (as the statements order them). */
function mergeRanked(a: readonly ScoredChunkRow[], b: readonly ScoredChunkRow[], limit: number): ScoredChunkRow[] {
  return [...a, ...b].sort((x, y) => y.score - x.score || x.chunk_id - y.chunk_id).slice(0, limit);
}

/** Rows matching each FTS5 expression at an index version and schema step, counted by another thread; null: not that snapshot (count here). */
export type CountElsewhere = (matches: readonly string[], version: number, step: number) => Promise<number[] | null>;

/** What the reader remembers of the word index at one version. */
interface WordStats {
  version: number;
  rows: number;
  docs: Map<string, number>;
  /** The index's kept counts of common words (store/word-docs) are exact at this version. */
  kept: boolean;
}

/** The `scan` names called from the most files, those a definition has (store/store's calledNames). */
const CALLED_NAMES_SQL = `
  SELECT tn.name, c.files FROM (
    SELECT to_id, count(DISTINCT file_id) AS files FROM edge_links
    WHERE kind = (SELECT id FROM edge_kinds WHERE name = 'CALLS') GROUP BY to_id ORDER BY files DESC, to_id LIMIT @scan
  ) c JOIN edge_names tn ON tn.id = c.to_id
  WHERE EXISTS (SELECT 1 FROM symbols sy WHERE sy.name = tn.name)
  ORDER BY c.files DESC, tn.name`;

export class SqliteReader implements IndexReader {
  private stats: WordStats | undefined;
  /** Pages scored with block maxima so far (benchmarks and tests report them). */
  readonly blockPages = { pages: 0 };
  /** Words' block maxima at one state of the word rows (blockMaxima). */
  private blocks: { key: string; maxima: Map<string, Float64Array> } | undefined;
  private calledNamesStatement: Statement<{ scan: number }, { name: string; files: number }> | undefined;

  /** `countElsewhere`: counts FTS5 expressions on another thread while this one scores (search workers; store/counting-thread). */
  constructor(private readonly store: SqliteStore, private readonly countElsewhere: CountElsewhere | null = null) {}

  private get s() {
    return this.store.statements;
  }

  indexVersion(): Promise<number> {
    return Promise.resolve(this.store.indexVersion());
  }

  wordsCount(filter: SearchFilter, match: string, groups?: readonly (readonly string[])[] | null): Promise<number> {
    if (!unfiltered(filter)) return Promise.resolve(this.s.wordsCount.get({ ...filter, match })?.n ?? 0);
    const words = groups?.map((g) => (g.length === 1 && SINGLE_TOKEN.test(g[0]!) ? g[0]! : null));
    const union = words && words.length >= 2 && words.length <= WORDS_BOUND.unionCountGroupsMax && anyOf(groups!) === match && !words.includes(null)
      ? this.unionCount(words as string[])
      : null;
    const asked = union ? union.asked : [match];
    const total = union ? union.total : (counts: number[]) => counts[0]!;
    // Counted by the thread while this one scores the page (the caller asks for both before awaiting either).
    const counting = this.countElsewhere?.(asked, this.store.indexVersion(), this.s.schemaStep.get()!);
    if (counting) return counting.then((counts) => total(counts ?? this.countHere(asked)));
    return Promise.resolve(total(this.countHere(asked)));
  }

  private countHere(matches: readonly string[]): number[] {
    return matches.map((match) => this.s.wordsCountAll.get({ match })?.n ?? 0);
  }

  /**
   * The chunks holding any of a few words: each word's count (from the vocabulary, cached for the
   * bound too) less, for every word but the last, the chunks holding it and any later word
   * (`asked`, for `total`): |a ∪ b ∪ c| = |a| + |b| + |c| - |a AND (b OR c)| - |b AND c|. FTS5
   * counting the OR steps through every row of every word; an AND skips most of them.
   */
  private unionCount(words: readonly string[]): { asked: string[]; total: (counts: readonly number[]) => number } {
    // The most common word first: measured on the kernel, the same time or a little less.
    const ordered = [...words].sort((a, b) => this.termDocs(b) - this.termDocs(a));
    const asked = ordered.slice(0, -1).map((word, i) => `${word} AND (${ordered.slice(i + 1).join(' OR ')})`);
    const each = ordered.reduce((sum, word) => sum + this.termDocs(word), 0);
    return { asked, total: (counts) => counts.reduce((rest, n) => rest - n, each) };
  }

  wordsPage(filter: SearchFilter, match: string, window: PageWindow, groups?: readonly (readonly string[])[] | null): Promise<ScoredChunkRow[]> {
    if (!unfiltered(filter)) {
      return Promise.resolve(this.s.wordsSearch.all({ ...filter, match, limit: window.limit, offset: window.offset, ...this.phraseCounts(match) }));
    }
    const blocked = this.blockedPage(match, window, groups);
    if (blocked) return Promise.resolve(blocked);
    if (!groups || groups.length < 2 || anyOf(groups) !== match) return Promise.resolve(this.bestRows(match, window));
    return Promise.resolve(this.boundedPage(groups, window));
  }

  /**
   * A page scored by block maxima (store/word-blocks): where the expression is one word or an AND or OR
   * of groups of words, each one indexed token, every word's block maxima are known at this state of
   * the word rows, and the page is within the rows quarry_bm25() keeps. Null elsewhere: the FTS5
   * statements then score every row (bestRows, boundedPage), as before block maxima existed; that is
   * the path by default (block maxima are asked for with the store's `wordBlocks`), and for filters, phrases,
   * non-ASCII words, bm25() without the ranking module, reads outside one snapshot and pages past the kept rows.
   */
  private blockedPage(match: string, window: PageWindow, groups?: readonly (readonly string[])[] | null): ScoredChunkRow[] | null {
    const given = blockQuery(match, groups);
    const lengths = this.phraseLengths().lengths;
    const blocks = this.store.wordBlocks;
    const need = window.offset + window.limit;
    if (!given || !lengths || !blocks || !this.s.wordBlocks || !this.s.wordsSearchBounded || !this.s.keepRows || !this.s.keptRows) return null;
    if (need > RANKING.keptHitsRowsMax) return null;
    const rows = this.wordStats().rows;
    // An OR is asked with its groups rarest first, as boundedPage asks every expression of it: each row's score is
    // the same sum in the same order, to the last bit.
    const query = given.every ? given : { every: false, groups: this.byBound(given.groups).map((g) => g.terms) };
    const expression = query.every ? match : anyOf(query.groups);
    const bounds = blockBounds(query, {
      maxima: (term) => this.blockMaxima(term, lengths, blocks.shift),
      idf: (term) => fts5Idf(rows, this.termDocs(term)),
    });
    if (!bounds) return null;
    const params = { match: expression, limit: window.limit, offset: window.offset, bounds: Buffer.from(bounds.buffer), shift: blocks.shift, ...this.phraseCounts(expression) };
    // The rows it keeps are the bound's floor: a row whose block cannot reach the worst of them is not scored.
    this.s.keepRows.get(need);
    let page: ScoredChunkRow[] = [];
    let kept: Buffer | null = null;
    try {
      page = this.s.wordsSearchBounded.all(params);
    } finally {
      kept = this.s.keptRows.get() ?? null;
    }
    this.blockPages.pages++;
    const tokens = phraseTokens(expression);
    return tokens ? withKeptHits(page, kept, tokens, this.s.wordColumns) : page;
  }

  /**
   * A word's block maxima at the word rows' state `lengths` (SqliteStore.wordRowsKey), computed when first
   * asked (a pass over its postings) and remembered per state.
   */
  private blockMaxima(term: string, lengths: string, shift: number): Float64Array {
    if (this.blocks?.key !== lengths || this.blocks.maxima.size >= WORDS_BOUND.docsCacheMax) this.blocks = { key: lengths, maxima: new Map() };
    let maxima = this.blocks.maxima.get(term);
    if (!maxima) {
      const blob = this.s.wordBlocks!.get({ match: term, shift, lengths });
      maxima = blob ? new Float64Array(new Uint8Array(blob).buffer) : new Float64Array(0);
      this.blocks.maxima.set(term, maxima);
    }
    return maxima;
  }

  /**
   * A window of an expression's best rows over the whole index; where quarry_bm25() is loaded and each
   * phrase is one word, each row comes with the word counts it was scored by (store/kept-hits).
   */
  private bestRows(match: string, window: PageWindow): ScoredChunkRow[] {
    const params = { match, ...window, ...this.phraseCounts(match) };
    const tokens = this.s.keepRows && this.s.keptRows ? phraseTokens(match) : null;
    if (!tokens) return this.s.wordsSearchAll.all(params);
    this.s.keepRows!.get(Math.min(window.offset + window.limit, RANKING.keptHitsRowsMax));
    let rows: ScoredChunkRow[] = [];
    let kept: Buffer | null = null;
    try {
      rows = this.s.wordsSearchAll.all(params);
    } finally {
      // Read even when the statement failed: the connection forgets them either way.
      kept = this.s.keptRows!.get() ?? null;
    }
    return withKeptHits(rows, kept, tokens, this.s.wordColumns);
  }

  /**
   * An any-term page, scoring only rows that can reach it (store/words-bound): the rows holding
   * every group, joined by the sets of rows lacking some that can still enter the page; else the
   * rows of the rarest groups, until the rest cannot reach it. The groups keep their rarest-first
   * order in every question, and in the whole expression when every group is needed, so a row's
   * score is one sum in one order.
   */
  private boundedPage(groups: readonly (readonly string[])[], window: PageWindow): ScoredChunkRow[] {
    const sorted = this.byBound(groups);
    const need = window.offset + window.limit;
    const ask = (match: string) => this.bestRows(match, { offset: 0, limit: need });
    // A longer query's rows rarely hold every group, and it has too many sets of rows lacking some: not asked.
    const every = sorted.length <= WORDS_BOUND.lackingGroupsMax ? ask(allOf(sorted.map((g) => g.terms))) : null;
    const joined = every && this.withLackingRows(sorted, every, need, ask);
    if (joined) return joined.slice(window.offset);
    // Else the fewest rarest groups that may hold a page of rows (as the last score of the rows holding every
    // group tells, when they fill one); each try ends or tells how many are needed.
    const floor = every && every.length >= need ? every[need - 1]!.score : null;
    let cut = floor === null ? firstCut(sorted, need) : groupsNeeded(sorted, floor) ?? sorted.length;
    for (let tries = 0; tries < WORDS_BOUND.tries && cut < sorted.length; tries++) {
      const { both, only } = splitExpressions(sorted, cut);
      const page = mergeRanked(ask(both), ask(only), need);
      // Fewer rows than the page: rows of the other groups fill it, so one more group is searched.
      const needed = page.length < need ? cut + 1 : groupsNeeded(sorted, page[need - 1]!.score) ?? sorted.length;
      if (needed <= cut) return page.slice(window.offset);
      cut = needed;
    }
    return this.bestRows(anyOf(sorted.map((g) => g.terms)), window);
  }

  /** Groups of an any-term expression with their bounds, rarest (highest bound) first. */
  private byBound(groups: readonly (readonly string[])[]): BoundedGroup[] {
    const rows = this.wordStats().rows;
    return byBound(groups.map((terms) => {
      const docs = terms.map((t) => this.termDocs(t));
      return { terms, docs: docs.reduce((a, b) => a + b, 0), bound: groupBound(rows, docs) };
    }));
  }

  /**
   * The page of the rows holding every group (`every`) joined by the sets of rows lacking some, highest
   * bound first, until the next set cannot reach the page; null when that takes more than
   * WORDS_BOUND.lackingSetsMax questions.
   */
  private withLackingRows(
    sorted: readonly BoundedGroup[], every: ScoredChunkRow[], need: number, ask: (match: string) => ScoredChunkRow[],
  ): ScoredChunkRow[] | null {
    const sets = lackingSets(sorted);
    if (!sets) return null;
    let page = every;
    let asked = 0;
    for (const set of sets) {
      if (page.length >= need && set.bound < page[need - 1]!.score) break;
      if (asked === WORDS_BOUND.lackingSetsMax) return null;
      asked++;
      page = mergeRanked(page, ask(set.match), need);
    }
    return page;
  }

  /**
   * What quarry_bm25() (store/ranking-extension) is given: each phrase's row count, from the counts
   * kept for the bound (a page of an any-term query asks several statements over the same words,
   * and bm25() would count every phrase's rows again in each), and the key under which it keeps
   * the rows' lengths (SqliteStore.wordRowsKey: every write of word rows moves it on, and a migration).
   * Given only where a read runs in one snapshot; elsewhere another process may commit between
   * these reads and the statement, so there it counts and looks up in the statement's own, as
   * bm25() does. Nothing with bm25().
   */
  private phraseCounts(match: string): PhraseCounts {
    const { lengths } = this.phraseLengths();
    if (lengths === undefined) return {};
    if (lengths === null) return { counts: null, lengths };
    return { counts: phraseCountsBlob(expressionPhrases(match)?.map((phrase) => this.termDocs(phrase)) ?? null), lengths };
  }

  /** The lengths key quarry_bm25() is given (see phraseCounts): undefined with bm25(), null outside one snapshot. */
  private phraseLengths(): { lengths?: string | null } {
    if (!this.s.nativeRanking) return {};
    if (!this.store.readsInSnapshot) return { lengths: null };
    return { lengths: this.store.wordRowsKey() };
  }

  /**
   * The word index's row count and its words' chunk counts as FTS5's bm25 counts them, remembered per
   * index version (the bound's idf), with whether the index's kept counts are exact at that version.
   */
  private wordStats(): WordStats {
    const version = this.store.indexVersion();
    if (this.stats?.version !== version || this.stats.docs.size >= WORDS_BOUND.docsCacheMax) {
      const kept = this.s.wordDocs !== null && this.s.metaGet.get(WORD_DOCS_VERSION_KEY)?.value === String(version);
      this.stats = { version, rows: averagesRowCount(this.s.wordsAverages.get()), docs: new Map(), kept };
    }
    return this.stats;
  }

  /**
   * Chunks holding one FTS term: the number FTS5's bm25 takes its idf from. A term of one token is
   * read from the vocabulary (about half the work of counting its rows, and the same number: the
   * vocabulary skips deleted rows too) and shares its cache with `vocabDocs`, which the re-ranker
   * asks for the same words; any other term is counted.
   */
  private termDocs(term: string): number {
    const token = SINGLE_TOKEN.exec(term)?.[1];
    if (token !== undefined) return this.tokenDocs([token]).get(token)!;
    const { docs } = this.wordStats();
    let n = docs.get(term);
    if (n === undefined) {
      n = this.s.wordsCountAll.get({ match: term })?.n ?? 0;
      docs.set(term, n);
    }
    return n;
  }

  /**
   * Chunks holding each indexed word: kept with the index for a common word (store/word-docs), else
   * from the vocabulary (cached with the counted terms: a word never starts with a quote).
   */
  private tokenDocs(terms: readonly string[]): Map<string, number> {
    const { docs, kept } = this.wordStats();
    return new Map(terms.map((term) => {
      let n = docs.get(term);
      if (n === undefined) {
        n = (kept ? this.s.wordDocs!.get(term) : undefined) ?? this.vocabDocCount(term);
        docs.set(term, n);
      }
      return [term, n];
    }));
  }

  /** The vocabulary is sorted: the first row at or after a word is the word itself, or it is absent. */
  private vocabDocCount(term: string): number {
    const row = this.s.vocabRange.get({ from: term, to: `${term}\u{10FFFF}`, limit: 1 });
    return row?.term === term ? row.doc : 0;
  }

  wordsRanked(filter: SearchFilter, match: string): AsyncIterable<ScoredChunkText[]> {
    const db = this.store.db;
    const all = this.s.wordsRankedAll.source;
    const filtered = this.s.wordsRanked.source;
    const stored = this.s.chunkStored;
    const counts = this.phraseCounts(match);
    function* withText(): Generator<ScoredChunkText[]> {
      const rows = unfiltered(filter)
        ? db.prepare<PhraseCounts & { match: string }, ScoredChunkRow>(all).iterate({ match, ...counts })
        : db.prepare<SearchFilter & PhraseCounts & { match: string }, ScoredChunkRow>(filtered).iterate({ ...filter, match, ...counts });
      for (const batch of batches(rows, RANKED_BATCH_ROWS)) {
        const bytes = unpackChunkBytes(batch.map((row) => stored.get(row.chunk_id)?.content ?? ''));
        yield batch.map((row, i) => ({ ...row, content: bytes[i]!.toString('utf8') }));
      }
    }
    return asAsync(withText());
  }

  wordsMatching(match: string, chunkIds: readonly number[]): Promise<Set<number>> {
    return Promise.resolve(new Set(chunkIds.filter((id) => this.s.wordsHasChunk.get({ match, rowid: id }) !== undefined)));
  }

  vocabRange(from: string, to: string, limit: number): Promise<{ term: string; doc: number }[]> {
    return Promise.resolve(this.s.vocabRange.all({ from, to, limit }));
  }

  candidates(filter: SearchFilter, trigramMatch: string | null): AsyncIterable<CandidateChunkRow[]> {
    const db = this.store.db;
    // Read at every scan: a reader that opened an index before another process migrated it asks the table it now reads.
    const match = trigramMatch !== null && this.s.schemaStep.get()! >= GRAM_TOKENS_STEP ? gramTokenMatch(trigramMatch) : trigramMatch;
    const rows = match === null
      ? db.prepare<SearchFilter, StoredCandidateRow>(this.s.allCandidates.source).iterate(filter)
      : db.prepare<SearchFilter & { match: string }, StoredCandidateRow>(this.s.gramCandidates.source).iterate({ ...filter, match });
    return asAsync(unpacked(batches(rows, SCAN_BATCH_ROWS)));
  }

  chunkHit(chunkId: number) {
    return Promise.resolve(this.unpackedHits([chunkId])[0]);
  }

  chunkHits(chunkIds: readonly number[]) {
    return Promise.resolve(this.unpackedHits(chunkIds));
  }

  /** The rows read one by one, their texts unpacked together (a call per codec, not per row). */
  private unpackedHits(chunkIds: readonly number[]): (ChunkHitRow | undefined)[] {
    const rows = chunkIds.map((id) => this.s.chunkHit.get(id));
    const texts = unpackChunkBytes(rows.flatMap((row) => (row ? [row.stored] : [])));
    let next = 0;
    // Built field by field: a rest-and-spread copy of each row cost a third of the read.
    return rows.map((row) => row && {
      chunk_id: row.chunk_id, file_id: row.file_id, start_line: row.start_line, end_line: row.end_line, kind: row.kind,
      symbol: row.symbol, token_count: row.token_count, content: texts[next++]!.toString('utf8'),
      path: row.path, language: row.language, repository: row.repository,
    });
  }

  chunkFiles(chunkIds: readonly number[]) {
    return Promise.resolve(chunkIds.map((id) => this.s.chunkFile.get(id)?.file_id));
  }

  wordRowLengths(chunkIds: readonly number[]) {
    const columns = this.s.wordColumns;
    return Promise.resolve(chunkIds.map((id): WordRowLengths | undefined => {
      const sizes = readVarints(this.s.wordsRowSizes.get(id));
      if (sizes.length !== columns.length) return undefined;
      const lengths: WordRowLengths = { path: 0, symbol: 0, body: 0 };
      columns.forEach((column, i) => { lengths[column] = sizes[i]!; });
      return lengths;
    }));
  }

  chunkCount() {
    return Promise.resolve(this.store.counts().chunks);
  }

  vocabDocs(terms: readonly string[]) {
    return Promise.resolve(this.tokenDocs(terms));
  }

  warm(): Promise<void> {
    const { lengths } = this.phraseLengths();
    if (lengths) this.s.wordsWarm!.get({ counts: null, lengths });
    return Promise.resolve();
  }

  /** The key whose rows' lengths quarry_bm25() holds on this connection; null before any or with bm25(). */
  rankingLengthsKey(): string | null {
    return this.s.rankingLengthsKey?.get() ?? null;
  }

  chunksAtLines(spots: readonly { fileId: number; line: number }[]) {
    return Promise.resolve(spots.map((spot) => this.s.chunkAtLine.get({ file_id: spot.fileId, line: spot.line })?.id));
  }

  symbolAt(fileId: number, line: number) {
    return Promise.resolve(this.s.symbolAt.get({ file_id: fileId, line }));
  }

  symbolsAt(spots: readonly { fileId: number; line: number }[]) {
    return Promise.resolve(spots.map((spot) => this.s.symbolAt.get({ file_id: spot.fileId, line: spot.line })));
  }

  symbolsNamed(filter: SearchFilter, name: string, limit: number) {
    return Promise.resolve(this.s.symbolsNamed.all({ ...filter, name, limit }));
  }

  symbolsLike(filter: SearchFilter, like: string, limit: number) {
    return Promise.resolve(this.s.symbolsLike.all({ ...filter, like, limit }));
  }

  calledNames(scan: number) {
    // Prepared on first use: a read-only store of an older schema has no edge_links to prepare it on.
    this.calledNamesStatement ??= this.store.db.prepare<{ scan: number }, { name: string; files: number }>(CALLED_NAMES_SQL);
    return Promise.resolve(this.calledNamesStatement.all({ scan }));
  }

  symbolNames(like: string, limit: number) {
    return Promise.resolve(this.s.symbolNames.all({ like, limit }).map((r) => r.name));
  }

  edgesTo(filter: SearchFilter, name: string, kinds: string, window: PageWindow) {
    return Promise.resolve(this.s.edgesTo.all({ ...filter, name, kinds, limit: window.limit, offset: window.offset }));
  }

  edgesToCount(filter: SearchFilter, name: string, kinds: string) {
    return Promise.resolve(this.s.edgesToCount.get({ ...filter, name, kinds })?.n ?? 0);
  }

  edgesFrom(name: string, kinds: string, limit: number) {
    return Promise.resolve(this.s.edgesFrom.all({ name, kinds, limit }));
  }

  graphLookupsReady() {
    return Promise.resolve(this.s.indexesPresent.get(JSON.stringify(GRAPH_LOOKUP_INDEXES)) === GRAPH_LOOKUP_INDEXES.length);
  }

  fileOutline(path: string) {
    return Promise.resolve(this.s.fileOutline.all({ path }));
  }

  fileLanguage(path: string) {
    return Promise.resolve(this.s.fileLanguage.get({ path })?.language ?? null);
  }

  projectSearchCount(filters: ProjectFilterParams, match: string) {
    return Promise.resolve(contentStatements(this.store).projectSearchCount.get({ ...filters, match })?.n ?? 0);
  }

  projectSearchPage(filters: ProjectFilterParams, match: string, window: PageWindow) {
    return Promise.resolve(contentStatements(this.store).projectSearch.all({ ...filters, match, limit: window.limit, offset: window.offset }));
  }

  projectHit(chunkId: number) {
    return Promise.resolve(contentStatements(this.store).projectHit.get(chunkId));
  }

  counts(): Promise<{ files: Record<string, number>; chunks: number; languages: Record<string, number>; repositories: Record<string, number> }> {
    const statements = contentStatements(this.store);
    const files = Object.fromEntries(statements.fileCountsByType.all().map((r) => [r.source_type, r.n]));
    const languages = Object.fromEntries(statements.fileCountsByLanguage.all().map((r) => [r.language, r.n]));
    const repositories = Object.fromEntries(statements.fileCountsByRepository.all().map((r) => [r.repository, r.n]));
    return Promise.resolve({ files, chunks: this.store.counts().chunks, languages, repositories });
  }

  graphRows(): Promise<GraphRows> {
    return Promise.resolve({ files: this.s.graphFiles.all(), symbols: this.s.graphSymbols.all(), edges: this.s.graphEdges.all() });
  }

  private get locate() {
    return this.store.locateStatements;
  }

  locateFiles(repository: string | null): Promise<LocateFileRow[]> {
    return Promise.resolve(this.locate.files.all({ repository }));
  }

  chunkTokens(): Promise<LocateChunkColumns> {
    return Promise.resolve(readChunkColumns((from, limit) => this.locate.chunks.get({ from, limit }) ?? null, LOCATE.chunksPerRead));
  }

  termPostings(term: string): Promise<TermPostings> {
    const hits = this.locate.termHits;
    // Read at every call: a migration may have reordered the word index's columns.
    const column = this.s.wordColumns.indexOf('body');
    if (hits && column >= 0) return Promise.resolve(termPostingsOf(hits.get({ match: `body : ${ftsString(term)}`, column }) ?? null));
    const rows = this.locate.termPostings.all(term);
    return Promise.resolve({ chunkIds: rows.map((row) => row.chunk_id), frequencies: rows.map((row) => row.tf) });
  }

  phraseFiles(words: readonly string[], limit: number): Promise<number[]> {
    return Promise.resolve(this.locate.phraseFiles.all({ match: `body : ${ftsString(words.join(' '))}`, limit }).map((r) => r.file_id));
  }

  definitionsNamed(name: string, limit: number): Promise<LocateDefinitionRow[]> {
    return Promise.resolve(this.locate.definitions.all({ name, limit }));
  }

  definitionCount(name: string): Promise<number> {
    return Promise.resolve(this.locate.definitionCount.get({ name })?.n ?? 0);
  }

  definitionAt(fileId: number, line: number): Promise<DefinitionAtRow | undefined> {
    return Promise.resolve(this.locate.definitionAt.get({ file_id: fileId, line }));
  }

  chunkSymbol(chunkId: number): Promise<ChunkSymbolRow | undefined> {
    return Promise.resolve(this.locate.chunkSymbol.get(chunkId));
  }

  referencingFiles(name: string, limit: number): Promise<{ file_id: number; n: number }[]> {
    return Promise.resolve(this.locate.referencingFiles.all({ name, limit }));
  }
}
