/**
 * @module embeddings/vector-store
 * The embeddings' own table in the index, created on the first embedding
 * pass (an index without embeddings has none, and its schema is untouched):
 * one unit-length float32 vector per chunk (little-endian, as Float32Array
 * writes it on x64 and arm64), with the model that made it. A
 * chunk deleted or replaced by the indexer takes its vector with it (foreign
 * key cascade); a chunk whose vector is of another model counts as missing.
 */
import type { SqliteStore } from '../store/sqlite-store.js';

const CREATE = `
  CREATE TABLE IF NOT EXISTS chunk_vectors (
    chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
    model    TEXT NOT NULL,
    dims     INTEGER NOT NULL,
    vector   BLOB NOT NULL
  )`;

export interface ChunkToEmbed {
  id: number;
  path: string;
  symbol: string | null;
  content: string;
}

export function ensureVectorTable(store: SqliteStore): void {
  store.db.exec(CREATE);
}

export function hasVectorTable(store: SqliteStore): boolean {
  return store.db.prepare<[], { n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'chunk_vectors'").get()!.n > 0;
}

/** Chunks past `afterId` with no vector of `model`, in id order (so a pass moves on even past a chunk it could not store). */
export function chunksWithoutVector(store: SqliteStore, model: string, afterId: number, limit: number): ChunkToEmbed[] {
  return store.db.prepare<[string, number, number], ChunkToEmbed>(`
    SELECT c.id, f.path, c.symbol, chunk_text(c.content) AS content FROM chunks c
    JOIN files f ON f.id = c.file_id
    LEFT JOIN chunk_vectors v ON v.chunk_id = c.id AND v.model = ?
    WHERE v.chunk_id IS NULL AND c.id > ? ORDER BY c.id LIMIT ?`).all(model, afterId, limit);
}

export function countWithoutVector(store: SqliteStore, model: string): number {
  return store.db.prepare<[string], { n: number }>(`
    SELECT count(*) AS n FROM chunks c LEFT JOIN chunk_vectors v ON v.chunk_id = c.id AND v.model = ?
    WHERE v.chunk_id IS NULL`).get(model)!.n;
}

/**
 * Stores vectors (replacing another model's). A chunk deleted or rewritten since it was read
 * (an upload in between) gets none: its text is compared. Call inside `transaction`.
 */
export function putVectors(store: SqliteStore, model: string, rows: readonly { chunk: ChunkToEmbed; vector: Float32Array }[]): void {
  const insert = store.db.prepare<{ id: number; model: string; dims: number; vector: Buffer; content: string }>(`
    INSERT OR REPLACE INTO chunk_vectors (chunk_id, model, dims, vector)
    SELECT @id, @model, @dims, @vector WHERE EXISTS (SELECT 1 FROM chunks WHERE id = @id AND chunk_text(content) = @content)`);
  for (const { chunk, vector } of rows) {
    insert.run({ id: chunk.id, model, dims: vector.length, vector: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), content: chunk.content });
  }
  // Counted, so a vector replaced in place (same chunk id) still tells loaded matrices to reload.
  store.db.prepare("INSERT INTO meta (key, value) VALUES ('vectors_written', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1").run();
}

export interface VectorStats {
  count: number;
  bytes: number;
}

export function vectorStats(store: SqliteStore, model: string): VectorStats {
  if (!hasVectorTable(store)) return { count: 0, bytes: 0 };
  const row = store.db.prepare<[string], { count: number; bytes: number | null }>(
    'SELECT count(*) AS count, sum(length(vector)) AS bytes FROM chunk_vectors WHERE model = ?').get(model)!;
  return { count: row.count, bytes: row.bytes ?? 0 };
}

/**
 * What the vectors of `model` are, cheaply: how many writes of vectors there were, and the count,
 * sum and largest of their chunk ids (a chunk deleted by the indexer takes its vector along
 * without a write here). The index version would also move for word-index writes alone.
 */
export function vectorFingerprint(store: SqliteStore, model: string): string {
  const written = store.db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'vectors_written'").get()?.value ?? '0';
  const row = store.db.prepare<[string], { n: number; top: number | null; sum: number | null }>(
    'SELECT count(*) AS n, max(chunk_id) AS top, total(chunk_id) AS sum FROM chunk_vectors WHERE model = ?').get(model)!;
  return `${written}:${row.n}:${row.top ?? 0}:${row.sum ?? 0}`;
}

/** Every vector of `model` as one matrix (row i belongs to ids[i]), streamed into place; vectors of another width are left out. */
export function loadVectors(store: SqliteStore, model: string): { ids: Int32Array; dims: number; matrix: Float32Array } {
  const { count } = vectorStats(store, model);
  const first = store.db.prepare<[string], { dims: number }>('SELECT dims FROM chunk_vectors WHERE model = ? LIMIT 1').get(model);
  const dims = first?.dims ?? 0;
  const ids = new Int32Array(count);
  const matrix = new Float32Array(count * dims);
  let n = 0;
  const rows = store.db.prepare<[string, number], { chunk_id: number; vector: Buffer }>(
    'SELECT chunk_id, vector FROM chunk_vectors WHERE model = ? AND dims = ? ORDER BY chunk_id').iterate(model, dims);
  for (const row of rows) {
    if (n >= count || row.vector.byteLength !== dims * 4) continue;
    ids[n] = row.chunk_id;
    // Copied byte for byte: a SQLite blob's offset in its buffer need not be 4-aligned for a Float32Array view.
    row.vector.copy(new Uint8Array(matrix.buffer, matrix.byteOffset + n * dims * 4, dims * 4));
    n++;
  }
  return { ids: ids.subarray(0, n), dims, matrix: matrix.subarray(0, n * dims) };
}
