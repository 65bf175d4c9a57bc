/**
 * @module store/stored-dictionaries
 * The chunk-text dictionaries an index file holds (schema step 13, table
 * `text_dictionaries`; store/text-dictionary builds them). Each is registered
 * in this thread (store/chunk-text) when the store opens, and again at the
 * start of every write transaction and of every search whenever another
 * connection has committed since (`PRAGMA data_version`): a search worker
 * that opened the file before an index pass added a dictionary still reads
 * the rows packed with it. The indexer adds one dictionary at most; the
 * rows written after it are packed with it.
 */
import type Database from 'better-sqlite3';
import { bindableChunkText, registerTextDictionary } from './chunk-text.js';

export class StoredDictionaries {
  /** The dictionary new rows are packed with; null until the index has one. */
  packingId: number | null = null;
  private seenDataVersion = -1;
  private readonly known = new Set<number>();
  private readonly hasTable: Database.Statement<[], number>;
  private readonly dataVersion: Database.Statement<[], number>;

  constructor(private readonly db: Database.Database) {
    this.hasTable = db.prepare<[], number>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'text_dictionaries'").pluck();
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /**
   * Registers the dictionaries this connection has not seen. The schema is read first: inside a
   * transaction that fixes the snapshot, so the dictionaries read are those its rows were packed with.
   * Costs two small statements when nothing was committed elsewhere.
   */
  refresh(): void {
    // A read-only connection does not migrate: an index from before step 13 has no table yet.
    const hasTable = this.hasTable.get()! > 0;
    const dataVersion = this.dataVersion.get()!;
    if (dataVersion === this.seenDataVersion) return;
    if (hasTable) {
      const ids = this.db.prepare<[], number>('SELECT id FROM text_dictionaries ORDER BY id').pluck().all();
      for (const id of ids) {
        if (this.known.has(id)) continue;
        registerTextDictionary(this.bytesOf(id)!);
        this.known.add(id);
      }
      this.packingId = ids[0] ?? null;
    }
    // Last: a refresh that failed half-way is tried again.
    this.seenDataVersion = dataVersion;
  }

  /** Stores `bytes` as a dictionary of the index (inside a transaction); `adopt` it once committed. */
  insert(bytes: Uint8Array): void {
    this.db.prepare('INSERT OR IGNORE INTO text_dictionaries (id, bytes) VALUES (?, ?)')
      .run(registerTextDictionary(bytes), bindableChunkText(bytes));
  }

  /** Packs with this committed dictionary from now on; returns its id. */
  adopt(bytes: Uint8Array): number {
    const id = registerTextDictionary(bytes);
    this.known.add(id);
    this.packingId = id;
    return id;
  }

  /** The bytes of the dictionary new rows are packed with (for prepare workers), null without one. */
  packingBytes(): Buffer | null {
    return this.packingId === null ? null : this.bytesOf(this.packingId) ?? null;
  }

  private bytesOf(id: number): Buffer | undefined {
    return this.db.prepare<[number], Buffer>('SELECT bytes FROM text_dictionaries WHERE id = ?').pluck().get(id);
  }
}
