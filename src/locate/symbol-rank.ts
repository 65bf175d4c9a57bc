/**
 * @module locate/symbol-rank
 * Which functions, methods or classes of a located file `locate` names, and
 * in what order. Every definition of the file is a candidate; each line of
 * the file belongs to its innermost definition (a method's lines are the
 * method's, a class keeps only its own body: attributes, docstring), as a fix
 * is counted against the definition around the lines it edits. A candidate
 * is scored on named evidence (the traceback frame in it, the text naming it
 * or its class) and on its own lines' BM25 of the text's chosen terms, so a
 * method deep in a class that fits one chunk, or a helper joined with its
 * neighbours into one chunk, is still told apart.
 */
import type { IndexReader, OutlineSymbol } from '../store/store.js';
import { splitIdentifier, wordStem } from '../text/identifiers.js';
import { foldCase, tokenize } from '../text/tokens.js';
import type { ChunkMap } from './chunk-map.js';
import type { FileEvidence, SymbolHint } from './evidence.js';
import type { TextClues } from './extract.js';
import { SYMBOL_RANKING } from './symbol-weights.js';
import type { ChosenTerm } from './term-evidence.js';

export const SYMBOL_FEATURES = [
  /** A traceback frame's function (innermost frames 1, outer ones less). */
  'frame',
  /** A name the text writes, matched to this definition by locate's definition evidence (its weight). */
  'named',
  /** The text names the definition's own name (`_cull`, `separability_matrix`), weighed by how it is written. */
  'nameMentioned',
  /** The text names its container (`FileCache` for `FileCache._cull`). */
  'containerMentioned',
  /** BM25 of the chosen terms over the definition's own lines, scaled to the file's best. */
  'words',
  /** How long it is (log of its lines), scaled to the file's longest: added only to a candidate with other evidence. */
  'span',
] as const;

export type SymbolFeature = (typeof SYMBOL_FEATURES)[number];

export interface SymbolCandidate {
  name: string;
  kind: string;
  line: number;
  endLine: number;
  features: Partial<Record<SymbolFeature, number>>;
  score: number;
}

/** Hints of path evidence at or above this weight are traceback frames (locate/path-evidence FRAME_HINT). */
const FRAME_HINT = 100;

const qualified = (s: Pick<OutlineSymbol, 'name' | 'container'>) => (s.container ? `${s.container}.${s.name}` : s.name);
const keyOf = (name: string, line: number) => `${name}@${line}`;

/** For each line (1-based), the index of its innermost definition in `outline`, or -1. */
export function lineOwners(outline: readonly OutlineSymbol[], lineCount: number): Int32Array {
  const owners = new Int32Array(lineCount + 2).fill(-1);
  const order = outline.map((_, i) => i).sort((a, b) => outline[a]!.start_line - outline[b]!.start_line || outline[b]!.end_line - outline[a]!.end_line || a - b);
  // Outer definitions first, so the inner ones overwrite their lines.
  for (const i of order) {
    const s = outline[i]!;
    const end = Math.min(s.end_line, lineCount + 1);
    for (let line = Math.max(1, s.start_line); line <= end; line++) owners[line] = i;
  }
  return owners;
}

/** Distinct words of code whose index words are remembered between calls (code repeats its names); cleared when full. */
const WORDS_CACHE_MAX = 100_000;
const wordsCache = new Map<string, readonly string[]>();

/** The words the index holds for one word of code: itself folded, an identifier's parts, and the stems of both. */
function indexWordsOf(token: string): readonly string[] {
  let known = wordsCache.get(token);
  if (known) return known;
  const words = new Set([foldCase(token), ...splitIdentifier(token)]);
  for (const word of [...words]) {
    const stem = wordStem(word);
    if (stem !== null) words.add(stem);
  }
  known = [...words];
  if (wordsCache.size >= WORDS_CACHE_MAX) wordsCache.clear();
  wordsCache.set(token, known);
  return known;
}

/** Counts the chosen terms in code as the word index does (each word as written, an identifier's parts, their stems). */
export class TermCounter {
  readonly weights: ReadonlyMap<string, number>;
  private readonly memo = new Map<string, readonly string[]>();

  constructor(terms: readonly ChosenTerm[]) {
    this.weights = new Map(terms.map((t) => [t.term, t.weight]));
  }

  /** The chosen terms one word of code holds. */
  private termsOf(token: string): readonly string[] {
    let known = this.memo.get(token);
    if (!known) {
      known = indexWordsOf(token).filter((w) => this.weights.has(w));
      this.memo.set(token, known);
    }
    return known;
  }

  /** Adds the chosen terms of a text to `counts`. */
  count(text: string, counts: Map<string, number>): void {
    if (this.weights.size === 0) return;
    for (const token of tokenize(text)) {
      for (const term of this.termsOf(token)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
}

/** BM25's term-frequency part with length normalisation. */
function saturate(tf: number, length: number, averageLength: number): number {
  const { bm25K1: k1, bm25B: b } = SYMBOL_RANKING;
  return (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * (length / averageLength)));
}

interface FileText {
  lines: string[];
  /** By line: whether its chunk holds any chosen term (the only lines worth reading word by word). */
  scored: Uint8Array;
}

/** The text of a file's lines, read back from its chunks (they cover every line once). */
async function fileText(reader: IndexReader, chunkIds: readonly number[], chunkScores: Float64Array): Promise<FileText> {
  const lines: string[] = [];
  const hits = (await reader.chunkHits(chunkIds)).filter((hit) => hit !== undefined);
  const scored = new Uint8Array(hits.reduce((max, hit) => Math.max(max, hit.end_line), 0) + 2);
  for (const hit of hits) {
    const holdsTerms = (chunkScores[hit.chunk_id] ?? 0) > 0;
    hit.content.split('\n').forEach((text, i) => {
      lines[hit.start_line + i] = text;
      if (holdsTerms && hit.start_line + i < scored.length) scored[hit.start_line + i] = 1;
    });
  }
  return { lines, scored };
}

/** Each file's chunks (by its place in the path table), as offsets into one list: built once per chunk map (index version). */
interface ChunksByFile {
  starts: Int32Array;
  ids: Int32Array;
}

const chunksByFileOf = new WeakMap<ChunkMap, ChunksByFile>();

function chunksByFile(chunks: ChunkMap, fileCount: number): ChunksByFile {
  const known = chunksByFileOf.get(chunks);
  if (known && known.starts.length === fileCount + 1) return known;
  const starts = new Int32Array(fileCount + 1);
  for (let id = 0; id < chunks.idLimit; id++) {
    const file = chunks.fileIndexOf(id);
    if (file >= 0 && file < fileCount) starts[file + 1]!++;
  }
  for (let f = 0; f < fileCount; f++) starts[f + 1]! += starts[f]!;
  const ids = new Int32Array(starts[fileCount]!);
  const next = starts.slice(0, fileCount);
  for (let id = 0; id < chunks.idLimit; id++) {
    const file = chunks.fileIndexOf(id);
    if (file >= 0 && file < fileCount) ids[next[file]!++] = id;
  }
  const built = { starts, ids };
  chunksByFileOf.set(chunks, built);
  return built;
}

/** The chunks of a file (by its place in the path table of `fileCount` files), in id order. */
export function chunksOfFile(chunks: ChunkMap, fileCount: number, fileIndex: number): number[] {
  const { starts, ids } = chunksByFile(chunks, fileCount);
  return fileIndex < 0 || fileIndex >= fileCount ? [] : [...ids.subarray(starts[fileIndex], starts[fileIndex + 1])];
}

interface MentionWeights {
  /** Identifier -> how strongly the text writes it. */
  byName: Map<string, number>;
}

/** How strongly the text names each identifier: repeated, in the title, written as code. */
export function mentionWeights(clues: TextClues): MentionWeights {
  const byName = new Map<string, number>();
  for (const m of clues.identifiers.values()) {
    if (m.name.length < SYMBOL_RANKING.nameMinChars || clues.definedInText.has(m.name)) continue;
    const codeLike = m.compound || m.inCode;
    byName.set(m.name, (1 + Math.log(m.count)) * (m.inTitle ? 2 : 1) * (codeLike ? 1 : SYMBOL_RANKING.proseNameShare));
  }
  return { byName };
}

/**
 * A file's candidates, scored and best first: its definitions with the evidence of each, and the
 * hints evidence left that name no definition of the outline (a frame's function the index lacks).
 */
export async function rankFileSymbols(
  reader: IndexReader, evidence: FileEvidence, chunkIds: readonly number[], chunkScores: Float64Array, counter: TermCounter, mentions: MentionWeights,
): Promise<SymbolCandidate[]> {
  const outline = await reader.fileOutline(evidence.file.path);
  const { lines, scored } = chunkIds.length > 0 ? await fileText(reader, chunkIds, chunkScores) : { lines: [], scored: new Uint8Array(0) };
  const owners = lineOwners(outline, lines.length);
  // Each definition's own lines (those no inner definition holds): their number, and the chosen terms in them.
  const length = new Float64Array(outline.length);
  const counts = outline.map(() => new Map<string, number>());
  for (let line = 1; line < lines.length; line++) {
    const owner = owners[line]!;
    const text = lines[line];
    if (owner < 0 || text === undefined || text.trim() === '') continue;
    length[owner]!++;
    if (scored[line]) counter.count(text, counts[owner]!);
  }
  const averageLength = Math.max(1, length.reduce((sum, n) => sum + n, 0) / Math.max(1, outline.length));
  const candidates = new Map<string, SymbolCandidate>();
  outline.forEach((s, i) => {
    const name = qualified(s);
    const features: Partial<Record<SymbolFeature, number>> = {};
    let words = 0;
    for (const [term, tf] of counts[i]!) words += counter.weights.get(term)! * saturate(tf, Math.max(1, length[i]!), averageLength);
    if (words > 0) features.words = words;
    const named = mentions.byName.get(s.name);
    if (named) features.nameMentioned = named;
    const container = s.container ? mentions.byName.get(s.container.split('.').pop()!) : undefined;
    if (container) features.containerMentioned = container;
    const key = keyOf(name, s.start_line);
    if (!candidates.has(key)) candidates.set(key, { name, kind: s.kind, line: s.start_line, endLine: s.end_line, features, score: 0 });
  });
  addHints(candidates, evidence.symbols.values());
  return scoreCandidates([...candidates.values()]);
}

/** Evidence's hints (frames, named definitions) on the candidates they name; a hint naming no definition becomes one. */
function addHints(candidates: Map<string, SymbolCandidate>, hints: Iterable<SymbolHint>): void {
  for (const hint of hints) {
    let candidate = candidates.get(keyOf(hint.name, hint.line));
    if (!candidate) {
      candidate = { name: hint.name, kind: hint.kind, line: hint.line, endLine: hint.line, features: {}, score: 0 };
      candidates.set(keyOf(hint.name, hint.line), candidate);
    }
    const feature: SymbolFeature = hint.weight >= FRAME_HINT ? 'frame' : 'named';
    const value = hint.weight >= FRAME_HINT ? hint.weight - FRAME_HINT : hint.weight;
    candidate.features[feature] = Math.max(candidate.features[feature] ?? 0, value);
  }
}

/** Features scaled to the file's best candidate before they are weighed. */
const SCALED: readonly SymbolFeature[] = ['words', 'span'];

/**
 * Weighs each candidate's evidence (SYMBOL_RANKING) times its kind's prior and orders them best
 * first, ties by line. Length alone names nothing: a candidate without other evidence scores 0.
 */
export function scoreCandidates(candidates: SymbolCandidate[]): SymbolCandidate[] {
  for (const c of candidates) c.features.span = Math.log1p(Math.max(0, c.endLine - c.line));
  const best = new Map<SymbolFeature, number>();
  for (const feature of SCALED) best.set(feature, candidates.reduce((max, c) => Math.max(max, c.features[feature] ?? 0), 0));
  for (const c of candidates) {
    let score = 0;
    let evidence = false;
    for (const feature of SYMBOL_FEATURES) {
      const raw = c.features[feature];
      if (!raw) continue;
      const top = best.get(feature);
      score += SYMBOL_RANKING.features[feature] * (top ? raw / top : raw);
      evidence ||= feature !== 'span';
    }
    c.score = evidence ? score * (SYMBOL_RANKING.kindPrior[c.kind] ?? 1) : 0;
  }
  return candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score || a.line - b.line);
}
