/**
 * @module locate/chunk-map
 * Which file each chunk belongs to, and how long it is: read once per index
 * version (one pass over `chunks`), so the postings of the scored terms are
 * summed per file without a join per posting (the join cost more than the
 * postings themselves on a 5,000-file project).
 */
import type { LocateChunkColumns } from '../store/rows.js';
import type { IndexedFile, PathTable } from './path-table.js';

export class ChunkMap {
  readonly size: number;
  readonly averageTokens: number;
  /** By chunk id: the file's place in the table plus one (0: a chunk of no listed file). */
  private readonly fileOfChunk: Int32Array;
  private readonly tokensOfChunk: Int32Array;

  constructor(chunks: LocateChunkColumns, private readonly table: PathTable) {
    const { ids, fileIds, tokens } = chunks;
    let maxId = 0;
    for (const id of ids) if (id > maxId) maxId = id;
    this.fileOfChunk = new Int32Array(maxId + 1);
    this.tokensOfChunk = new Int32Array(maxId + 1);
    let tokenSum = 0;
    for (let i = 0; i < ids.length; i++) {
      tokenSum += tokens[i]!;
      const file = table.byId.get(fileIds[i]!);
      if (!file) continue;
      this.fileOfChunk[ids[i]!] = file.index + 1;
      this.tokensOfChunk[ids[i]!] = tokens[i]!;
    }
    this.size = ids.length;
    this.averageTokens = Math.max(1, tokenSum / Math.max(1, ids.length));
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
export function tokensByFile(chunks: LocateChunkColumns): Map<number, number> {
  const byFile = new Map<number, number>();
  const { fileIds, tokens } = chunks;
  for (let i = 0; i < fileIds.length; i++) byFile.set(fileIds[i]!, (byFile.get(fileIds[i]!) ?? 0) + tokens[i]!);
  return byFile;
}
