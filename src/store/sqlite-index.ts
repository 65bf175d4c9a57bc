/**
 * @module store/sqlite-index
 * The SQLite index as a `Store` (store/store): one file, read through its
 * prepared statements (store/sqlite-reader) and written in `BEGIN IMMEDIATE`
 * transactions. SQLite's own file lock keeps writers apart, so the writer
 * takes nothing more; each batch bumps the index version in its own
 * transaction, as the indexer always did.
 */
import fs from 'node:fs';
import { STORE } from './store-tuning.js';
import type { CountingThread } from './counting-thread.js';
import type { OpenStoreOptions } from './open-store.js';
import { SqliteReader, type CountElsewhere } from './sqlite-reader.js';
import { buildTextDictionary } from './text-dictionary.js';
import { SqliteStore } from './sqlite-store.js';
import type { IndexReader, IndexWriter, Store, StoredFileState, WriteBatch, WriteTimes } from './store.js';

class SqliteWriter implements IndexWriter {
  constructor(private readonly sqlite: SqliteStore) {}

  ensureSource(name: string, root: string): Promise<number> {
    return Promise.resolve(this.sqlite.transaction(() => this.sqlite.ensureSource(name, root)));
  }

  fileStates(sourceId: number): Promise<Map<string, StoredFileState>> {
    return Promise.resolve(this.sqlite.fileStates(sourceId));
  }

  contentFormat(): Promise<number> {
    return Promise.resolve(this.sqlite.contentFormat());
  }

  setContentFormat(format: number): Promise<void> {
    this.sqlite.setContentFormat(format);
    return Promise.resolve();
  }

  counts(): Promise<{ files: number; chunks: number }> {
    return Promise.resolve(this.sqlite.counts());
  }

  apply(batch: WriteBatch): Promise<number> {
    const store = this.sqlite;
    const start = performance.now();
    const version = store.transaction(() => {
      for (const t of batch.touches) store.touchFile(t.id, t.size, t.mtimeMs);
      for (const write of batch.writes) {
        if (write.replaceId !== null && !write.rewrite) {
          store.replaceFile(write.replaceId, batch.sourceId, write.file, write.chunks, write.symbols, write.edges);
          continue;
        }
        if (write.replaceId !== null) store.deleteFile(write.replaceId);
        store.insertFile(batch.sourceId, write.file, write.chunks, write.symbols, write.edges);
      }
      for (const id of batch.deletes) store.deleteFile(id);
      return batch.writes.length + batch.deletes.length > 0 ? store.bumpIndexVersion() : store.indexVersion();
    });
    store.writeTimes.transactions_ms += performance.now() - start;
    return Promise.resolve(version);
  }

  writeTimes(): WriteTimes {
    return { ...this.sqlite.writeTimes };
  }

  /** Built outside the transaction (under a second on 8 MiB of samples), kept inside it unless another writer kept one first. */
  textDictionary(samples: (() => Buffer[]) | null): Promise<Uint8Array | null> {
    const store = this.sqlite;
    const existing = store.transaction(() => store.dictionaries.packingBytes());
    if (existing || !samples) return Promise.resolve(existing);
    const built = buildTextDictionary(samples());
    if (!built) return Promise.resolve(null);
    const kept = store.transaction(() => {
      const first = store.dictionaries.packingBytes();
      if (!first) store.dictionaries.insert(built);
      return first ?? built;
    });
    store.dictionaries.adopt(kept);
    return Promise.resolve(kept);
  }

  beginBulkLoad(): Promise<void> {
    this.sqlite.dropSecondaryIndexes();
    return Promise.resolve();
  }

  ensureIndexes(options?: { wordCounts?: boolean }): Promise<void> {
    this.sqlite.ensureIndexes(options);
    return Promise.resolve();
  }

  deferWordCounts(bytesChanged: number, chunks: number): Promise<boolean> {
    if (bytesChanged <= chunks * STORE.wordDocsKeptBytesPerChunk) return Promise.resolve(false);
    this.sqlite.forgetWordDocs();
    return Promise.resolve(true);
  }

  indexVersion(): Promise<number> {
    return Promise.resolve(this.sqlite.indexVersion());
  }

  /** Folds the WAL back into the file, so the index's size is its file's. */
  close(): Promise<void> {
    this.sqlite.truncateWal();
    return Promise.resolve();
  }
}

export class SqliteIndex implements Store {
  readonly kind = 'sqlite' as const;
  readonly location;
  readonly displayName: string;
  private readonly reader: SqliteReader;
  /** Reads in progress (on a read-only connection they share one transaction). */
  private readers = 0;

  constructor(readonly sqlite: SqliteStore, private readonly counting: CountingThread | null = null) {
    this.location = { kind: 'sqlite' as const, file: sqlite.file };
    this.displayName = sqlite.file;
    this.reader = new SqliteReader(sqlite, counting && this.countOn(counting));
  }

  /** Counts on `thread`, for this file as opened now (a file later replaced on disk is another). */
  private countOn(thread: CountingThread): CountElsewhere {
    const { dev, ino } = fs.statSync(this.sqlite.file);
    return (matches, version, step) => thread.count({ file: this.sqlite.file, dev, ino, version, step }, matches);
  }

  /**
   * Opens the index file (see SqliteStore.open: INDEX_MISSING without `create`). `countingThread`, on a
   * read-only index: its word counts run on that thread (store/counting-thread; a search worker's).
   */
  static open(file: string, options: OpenStoreOptions = {}): SqliteIndex {
    const sqlite = SqliteStore.open(file, options);
    return new SqliteIndex(sqlite, options.readonly ? options.countingThread ?? null : null);
  }

  /**
   * A read-only connection (a search worker's) reads in one transaction, so a search sees one index
   * version even while an index pass commits; reads that overlap in one process share it.
   */
  async read<T>(fn: (reader: IndexReader) => Promise<T>): Promise<T> {
    const snapshot = this.sqlite.readsInSnapshot;
    // Only when no other read is under way: a statement cannot run while another read's scan is open.
    if (this.readers === 0) {
      if (snapshot) this.sqlite.db.exec('BEGIN');
      try {
        // An index pass may have added the dictionary of rows this search will read, or migrated the file.
        this.sqlite.dictionaries.refresh();
        if (snapshot) this.sqlite.refreshStatements();
      } catch (error) {
        if (snapshot) this.sqlite.db.exec('COMMIT');
        throw error;
      }
    }
    this.readers++;
    try {
      return await fn(this.reader);
    } finally {
      if (--this.readers === 0 && snapshot) this.sqlite.db.exec('COMMIT');
    }
  }

  indexVersion(): Promise<number> {
    return Promise.resolve(this.sqlite.indexVersion());
  }

  secret(): Promise<string> {
    return Promise.resolve(this.sqlite.secret());
  }

  openWriter(): Promise<IndexWriter> {
    return Promise.resolve(new SqliteWriter(this.sqlite));
  }

  sizeBytes(): Promise<number> {
    return Promise.resolve(this.sqlite.sizeOnDisk());
  }

  close(): Promise<void> {
    this.sqlite.close();
    this.counting?.release(this.sqlite.file);
    return Promise.resolve();
  }
}
