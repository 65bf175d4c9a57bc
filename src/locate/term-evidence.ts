/**
 * @module locate/term-evidence
 * Whole-file BM25 of the text's most telling words. A long report has
 * hundreds of words; the ones kept are those the text stresses (repeated, in
 * the title, written as code) that few chunks of the index hold. Their
 * postings are read from the word index and summed per file, so a file is
 * ranked on all of its chunks together, not on its single best chunk; the
 * best chunks of a file name its likely functions.
 */
import { LOCATE } from '../contracts/limits.js';
import { LOCATE_RANKING } from './locate-weights.js';
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

/** BM25's term-frequency part with length normalisation. */
function saturate(tf: number, length: number, averageLength: number): number {
  const { bm25K1: k1, bm25B: b } = LOCATE_RANKING;
  return (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * (length / averageLength)));
}

/**
 * A file's best chunks by the chosen terms, best first (ties in the order the terms reached them), at
 * most LOCATE.symbolsPerFile: they name its likely functions. Kept in arrays by file, not a list per
 * file: a kernel-sized report reaches hundreds of thousands of chunks in tens of thousands of files.
 */
export class BestChunks {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  private static readonly kept = LOCATE.symbolsPerFile;

  constructor(private readonly files: readonly IndexedFile[]) {
    this.ids = new Int32Array(files.length * BestChunks.kept).fill(-1);
    this.scores = new Float64Array(files.length * BestChunks.kept);
  }

  /** Offers a chunk of the file at `fileIndex`: it goes before the first kept one it outscores. */
  offer(fileIndex: number, chunkId: number, score: number): void {
    const from = fileIndex * BestChunks.kept;
    const end = from + BestChunks.kept;
    let at = from;
    while (at < end && this.ids[at]! >= 0 && this.scores[at]! >= score) at++;
    if (at === end) return;
    this.ids.copyWithin(at + 1, at, end - 1);
    this.scores.copyWithin(at + 1, at, end - 1);
    this.ids[at] = chunkId;
    this.scores[at] = score;
  }

  of(file: IndexedFile): { chunkId: number; score: number }[] {
    const list: { chunkId: number; score: number }[] = [];
    if (this.files[file.index] !== file) return list;
    for (let at = file.index * BestChunks.kept; at < (file.index + 1) * BestChunks.kept && this.ids[at]! >= 0; at++) {
      list.push({ chunkId: this.ids[at]!, score: this.scores[at]! });
    }
    return list;
  }
}

/**
 * Whole-file BM25 of the chosen terms, added to the board as `words` (and `titleWords`, the title's
 * terms), each file's terms named as the reason's details; and each file's best chunks. Summed in
 * arrays by file and by chunk, term by term: a term's weight in a file needs only that term's
 * document frequency, known once its postings are read. Files get their evidence in the order the
 * terms first reached them, and each file's terms add up in the terms' order.
 */
export async function addTermEvidence(
  board: EvidenceBoard, table: PathTable, chunkMap: ChunkMap, clues: TextClues, reader: IndexReader,
): Promise<{ terms: ChosenTerm[]; bestChunks: BestChunks; chunkScores: Float64Array }> {
  const files = table.files;
  const bestChunks = new BestChunks(files);
  const totalChunks = chunkMap.size;
  if (totalChunks === 0 || files.length === 0) return { terms: [], bestChunks, chunkScores: new Float64Array(0) };
  const terms = await chooseTerms(clues, reader, totalChunks);
  const score = new Float64Array(files.length);
  const titleScore = new Float64Array(files.length);
  /** Files in the order a term first reached them. */
  const reached: number[] = [];
  const reachedBefore = new Uint8Array(files.length);
  /** The current term's frequency in each file, and the files it reached (in posting order). */
  const termFrequency = new Float64Array(files.length);
  const termFiles: number[] = [];
  const termMark = new Int32Array(files.length);
  // Chunk scores name a file's likely functions: idf from the chunk statistics, length from the chunk (0: no chosen term).
  const chunkScore = new Float64Array(chunkMap.idLimit);
  const chunkReached = new Uint8Array(chunkMap.idLimit);
  const chunksInOrder: number[] = [];
  /** Each file's term weights, term by term: what the reasons name. */
  const details: { file: number; term: number; weight: number }[] = [];
  for (const [t, chosen] of terms.entries()) {
    const mention = clues.words.get(chosen.term) as WordMention;
    const { chunkIds, frequencies } = await reader.termPostings(chosen.term);
    for (let p = 0; p < chunkIds.length; p++) {
      const chunk = chunkIds[p]!;
      const tf = frequencies[p]!;
      const file = chunkMap.fileIndexOf(chunk);
      if (file < 0) continue;
      if (termMark[file] !== t + 1) { termMark[file] = t + 1; termFiles.push(file); }
      termFrequency[file] = termFrequency[file]! + tf;
      if (!chunkReached[chunk]) { chunkReached[chunk] = 1; chunksInOrder.push(chunk); }
      chunkScore[chunk] = chunkScore[chunk]! + chosen.weight * saturate(tf, Math.max(1, chunkMap.tokensOf(chunk)), chunkMap.averageTokens);
    }
    const df = termFiles.length;
    const idf = Math.log(1 + (files.length - df + 0.5) / (df + 0.5));
    const queryWeight = termWeight(mention);
    for (const file of termFiles) {
      const weight = queryWeight * idf * saturate(termFrequency[file]!, Math.max(1, files[file]!.tokens), table.averageTokens);
      score[file] = score[file]! + weight;
      if (mention.inTitle) titleScore[file] = titleScore[file]! + weight;
      details.push({ file, term: t, weight });
      if (!reachedBefore[file]) { reachedBefore[file] = 1; reached.push(file); }
      termFrequency[file] = 0;
    }
    termFiles.length = 0;
  }
  for (const file of reached) {
    board.add(files[file]!, 'words', score[file]!);
    if (titleScore[file]! > 0) board.add(files[file]!, 'titleWords', titleScore[file]!);
  }
  for (const { file, term, weight } of details) board.detail(files[file]!, 'words', clues.words.get(terms[term]!.term)?.surface ?? terms[term]!.term, weight);
  for (const chunk of chunksInOrder) bestChunks.offer(chunkMap.fileIndexOf(chunk), chunk, chunkScore[chunk]!);
  return { terms, bestChunks, chunkScores: chunkScore };
}

/** The symbols of a file's best chunks become hints, below a name the text wrote (definitions, frames). */
export async function hintBestChunks(board: EvidenceBoard, file: IndexedFile, bestChunks: BestChunks, reader: IndexReader): Promise<void> {
  const list = bestChunks.of(file);
  if (list.length === 0) return;
  const top = list[0]!.score || 1;
  for (const { chunkId, score } of list) {
    const chunk = await reader.chunkSymbol(chunkId);
    if (chunk?.symbol) board.hint(file, { name: chunk.symbol, kind: chunk.kind, line: chunk.start_line, weight: 0.5 * (score / top) });
  }
}
