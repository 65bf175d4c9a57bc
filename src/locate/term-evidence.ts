/**
 * @module locate/term-evidence
 * Whole-file BM25 of the text's most telling words. A long report has
 * hundreds of words; the ones kept are those the text stresses (repeated, in
 * the title, written as code) that few chunks of the index hold. Their
 * postings are read from the word index and summed per file, so a file is
 * ranked on all of its chunks together, not on its single best chunk; the
 * best chunks of a file name its likely functions.
 */
import { LOCATE, LOCATE_RANKING } from '../contracts/limits.js';
import type { IndexReader } from '../store/store.js';
import type { EvidenceBoard } from './evidence.js';
import type { TextClues, WordMention } from './extract.js';
import type { ChunkMap } from './chunk-map.js';
import type { IndexedFile, PathTable } from './path-table.js';
import { termWeight } from './term-weight.js';

export interface ChosenTerm {
  term: string;
  /** Weight in the text times its rarity in the index's chunks. */
  weight: number;
  chunks: number;
}

/** The text's most telling terms: weighed in the text, rare in the index, at most LOCATE.termsMax. */
export async function chooseTerms(clues: TextClues, reader: IndexReader, totalChunks: number): Promise<ChosenTerm[]> {
  const chosen: ChosenTerm[] = [];
  const maxChunks = Math.max(LOCATE.termCommonMinChunks, Math.floor(totalChunks * LOCATE.termMaxChunkShare));
  const docs = await reader.vocabDocs([...clues.words.values()].map((mention) => mention.term));
  for (const mention of clues.words.values()) {
    const chunks = docs.get(mention.term) ?? 0;
    if (chunks === 0 || chunks > maxChunks) continue;
    chosen.push({ term: mention.term, weight: termWeight(mention) * Math.log(totalChunks / chunks), chunks });
  }
  return chosen.sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term)).slice(0, LOCATE.termsMax);
}

interface FileTerms {
  tf: Map<string, number>;
}

/** BM25's term-frequency part with length normalisation. */
function saturate(tf: number, length: number, averageLength: number): number {
  const { bm25K1: k1, bm25B: b } = LOCATE_RANKING;
  return (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * (length / averageLength)));
}

/** A file's best chunks by the chosen terms, best first: they name its likely functions. */
export type BestChunks = Map<IndexedFile, { chunkId: number; score: number }[]>;

export async function addTermEvidence(
  board: EvidenceBoard, table: PathTable, chunkMap: ChunkMap, clues: TextClues, reader: IndexReader,
): Promise<{ terms: ChosenTerm[]; bestChunks: BestChunks }> {
  const totalChunks = chunkMap.size;
  if (totalChunks === 0 || table.files.length === 0) return { terms: [], bestChunks: new Map() };
  const terms = await chooseTerms(clues, reader, totalChunks);
  const perFile = new Map<IndexedFile, FileTerms>();
  const chunkScores = new Map<number, { file: IndexedFile; score: number }>();
  const documentFrequency = new Map<string, number>();
  const queryWeight = new Map<string, number>();
  for (const chosen of terms) {
    const mention = clues.words.get(chosen.term) as WordMention;
    queryWeight.set(chosen.term, termWeight(mention));
    const files = new Set<IndexedFile>();
    for (const posting of await reader.termPostings(chosen.term)) {
      const file = chunkMap.fileOf(posting.chunk_id);
      if (!file) continue;
      files.add(file);
      let entry = perFile.get(file);
      if (!entry) { entry = { tf: new Map() }; perFile.set(file, entry); }
      entry.tf.set(chosen.term, (entry.tf.get(chosen.term) ?? 0) + posting.tf);
      // Chunk scores name a file's likely functions: idf from the chunk statistics, length from the chunk.
      const chunk = chunkScores.get(posting.chunk_id) ?? { file, score: 0 };
      chunk.score += chosen.weight * saturate(posting.tf, Math.max(1, chunkMap.tokensOf(posting.chunk_id)), chunkMap.averageTokens);
      chunkScores.set(posting.chunk_id, chunk);
    }
    documentFrequency.set(chosen.term, files.size);
  }
  const total = table.files.length;
  for (const [file, entry] of perFile) {
    let score = 0;
    let titleScore = 0;
    const contributions: { term: string; weight: number }[] = [];
    for (const [term, tf] of entry.tf) {
      const df = documentFrequency.get(term) ?? 1;
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
      const weight = (queryWeight.get(term) ?? 1) * idf * saturate(tf, Math.max(1, file.tokens), table.averageTokens);
      score += weight;
      if (clues.words.get(term)?.inTitle) titleScore += weight;
      contributions.push({ term, weight });
    }
    board.add(file, 'words', score);
    if (titleScore > 0) board.add(file, 'titleWords', titleScore);
    for (const c of contributions) board.detail(file, 'words', clues.words.get(c.term)?.surface ?? c.term, c.weight);
  }
  return { terms, bestChunks: bestChunksOf(chunkScores) };
}

function bestChunksOf(chunkScores: ReadonlyMap<number, { file: IndexedFile; score: number }>): BestChunks {
  const best: BestChunks = new Map();
  for (const [chunkId, { file, score }] of chunkScores) {
    const list = best.get(file) ?? [];
    list.push({ chunkId, score });
    best.set(file, list);
  }
  for (const list of best.values()) {
    list.sort((a, b) => b.score - a.score);
    list.length = Math.min(list.length, LOCATE.symbolsPerFile);
  }
  return best;
}

/** The symbols of a file's best chunks become hints, below a name the text wrote (definitions, frames). */
export async function hintBestChunks(board: EvidenceBoard, file: IndexedFile, bestChunks: BestChunks, reader: IndexReader): Promise<void> {
  const list = bestChunks.get(file);
  if (!list || list.length === 0) return;
  const top = list[0]!.score || 1;
  for (const { chunkId, score } of list) {
    const chunk = await reader.chunkSymbol(chunkId);
    if (chunk?.symbol) board.hint(file, { name: chunk.symbol, kind: chunk.kind, line: chunk.start_line, weight: 0.5 * (score / top) });
  }
}
