/**
 * @module search/term-stats
 * Corpus statistics the re-ranker weighs words by: how many chunks the index
 * holds and in how many of them a word occurs, kept per index version (a
 * changed index starts afresh) and bounded in size. The words a search needs
 * are asked for together, before it scores (one question on PostgreSQL).
 */
import { RANKING } from '../store/ranking-weights.js';
import type { IndexReader } from '../store/store.js';

interface Stats {
  version: number;
  chunks: number;
  docs: Map<string, number>;
}

/** By reader: a SQLite index keeps one reader, so its statistics outlive a search; a PostgreSQL read has its own. */
const byReader = new WeakMap<IndexReader, Stats>();

async function statsOf(reader: IndexReader): Promise<Stats> {
  const version = await reader.indexVersion();
  let stats = byReader.get(reader);
  if (!stats || stats.version !== version) {
    stats = { version, chunks: await reader.chunkCount(), docs: new Map() };
    byReader.set(reader, stats);
  }
  return stats;
}

export interface TermStats {
  /** Chunks in the index. */
  chunks: number;
  /** Chunks holding the (lower-case, indexed) word in any column. */
  docs(term: string): number;
}

/** The statistics of `words` (the ones a scoring will ask `docs` for; any other is 0). */
export async function termStats(reader: IndexReader, words: readonly string[]): Promise<TermStats> {
  const stats = await statsOf(reader);
  const missing = [...new Set(words)].filter((word) => !stats.docs.has(word));
  if (missing.length > 0) {
    if (stats.docs.size + missing.length > RANKING.termStatsCacheMax) stats.docs.clear();
    for (const [term, docs] of await reader.vocabDocs(missing)) stats.docs.set(term, docs);
  }
  const known = new Map(words.map((word) => [word, stats.docs.get(word) ?? 0]));
  return { chunks: stats.chunks, docs: (term: string) => known.get(term) ?? 0 };
}

/**
 * Inverse document frequency that stays positive however common the word:
 * BM25's own, log((N - n + 0.5) / (n + 0.5)), is clamped to ~0 for a word in
 * more than half the chunks, so in a small repository every hit scored 0 and
 * the order was arbitrary. This is Lucene's form, log(1 + (N - n + 0.5) / (n + 0.5)).
 */
export function inverseDocumentFrequency(chunks: number, docs: number): number {
  return Math.log(1 + (chunks - docs + 0.5) / (docs + 0.5));
}
