/**
 * @module locate/locate
 * `locate`: which files a task is about. Reads the clues out of the text
 * (locate/extract), gathers evidence per file from paths and frames, from
 * the definitions the text names and from whole-file BM25 of its telling
 * words, ranks files by the weighted evidence, and names each file's likely
 * functions or classes and its reasons. Plain data in and out, so it runs
 * in a search worker as well as in-thread (the eval calls it directly).
 */
import { LOCATE } from '../contracts/limits.js';
import type { LocatedFile, LocateParams, LocateResponse } from '../contracts/locate.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { addDefinitionEvidence } from './definition-evidence.js';
import { EvidenceBoard } from './evidence.js';
import { extractClues } from './extract.js';
import { addMessageEvidence } from './message-evidence.js';
import { addPathEvidence } from './path-evidence.js';
import { ChunkMap, tokensByFile } from './chunk-map.js';
import { PathTable } from './path-table.js';
import { rankFiles } from './rank.js';
import { reasonsOf } from './reasons.js';
import { addTermEvidence, hintBestChunks } from './term-evidence.js';

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

interface ProjectMaps {
  table: PathTable;
  chunks: ChunkMap;
}

/** The maps of each open store, for its last index version and repository: a worker answers many calls between index changes. */
const maps = new WeakMap<SqliteStore, { key: string; maps: ProjectMaps }>();

function projectMaps(store: SqliteStore, repository: string | null, indexVersion: number): ProjectMaps {
  const key = `${indexVersion}/${repository ?? ''}`;
  const cached = maps.get(store);
  if (cached?.key === key) return cached.maps;
  const chunkRows = store.locateStatements.chunks.all();
  const table = new PathTable(store.locateStatements.files.all({ repository }), tokensByFile(chunkRows));
  const built = { table, chunks: new ChunkMap(chunkRows, table) };
  maps.set(store, { key, maps: built });
  return built;
}

export function locate(store: SqliteStore, params: LocateParams): LocateResponse {
  const started = performance.now();
  const statements = store.locateStatements;
  const indexVersion = store.indexVersion();
  const { table, chunks } = projectMaps(store, params.repository, indexVersion);
  const clues = extractClues(params.text, LOCATE);
  const board = new EvidenceBoard();
  addPathEvidence(board, table, clues, statements);
  addDefinitionEvidence(board, table, clues, statements);
  addMessageEvidence(board, table, clues, statements);
  const { terms, bestChunks } = addTermEvidence(board, table, chunks, clues, statements);
  const ranked = rankFiles(board).filter((r) => r.score > 0).slice(0, LOCATE.candidatesMax);
  const files = ranked.slice(0, params.maxResults).map((r): LocatedFile => {
    const file = r.evidence.file;
    hintBestChunks(board, file, bestChunks, statements);
    const symbols = [...r.evidence.symbols.values()].sort((a, b) => b.weight - a.weight).slice(0, LOCATE.symbolsPerFile);
    return {
      file: file.path, repository: file.repository, language: file.language, kind: file.kind, score: round(r.score),
      symbols: symbols.map(({ name, kind, line }) => ({ name, kind, line })),
      reasons: reasonsOf(r),
      evidence: Object.fromEntries(Object.entries(r.contributions).map(([k, v]) => [k, round(v)])),
    };
  });
  return {
    ok: true, files, count: files.length, total: ranked.length, terms: terms.map((t) => t.term),
    ...(params.warnings.length > 0 ? { warnings: params.warnings } : {}),
    index_version: indexVersion, took_ms: round(performance.now() - started, 1),
  };
}
