/**
 * @module locate/chunk-map
 * Which file each chunk belongs to, and how long it is: read once per index
 * version (one pass over `chunks`), so the postings of the scored terms are
 * summed per file without a join per posting (the join cost more than the
 * postings themselves on a 5,000-file project).
 */
import type { IndexedFile, PathTable } from './path-table.js';

export interface ChunkRow {
  id: number;
  file_id: number;
  tokens: number;
}

export class ChunkMap {
  readonly size: number;
  readonly averageTokens: number;
  /** By chunk id: the file's place in the table plus one (0: a chunk of no listed file). */
  private readonly fileOfChunk: Int32Array;
  private readonly tokensOfChunk: Int32Array;

  constructor(rows: readonly ChunkRow[], private readonly table: PathTable) {
    const maxId = rows.reduce((max, r) => Math.max(max, r.id), 0);
    this.fileOfChunk = new Int32Array(maxId + 1);
    this.tokensOfChunk = new Int32Array(maxId + 1);
    for (const row of rows) {
      const file = table.byId.get(row.file_id);
      if (!file) continue;
      this.fileOfChunk[row.id] = file.index + 1;
      this.tokensOfChunk[row.id] = row.tokens;
    }
    this.size = rows.length;
    this.averageTokens = Math.max(1, rows.reduce((sum, r) => sum + r.tokens, 0) / Math.max(1, rows.length));
  }

  /** One past the highest chunk id it knows: the length of an array by chunk id. */
  get idLimit(): number {
    return this.fileOfChunk.length;
  }

  fileOf(chunkId: number): IndexedFile | undefined {
    const at = this.fileIndexOf(chunkId);
    return at < 0 ? undefined : this.table.files[at];
  }

  /** The chunk's file's place in the table, or -1 (a chunk of no listed file). */
  fileIndexOf(chunkId: number): number {
    return (chunkId < this.fileOfChunk.length ? this.fileOfChunk[chunkId]! : 0) - 1;
  }

  tokensOf(chunkId: number): number {
    return chunkId < this.tokensOfChunk.length ? this.tokensOfChunk[chunkId]! : 0;
  }
}

/** Each file's length in tokens (the sum of its chunks' estimates), for BM25's length normalisation. */
export function tokensByFile(rows: readonly ChunkRow[]): Map<number, number> {
  const tokens = new Map<number, number>();
  for (const row of rows) tokens.set(row.file_id, (tokens.get(row.file_id) ?? 0) + row.tokens);
  return tokens;
}
