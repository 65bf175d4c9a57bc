/**
 * @module locate/symbol-choice
 * The functions, methods or classes named for each file of locate's page:
 * the first files' definitions are each scored (locate/symbol-rank); the
 * files after them name the symbols of their best chunks below the names
 * the text wrote, which costs no read of their text.
 */
import { LOCATE } from '../contracts/limits.js';
import type { IndexReader } from '../store/store.js';
import type { ChunkMap } from './chunk-map.js';
import type { EvidenceBoard, FileEvidence } from './evidence.js';
import type { TextClues } from './extract.js';
import { chunksOfFile, mentionWeights, rankFileSymbols, TermCounter, type SymbolCandidate } from './symbol-rank.js';
import { SYMBOL_RANKING } from './symbol-weights.js';
import { hintBestChunks, type BestChunks, type ChosenTerm } from './term-evidence.js';

export interface NamedSymbol {
  name: string;
  kind: string;
  line: number;
}

/**
 * For the evaluation: each scored file's candidates (by path), best first, with their evidence, and
 * what its best chunks alone would name (the choice before the candidates were scored), to compare.
 */
export interface SymbolTrace {
  candidates: Map<string, SymbolCandidate[]>;
  chunkHints: Map<string, NamedSymbol[]>;
}

export interface SymbolContext {
  clues: TextClues;
  terms: readonly ChosenTerm[];
  chunks: ChunkMap;
  /** Files in the path table (the chunk map's file places run below it). */
  fileCount: number;
  bestChunks: BestChunks;
  /** By chunk id: its score on the chosen terms (0: it holds none of them). */
  chunkScores: Float64Array;
  board: EvidenceBoard;
}

export async function chooseSymbols(
  reader: IndexReader, files: readonly FileEvidence[], context: SymbolContext, trace?: SymbolTrace,
): Promise<NamedSymbol[][]> {
  const scored = files.slice(0, SYMBOL_RANKING.filesScored);
  const mentions = mentionWeights(context.clues);
  const termCounter = new TermCounter(context.terms);
  const chosen: NamedSymbol[][] = [];
  for (const [i, evidence] of files.entries()) {
    const named = i === 0 ? LOCATE.symbolsPerFile : Math.min(LOCATE.symbolsPerFile, SYMBOL_RANKING.symbolsAfterFirstFile);
    if (i < scored.length) {
      const candidates = await rankFileSymbols(
        reader, evidence, chunksOfFile(context.chunks, context.fileCount, evidence.file.index), context.chunkScores, termCounter, mentions,
      );
      chosen.push(candidates.slice(0, named).map(({ name, kind, line }) => ({ name, kind, line })));
      if (trace) {
        trace.candidates.set(evidence.file.path, candidates);
        trace.chunkHints.set(evidence.file.path, await chunkHints(reader, evidence, context));
      }
      continue;
    }
    chosen.push((await chunkHints(reader, evidence, context)).slice(0, named));
  }
  return chosen;
}

/** The names the text wrote for the file, then the symbols of its best chunks. */
async function chunkHints(reader: IndexReader, evidence: FileEvidence, context: SymbolContext): Promise<NamedSymbol[]> {
  await hintBestChunks(context.board, evidence.file, context.bestChunks, reader);
  const hints = [...evidence.symbols.values()].sort((a, b) => b.weight - a.weight).slice(0, LOCATE.symbolsPerFile);
  return hints.map(({ name, kind, line }) => ({ name, kind, line }));
}
