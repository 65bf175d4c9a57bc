/**
 * @module locate/locate
 * `locate`: which files a task is about. Reads the clues out of the text
 * (locate/extract), gathers evidence per file from paths and frames, from
 * the definitions the text names and from whole-file BM25 of its telling
 * words, ranks files by the weighted evidence, and names each file's likely
 * functions or classes and its reasons. It reads through the Store's
 * reader (store/store LocateReader), so it runs on SQLite and PostgreSQL
 * alike, in a search worker as well as in-thread (the eval calls it directly).
 */
import { LOCATE } from '../contracts/limits.js';
import type { LocatedFile, LocateParams, LocateResponse } from '../contracts/locate.js';
import type { IndexReader, Store } from '../store/store.js';
import { addDefinitionEvidence } from './definition-evidence.js';
import { EvidenceBoard, type Feature } from './evidence.js';
import { extractClues } from './extract.js';
import { addMessageEvidence } from './message-evidence.js';
import { addPathEvidence } from './path-evidence.js';
import { ChunkMap, tokensByFile } from './chunk-map.js';
import { PathTable } from './path-table.js';
import { rankFiles } from './rank.js';
import { reasonsOf } from './reasons.js';
import { chooseSymbols, type SymbolTrace } from './symbol-choice.js';
import { addTermEvidence } from './term-evidence.js';

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

interface ProjectMaps {
  table: PathTable;
  chunks: ChunkMap;
}

/** The maps of each open store, for its last index version and repository: a worker answers many calls between index changes. */
const maps = new WeakMap<object, { key: string; maps: ProjectMaps }>();

async function projectMaps(reader: IndexReader, cacheKey: object, repository: string | null, indexVersion: number): Promise<ProjectMaps> {
  const key = `${indexVersion}/${repository ?? ''}`;
  const cached = maps.get(cacheKey);
  if (cached?.key === key) return cached.maps;
  const chunkRows = await reader.chunkTokens();
  const table = new PathTable(await reader.locateFiles(repository), tokensByFile(chunkRows));
  const built = { table, chunks: new ChunkMap(chunkRows, table) };
  maps.set(cacheKey, { key, maps: built });
  return built;
}

/** For the evaluation: each ranked file's symbol candidates and, when asked, its evidence before weighting (by path). */
export interface LocateTrace extends SymbolTrace {
  features?: Map<string, Partial<Record<Feature, number>>>;
}

/** `locate` over a store, in one read (one index version). */
export function locate(store: Store, params: LocateParams, trace?: LocateTrace): Promise<LocateResponse> {
  return store.read((reader) => locateWith(reader, params, store, trace));
}

/**
 * `locate` with a reader; `cacheKey` keeps the file maps between calls (the store the reader belongs to);
 * `trace`, for the evaluation, receives each file's scored symbol candidates.
 */
export async function locateWith(reader: IndexReader, params: LocateParams, cacheKey: object, trace?: LocateTrace): Promise<LocateResponse> {
  const started = performance.now();
  const indexVersion = await reader.indexVersion();
  const { table, chunks } = await projectMaps(reader, cacheKey, params.repository, indexVersion);
  const clues = extractClues(params.text, LOCATE);
  const board = new EvidenceBoard();
  await addPathEvidence(board, table, clues, reader);
  await addDefinitionEvidence(board, table, clues, reader);
  await addMessageEvidence(board, table, clues, reader);
  const { terms, bestChunks, chunkScores } = await addTermEvidence(board, table, chunks, clues, reader);
  const ranked = rankFiles(board).filter((r) => r.score > 0).slice(0, LOCATE.candidatesMax);
  const page = ranked.slice(0, params.maxResults);
  if (trace?.features) for (const r of page) trace.features.set(r.evidence.file.path, { ...r.evidence.features });
  const chosen = await chooseSymbols(reader, page.map((r) => r.evidence), { clues, terms, chunks, fileCount: table.files.length, bestChunks, chunkScores, board }, trace);
  const files: LocatedFile[] = [];
  for (const [i, r] of page.entries()) {
    const file = r.evidence.file;
    const symbols = chosen[i]!;
    files.push({
      file: file.path, repository: file.repository, language: file.language, kind: file.kind, score: round(r.score),
      symbols: symbols.map(({ name, kind, line }) => ({ name, kind, line })),
      reasons: reasonsOf(r),
      evidence: Object.fromEntries(Object.entries(r.contributions).map(([k, v]) => [k, round(v)])),
    });
  }
  return {
    ok: true, files, count: files.length, total: ranked.length, terms: terms.map((t) => t.term),
    ...(params.warnings.length > 0 ? { warnings: params.warnings } : {}),
    index_version: indexVersion, took_ms: round(performance.now() - started, 1),
  };
}
