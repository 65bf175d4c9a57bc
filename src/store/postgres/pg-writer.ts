/**
 * @module store/postgres/pg-writer
 * The one writer of a PostgreSQL index. It holds a session advisory lock
 * (keyed by the schema) on its own connection for the whole run, so a second
 * `quarry index` is refused instead of interleaving; PostgreSQL drops the
 * lock with the connection, so a writer that dies never blocks the next one.
 *
 * A batch is one transaction: rows of replaced and vanished files go, new
 * files, chunks (with their word-index columns), symbols and edges come in as
 * arrays (one statement per table), the word counts and totals bm25 reads
 * move with them, and `index_state.version` is bumped in that same
 * transaction. A reader on any server sees the batch whole or not at all;
 * a batch cut off by a lost connection is rolled back by PostgreSQL, and the
 * next run finds its files unchanged-or-not as stored, and resumes.
 *
 * Ids continue from the largest stored one, as SQLite's rowids do, so a fresh
 * build numbers chunks exactly as the SQLite index of the same tree does.
 */
import type pg from 'pg';
import { catalogueError } from '../../contracts/errors.js';
import { PG_STORE } from './pg-tuning.js';
import type { FileWrite, IndexWriter, StoredFileState, WriteBatch } from '../store.js';
import { pgFailure } from './pg-errors.js';
import { SECONDARY_INDEXES } from './pg-schema.js';
import { chunkWords } from './pg-words.js';

/** First key of Quarry's advisory locks (the second is the schema's hash). */
export const WRITER_LOCK_CLASS = 0x51525259;

/** PostgreSQL text cannot hold NUL; a NUL past the binary sniff window is stored as U+FFFD. */
function pgText(text: string): string;
function pgText(text: string | null): string | null;
function pgText(text: string | null): string | null {
  return text !== null && text.includes('\0') ? text.replace(/\0/g, '\uFFFD') : text;
}

interface Rows {
  files: unknown[][];
  chunks: unknown[][];
  symbols: unknown[][];
  edges: unknown[][];
  /** Chunks each word was added to. */
  words: Map<string, number>;
  chunkRows: number;
  wordTokens: number;
}

/** Columns of `rows` (a list of rows) as arrays, one per column, for `unnest`. */
function columns(rows: unknown[][], width: number): unknown[][] {
  const out: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) row.forEach((value, i) => out[i]!.push(value));
  return out;
}

export class PgWriter implements IndexWriter {
  private closed = false;
  /** The last index version this writer saw committed (told to the user when a batch is cut off). */
  private published = 0;

  private constructor(private readonly client: pg.PoolClient, private readonly schema: string, private readonly display: string) {}

  /** Takes the writer's lock; UNAVAILABLE when another writer holds it. */
  static async open(client: pg.PoolClient, schema: string, display: string): Promise<PgWriter> {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [WRITER_LOCK_CLASS, schema]);
    if (!rows[0]?.locked) throw catalogueError('UNAVAILABLE', { key: 'store.writer_busy', params: { store: display } }, 'en', { retryable: true });
    await client.query(`SET maintenance_work_mem = '${PG_STORE.maintenanceWorkMemMb}MB'`);
    const writer = new PgWriter(client, schema, display);
    writer.published = await writer.indexVersion();
    return writer;
  }

  /** Runs `fn`, saying what a lost connection means for this run. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw pgFailure(error, this.display, { phase: 'index', publishedVersion: this.published });
    }
  }

  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query(sql, params)).rows as T[];
  }

  ensureSource(name: string, root: string): Promise<number> {
    return this.guard(async () => (await this.rows<{ id: number }>(
      `INSERT INTO sources (id, name, root) VALUES ((SELECT coalesce(max(id), 0) + 1 FROM sources), $1, $2)
       ON CONFLICT (name) DO UPDATE SET root = excluded.root RETURNING id`,
      [name, root],
    ))[0]!.id);
  }

  fileStates(sourceId: number): Promise<Map<string, StoredFileState>> {
    return this.guard(async () => {
      const rows = await this.rows<{ id: number; path: string; size: number; mtime_ms: number; hash: string }>(
        'SELECT id, path, size, mtime_ms, hash FROM files WHERE source_id = $1', [sourceId],
      );
      return new Map(rows.map((r) => [r.path, { id: r.id, size: r.size, mtimeMs: r.mtime_ms, hash: r.hash }]));
    });
  }

  contentFormat(): Promise<number> {
    return this.guard(async () => (await this.rows<{ content_format: number }>('SELECT content_format FROM index_state'))[0]?.content_format ?? 0);
  }

  setContentFormat(format: number): Promise<void> {
    return this.guard(async () => { await this.client.query('UPDATE index_state SET content_format = $1', [format]); });
  }

  counts(): Promise<{ files: number; chunks: number }> {
    return this.guard(async () => (await this.rows<{ files: number; chunks: number }>(
      'SELECT (SELECT count(*) FROM files) AS files, chunk_rows AS chunks FROM index_state',
    ))[0] ?? { files: 0, chunks: 0 });
  }

  indexVersion(): Promise<number> {
    return this.guard(async () => (await this.rows<{ version: number }>('SELECT version FROM index_state'))[0]?.version ?? 0);
  }

  apply(batch: WriteBatch): Promise<number> {
    return this.guard(async () => {
      await this.client.query('BEGIN');
      try {
        const version = await this.applyInTransaction(batch);
        await this.client.query('COMMIT');
        this.published = version;
        return version;
      } catch (error) {
        await this.client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  private async applyInTransaction(batch: WriteBatch): Promise<number> {
    const q = (sql: string, params: unknown[]) => this.client.query(sql, params);
    if (batch.touches.length > 0) {
      const [ids, sizes, mtimes] = columns(batch.touches.map((t) => [t.id, t.size, t.mtimeMs]), 3);
      await q(`UPDATE files SET size = t.size, mtime_ms = t.mtime_ms
               FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS t (id, size, mtime_ms) WHERE files.id = t.id`, [ids, sizes, mtimes]);
    }
    let chunkRows = 0;
    let wordTokens = 0;
    const gone = [...batch.writes.flatMap((w) => (w.replaceId === null ? [] : [w.replaceId])), ...batch.deletes];
    if (gone.length > 0) {
      // The words of the chunks going away leave the document counts first (cascade deletes the chunks).
      await q(`INSERT INTO vocab (term, doc) SELECT k, -count(*) FROM chunks c, jsonb_object_keys(c.tf) k WHERE c.file_id = ANY($1::int[])
               GROUP BY k ON CONFLICT (term) DO UPDATE SET doc = vocab.doc + excluded.doc`, [gone]);
      const removed = (await this.rows<{ n: number; t: number }>(
        'SELECT count(*) AS n, coalesce(sum(word_count), 0) AS t FROM chunks WHERE file_id = ANY($1::int[])', [gone],
      ))[0]!;
      chunkRows -= removed.n;
      wordTokens -= removed.t;
      await q('DELETE FROM files WHERE id = ANY($1::int[])', [gone]);
    }
    if (batch.writes.length > 0) {
      const rows = await this.buildRows(batch.sourceId, batch.writes);
      await this.insert(rows);
      chunkRows += rows.chunkRows;
      wordTokens += rows.wordTokens;
    }
    const changed = batch.writes.length + batch.deletes.length > 0 ? 1 : 0;
    return (await this.rows<{ version: number }>(
      'UPDATE index_state SET version = version + $1, chunk_rows = chunk_rows + $2, word_tokens = word_tokens + $3 RETURNING version',
      [changed, chunkRows, wordTokens],
    ))[0]!.version;
  }

  private async buildRows(sourceId: number, writes: readonly FileWrite[]): Promise<Rows> {
    const next = (await this.rows<{ files: number; chunks: number; symbols: number; edges: number }>(
      `SELECT (SELECT coalesce(max(id), 0) FROM files) AS files, (SELECT coalesce(max(id), 0) FROM chunks) AS chunks,
              (SELECT coalesce(max(id), 0) FROM symbols) AS symbols, (SELECT coalesce(max(id), 0) FROM edges) AS edges`,
    ))[0]!;
    const rows: Rows = { files: [], chunks: [], symbols: [], edges: [], words: new Map(), chunkRows: 0, wordTokens: 0 };
    for (const write of writes) {
      const fileId = ++next.files;
      const { file } = write;
      rows.files.push([fileId, sourceId, pgText(file.path), file.language, file.size, file.mtimeMs, file.hash, file.encoding, file.lineCount]);
      for (const chunk of write.chunks) {
        const words = chunkWords(file.path, file.language, chunk);
        rows.chunks.push([
          ++next.chunks, fileId, chunk.startLine, chunk.endLine, chunk.kind, pgText(chunk.symbol), chunk.tokenCount, pgText(chunk.content),
          words.vector, words.tf, words.tokenCount,
        ]);
        for (const word of words.words) rows.words.set(word, (rows.words.get(word) ?? 0) + 1);
        rows.chunkRows++;
        rows.wordTokens += words.tokenCount;
      }
      for (const sym of write.symbols) {
        rows.symbols.push([++next.symbols, fileId, pgText(sym.name), sym.kind, pgText(sym.container), sym.startLine, sym.endLine]);
      }
      for (const edge of write.edges) rows.edges.push([++next.edges, fileId, edge.kind, pgText(edge.from), pgText(edge.to), edge.line]);
    }
    return rows;
  }

  private async insert(rows: Rows): Promise<void> {
    const q = (sql: string, params: unknown[]) => this.client.query(sql, params);
    await q(`INSERT INTO files (id, source_id, path, language, size, mtime_ms, hash, encoding, line_count)
             SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::int[])`,
    columns(rows.files, 9));
    if (rows.chunks.length > 0) {
      await q(`INSERT INTO chunks (id, file_id, start_line, end_line, kind, symbol, token_count, content, words, tf, word_count)
               SELECT id, file_id, start_line, end_line, kind, symbol, token_count, content, words::tsvector, tf::jsonb, word_count
               FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::int[])
                 AS u (id, file_id, start_line, end_line, kind, symbol, token_count, content, words, tf, word_count)`,
      columns(rows.chunks, 11));
    }
    if (rows.symbols.length > 0) {
      await q(`INSERT INTO symbols (id, file_id, name, kind, container, start_line, end_line)
               SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])`, columns(rows.symbols, 7));
    }
    if (rows.edges.length > 0) {
      await q(`INSERT INTO edges (id, file_id, kind, from_name, to_name, line)
               SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[])`, columns(rows.edges, 6));
    }
    if (rows.words.size > 0) {
      await q(`INSERT INTO vocab (term, doc) SELECT * FROM unnest($1::text[], $2::int[])
               ON CONFLICT (term) DO UPDATE SET doc = vocab.doc + excluded.doc`, [[...rows.words.keys()], [...rows.words.values()]]);
    }
  }

  /** PostgreSQL keeps chunk text plain: nothing is packed. */
  textDictionary(): Promise<Uint8Array | null> {
    return Promise.resolve(null);
  }

  beginBulkLoad(): Promise<void> {
    return this.guard(async () => {
      for (const name of Object.keys(SECONDARY_INDEXES)) await this.client.query(`DROP INDEX IF EXISTS ${name}`);
    });
  }

  ensureIndexes(): Promise<void> {
    return this.guard(async () => {
      for (const sql of Object.values(SECONDARY_INDEXES)) await this.client.query(sql);
    });
  }

  /** Keeps no word counts (its words table holds them). */
  deferWordCounts(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** Lets go of the lock and the connection (a broken one is discarded). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let broken = false;
    await this.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [WRITER_LOCK_CLASS, this.schema]).catch(() => { broken = true; });
    this.client.release(broken);
  }
}
