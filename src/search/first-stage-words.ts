/**
 * @module search/first-stage-words
 * Word searches from the first stage (store/first-stage/first-stage-word-postings): the chunks of lines of every file
 * and their words, so a word search ranks the whole tree while the index is written. It answers
 * the word questions of an IndexReader as the word index would, over its own chunks:
 * - an expression (search/fts-expression) matches a chunk when each word it needs is in the
 *   chunk's body (its text and added words) or in its file's path words, as FTS5 matches a row's
 *   columns;
 * - hits are ranked by BM25 over those two columns as the index ranks its rows (FTS5's bm25 with
 *   the index's weights, native/quarry_ranking.c), and the second ranking stage then scores the
 *   first hits again as it does the index's (search/rerank);
 * - totals are exact: every chunk the expression matches, counted from the postings.
 * Chunk ids are below 0 (-1 - the chunk's place among all shards' chunks), so no id of the index
 * is one of them. There are no definitions yet, so chunks have no symbol.
 */
import { FIRST_STAGE } from '../contracts/limits.js';
import { RANKING } from '../store/ranking-weights.js';
import { splitLines } from '../text/chunk.js';
import { CHUNK_FIELDS } from '../store/first-stage/first-stage-word-postings.js';
import { estimateTokens } from '../shape/tokens.js';
import { parseMatch, type MatchNode } from '../store/match-tree.js';
import { fts5Tokens } from '../text/fts5-tokens.js';
import { phraseTokens } from '../store/kept-hits.js';
import type { ChunkHitRow, ScoredChunkRow, SearchFilter, WordHits } from '../store/rows.js';
import type { PageWindow, ScoredChunkText, WordRowLengths } from '../store/store.js';
import { pathIndexText } from '../text/identifiers.js';
import type { FirstStagePostings } from './first-stage-reader.js';
import { bestFirst } from './best-first.js';
import { indexOf, intersectAll, u32, unionAll } from './sorted-ids.js';

/** "QWS1", native/quarry_words.c's shard. */
const WORDS_MAGIC = 0x31535751;
/** Bytes per word of a shard's table: offset and length of its bytes, chunks, offset and length of its list. */
const WORD_ROW_BYTES = 20;

interface WordsShard {
  words: number;
  tableStart: number;
  bytesStart: number;
  dataStart: number;
  /** Global id of the shard's first chunk. */
  firstChunk: number;
}

/** A word's chunks (global ids, increasing) and its count in each chunk's body. */
interface Postings {
  ids: Uint32Array;
  counts: Uint32Array;
}

/** The chunk id a first-stage word hit carries. */
export function stageChunkId(chunk: number): number {
  return -1 - chunk;
}

const chunkOf = (chunkId: number) => -1 - chunkId;

/** The first stage's words, made once per opened first stage. */
const opened = new WeakMap<FirstStagePostings, FirstStageWords | null>();

export class FirstStageWords {
  /** All shards' chunks, CHUNK_FIELDS each, global ids in order. */
  private readonly chunks: Uint32Array;
  /** Per file: its first chunk's global id and how many it has (a file's chunks are one run in one shard). */
  private readonly fileChunks: Map<number, { first: number; count: number }>;
  private readonly averageLength: number;
  /** Path word -> the files whose path column holds it, and how often. */
  private readonly pathFiles = new Map<string, Map<number, number>>();
  /** Per file: the tokens of its path column (pathIndexText), its share of a chunk's BM25 length. */
  private readonly pathTokens: Uint32Array;
  /** Words' decoded lists (a search asks each several times; common words' are megabytes), up to FIRST_STAGE.wordListsCacheBytes. */
  private readonly cache = new Map<string, Postings>();
  private cacheBytes = 0;
  private readonly lastMatched = new Map<string, Uint32Array>();

  private constructor(private readonly stage: FirstStagePostings, private readonly shards: WordsShard[], chunks: Uint32Array) {
    this.chunks = chunks;
    this.fileChunks = new Map();
    // The path column, read once: its words' files for matching, each file's length for BM25.
    const { paths, languages } = stage.header;
    const pathTokens = new Uint32Array(paths.length);
    paths.forEach((relPath, file) => {
      const language = languages[file];
      if (language === null || language === undefined) return;
      const words = fts5Tokens(pathIndexText(relPath, language));
      pathTokens[file] = words.length;
      for (const word of words) {
        let files = this.pathFiles.get(word);
        if (!files) this.pathFiles.set(word, files = new Map<number, number>());
        files.set(file, (files.get(file) ?? 0) + 1);
      }
    });
    this.pathTokens = pathTokens;
    let length = 0;
    const n = chunks.length / CHUNK_FIELDS;
    for (let c = 0; c < n; c++) {
      const file = chunks[c * CHUNK_FIELDS]!;
      const run = this.fileChunks.get(file);
      if (run) run.count++;
      else this.fileChunks.set(file, { first: c, count: 1 });
      length += chunks[c * CHUNK_FIELDS + 5]! + pathTokens[file]!;
    }
    this.averageLength = Math.max(1, length / Math.max(1, n));
  }

  /** The words of `stage`, or null when it holds none (the words builder was not built, or ran out of memory). */
  static of(stage: FirstStagePostings): FirstStageWords | null {
    if (opened.has(stage)) return opened.get(stage)!;
    let words: FirstStageWords | null = null;
    if (stage.header.words) {
      try {
        const shards: WordsShard[] = [];
        const tables: Uint32Array[] = [];
        let firstChunk = 0;
        for (const place of stage.header.shards) {
          const head = u32(stage.read(place.wordsOffset, 16));
          if (head[0] !== WORDS_MAGIC) throw new Error('not a words shard');
          const count = head[1]!;
          const tableStart = place.wordsOffset + 16;
          const bytesStart = tableStart + count * WORD_ROW_BYTES;
          shards.push({ words: count, tableStart, bytesStart, dataStart: bytesStart + head[2]!, firstChunk });
          tables.push(u32(stage.read(place.chunksOffset, place.chunks * CHUNK_FIELDS * 4)));
          firstChunk += place.chunks;
        }
        const all = new Uint32Array(firstChunk * CHUNK_FIELDS);
        let at = 0;
        for (const table of tables) { all.set(table, at); at += table.length; }
        words = new FirstStageWords(stage, shards, all);
      } catch {
        words = null;
      }
    }
    opened.set(stage, words);
    return words;
  }

  chunkCount(): number {
    return this.chunks.length / CHUNK_FIELDS;
  }

  /** Chunks holding each word in either column (the IDF's document count). */
  vocabDocs(terms: readonly string[]): Map<string, number> {
    return new Map(terms.map((term) => [term, this.termChunks(term).ids.length]));
  }

  /** Chunks matching `match` within `filter`: the exact count. */
  count(filter: SearchFilter, match: string): number {
    return this.matching(filter, match).length;
  }

  /**
   * The best chunks of `match` within `filter`, best first, from `window.offset`. As the index does
   * (store/kept-hits), the best rows of an expression of plain words come with the counts they were
   * scored by, which the second stage then reads instead of the text (they count "café" for "cafe").
   */
  page(filter: SearchFilter, match: string, window: PageWindow): ScoredChunkRow[] {
    const tokens = phraseTokens(match);
    return this.ranked(filter, match, window.offset + window.limit).slice(window.offset).map(({ chunk, score }, i) => {
      const row: ScoredChunkRow = { chunk_id: stageChunkId(chunk), score };
      if (tokens && window.offset + i < RANKING.keptHitsRowsMax) row.hits = this.wordHits(chunk, tokens);
      return row;
    });
  }

  private wordHits(chunk: number, tokens: readonly string[]): WordHits {
    const file = this.chunks[chunk * CHUNK_FIELDS]!;
    const hits = { counted: new Set(tokens), path: new Map<string, number>(), symbol: new Map<string, number>(), body: new Map<string, number>() };
    for (const token of tokens) {
      const inPath = this.pathFilesOf(token).get(file);
      if (inPath) hits.path.set(token, inPath);
      const body = this.bodyPostings(token);
      const at = indexOf(body.ids, chunk);
      if (at >= 0) hits.body.set(token, body.counts[at]!);
    }
    return hits;
  }

  /** Every chunk of `match`, best first, with its text, a batch at a time. */
  async *rankedText(filter: SearchFilter, match: string): AsyncIterable<ScoredChunkText[]> {
    const ranked = this.ranked(filter, match);
    for (let at = 0; at < ranked.length; at += FIRST_STAGE.readBatchBlocks) {
      const batch = ranked.slice(at, at + FIRST_STAGE.readBatchBlocks);
      const rows = this.hits(batch.map(({ chunk }) => stageChunkId(chunk)));
      yield batch.flatMap(({ chunk, score }, i) => (rows[i] ? [{ chunk_id: stageChunkId(chunk), score, content: rows[i].content }] : []));
    }
  }

  /** Which of `chunkIds` `match` matches (any filter). */
  matchingAmong(match: string, chunkIds: readonly number[]): Set<number> {
    const ids = this.matched(match);
    return new Set(chunkIds.filter((id) => id < 0 && indexOf(ids, chunkOf(id)) >= 0));
  }

  /** The hit rows of first-stage chunk ids (undefined for another id, or a file gone since). */
  hits(chunkIds: readonly number[]): (ChunkHitRow | undefined)[] {
    const out = new Array<ChunkHitRow | undefined>(chunkIds.length);
    const byFile = new Map<number, number[]>();
    chunkIds.forEach((id, i) => {
      const chunk = chunkOf(id);
      if (id >= 0 || chunk >= this.chunkCount()) return;
      const file = this.chunks[chunk * CHUNK_FIELDS]!;
      const places = byFile.get(file);
      if (places) places.push(i);
      else byFile.set(file, [i]);
    });
    for (const [file, places] of byFile) {
      const chunks = places.map((i) => chunkOf(chunkIds[i]!));
      const read = this.stage.fileText(file, chunks.map((c) => ({ start: this.chunks[c * CHUNK_FIELDS + 1]!, length: this.chunks[c * CHUNK_FIELDS + 2]! })));
      if (!read) continue;
      // A file changed since the walk: its chunks' lines, as they are now.
      const lines = 'whole' in read ? splitLines(read.whole.toString('utf8')) : null;
      places.forEach((place, i) => {
        const c = chunks[i]!;
        const startLine = this.chunks[c * CHUNK_FIELDS + 3]!;
        const endLine = this.chunks[c * CHUNK_FIELDS + 4]!;
        const content = lines ? lines.slice(startLine - 1, endLine).join('\n') : (read as { pieces: Buffer[] }).pieces[i]!.toString('utf8');
        out[place] = this.row(file, c, content);
      });
    }
    return out;
  }

  /** The file a first-stage chunk is in, as a number no file id of the index has (below 0). */
  fileOf(chunkId: number): number | undefined {
    const chunk = chunkOf(chunkId);
    return chunkId < 0 && chunk < this.chunkCount() ? -1 - this.chunks[chunk * CHUNK_FIELDS]! : undefined;
  }

  rowLengths(chunkId: number): WordRowLengths | undefined {
    const chunk = chunkOf(chunkId);
    if (chunkId >= 0 || chunk >= this.chunkCount()) return undefined;
    return { path: this.pathTokens[this.chunks[chunk * CHUNK_FIELDS]!] ?? 0, symbol: 0, body: this.chunks[chunk * CHUNK_FIELDS + 5]! };
  }

  private row(file: number, chunk: number, content: string): ChunkHitRow {
    const { paths, languages, repository } = this.stage.header;
    return {
      chunk_id: stageChunkId(chunk), file_id: -1 - file, start_line: this.chunks[chunk * CHUNK_FIELDS + 3]!, end_line: this.chunks[chunk * CHUNK_FIELDS + 4]!,
      kind: 'lines', symbol: null, token_count: estimateTokens(content), content, path: paths[file]!, language: languages[file]!, repository,
    };
  }

  /** The chunks of `match` within `filter`, increasing. */
  private matching(filter: SearchFilter, match: string): Uint32Array {
    const { languages, repository } = this.stage.header;
    if (filter.repository !== null && filter.repository !== repository) return new Uint32Array(0);
    const ids = this.matched(match);
    if (filter.language === null) return ids;
    return ids.filter((c) => languages[this.chunks[c * CHUNK_FIELDS]!] === filter.language);
  }

  /** The best `limit` chunks (every one without) of `match` within `filter` with their BM25 scores, best first (ties by chunk). */
  private ranked(filter: SearchFilter, match: string, limit = Infinity): { chunk: number; score: number }[] {
    const ids = this.matching(filter, match);
    const scores = new Float64Array(ids.length);
    const { pathTokens } = this;
    const { path: pathWeight, body: bodyWeight } = RANKING.bm25Weights;
    const k1 = RANKING.bm25K1, b = RANKING.bm25B;
    const n = this.chunkCount();
    // Each word of the expression as often as it is there, as FTS5's bm25 adds up its phrases.
    for (const term of termsOf(parseMatch(match))) {
      const postings = this.termChunks(term);
      const bodies = this.bodyPostings(term);
      const files = this.pathFilesOf(term);
      const idf = fts5Idf(n, postings.ids.length);
      let j = 0;
      for (let i = 0; i < ids.length; i++) {
        const c = ids[i]!;
        while (j < bodies.ids.length && bodies.ids[j]! < c) j++;
        const body = j < bodies.ids.length && bodies.ids[j] === c ? bodies.counts[j]! : 0;
        const file = this.chunks[c * CHUNK_FIELDS]!;
        const tf = bodyWeight * body + pathWeight * (files.get(file) ?? 0);
        if (tf === 0) continue;
        const norm = 1 - b + (b * (this.chunks[c * CHUNK_FIELDS + 5]! + (pathTokens[file] ?? 0))) / this.averageLength;
        scores[i] = scores[i]! + (idf * tf * (k1 + 1)) / (tf + k1 * norm);
      }
    }
    const before = (x: number, y: number) => scores[y]! - scores[x]! || ids[x]! - ids[y]!;
    return bestFirst(ids.length, limit, before).map((i) => ({ chunk: ids[i]!, score: scores[i]! }));
  }

  /** The chunks an expression matches (a word search asks its count and its page of one expression: the last few are kept). */
  private matched(match: string): Uint32Array {
    let ids = this.lastMatched.get(match);
    if (!ids) {
      ids = this.evaluate(parseMatch(match));
      if (this.lastMatched.size >= FIRST_STAGE.matchedExpressionsKept) this.lastMatched.delete(this.lastMatched.keys().next().value!);
      this.lastMatched.set(match, ids);
    }
    return ids;
  }

  private evaluate(node: MatchNode): Uint32Array {
    if (node.kind === 'term') {
      const tokens = fts5Tokens(node.text);
      // Words of one quoted string must all be there (the word index keeps no positions to ask for more).
      return tokens.length === 0 ? new Uint32Array(0) : intersectAll(tokens.map((token) => this.termChunks(token).ids));
    }
    const lists = node.parts.map((part) => this.evaluate(part));
    return node.kind === 'and' ? intersectAll(lists) : unionAll(lists);
  }

  /** The chunks holding a word (folded) in their body or their file's path. */
  private termChunks(term: string): Postings {
    const key = `t\0${term}`;
    const known = this.cache.get(key);
    if (known) return known;
    const body = this.bodyPostings(term);
    const files = this.pathFilesOf(term);
    let ids = body.ids;
    if (files.size > 0) {
      const extra: number[] = [];
      for (const file of files.keys()) {
        const run = this.fileChunks.get(file);
        if (run) for (let c = run.first; c < run.first + run.count; c++) extra.push(c);
      }
      ids = unionAll([body.ids, Uint32Array.from(extra).sort()]);
    }
    const postings = { ids, counts: new Uint32Array(0) };
    this.remember(key, postings);
    return postings;
  }

  /** A word's chunks and counts in their bodies, over every shard. */
  private bodyPostings(term: string): Postings {
    const key = `b\0${term}`;
    const known = this.cache.get(key);
    if (known) return known;
    const word = Buffer.from(term, 'utf8');
    const parts = this.shards.map((shard) => this.shardPostings(shard, word));
    const total = parts.reduce((sum, p) => sum + p.ids.length, 0);
    const ids = new Uint32Array(total), counts = new Uint32Array(total);
    let at = 0;
    // Shards hold disjoint runs of chunk ids, in shard order: put together they stay increasing.
    for (const part of parts) { ids.set(part.ids, at); counts.set(part.counts, at); at += part.ids.length; }
    const postings = { ids, counts };
    this.remember(key, postings);
    return postings;
  }

  private remember(key: string, postings: Postings): void {
    const bytes = postings.ids.byteLength + postings.counts.byteLength;
    if (this.cacheBytes + bytes > FIRST_STAGE.wordListsCacheBytes) {
      this.cache.clear();
      this.cacheBytes = 0;
    }
    this.cache.set(key, postings);
    this.cacheBytes += bytes;
  }

  /** One shard's list of a word: a binary search of its table on disk, then the list's pairs. */
  private shardPostings(shard: WordsShard, word: Buffer): Postings {
    let low = 0, high = shard.words - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const row = u32(this.stage.read(shard.tableStart + mid * WORD_ROW_BYTES, WORD_ROW_BYTES));
      const order = Buffer.compare(this.stage.read(shard.bytesStart + row[0]!, row[1]!), word);
      if (order < 0) low = mid + 1;
      else if (order > 0) high = mid - 1;
      else return decodePairs(this.stage.read(shard.dataStart + row[3]!, row[4]!), row[2]!, shard.firstChunk);
    }
    return { ids: new Uint32Array(0), counts: new Uint32Array(0) };
  }

  /** The files whose path column holds `term`, with how often it does. */
  private pathFilesOf(term: string): ReadonlyMap<number, number> {
    return this.pathFiles.get(term) ?? NO_FILES;
  }
}

const NO_FILES: ReadonlyMap<number, number> = new Map();

/** FTS5's bm25 IDF: a word in more than half the chunks weighs next to nothing (search/term-stats). */
function fts5Idf(chunks: number, docs: number): number {
  const idf = Math.log((chunks - docs + 0.5) / (docs + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** The quoted words of an expression, folded as the index folds them. */
function termsOf(node: MatchNode): string[] {
  return node.kind === 'term' ? fts5Tokens(node.text) : node.parts.flatMap(termsOf);
}

/** A list of (gap, count) varint pairs: `n` chunks, local ids made global by `first`. */
function decodePairs(bytes: Buffer, n: number, first: number): Postings {
  const ids = new Uint32Array(n), counts = new Uint32Array(n);
  let last = -1, at = 0, value = 0, shift = 0, second = false;
  for (let i = 0; i < bytes.length && at < n; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte & 0x80) { shift += 7; continue; }
    if (second) {
      counts[at++] = value;
    } else {
      last += value;
      ids[at] = first + last;
    }
    second = !second;
    value = 0;
    shift = 0;
  }
  return { ids, counts };
}
