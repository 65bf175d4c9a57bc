/**
 * @module store/stored-dictionaries
 * The chunk-text dictionaries an index file holds (schema step 13, table
 * `text_dictionaries`; store/text-dictionary builds them). Each is registered
 * in this process (store/chunk-text) when the store opens, and again when
 * another connection committed since: a search worker that opened the file
 * before an index pass added a dictionary still reads the rows packed with it.
 * An index has at most one; it packs every row written after it.
 */
import type Database from 'better-sqlite3';
import { registerTextDictionary } from './chunk-text.js';

export class StoredDictionaries {
  /** The dictionary new rows are packed with; null until the index has one. */
  packingId: number | null = null;
  private seenDataVersion = -1;
  private readonly known = new Set<number>();

  constructor(private readonly db: Database.Database) {}

  /** Registers dictionaries this connection has not seen; costs one pragma when nothing was committed elsewhere. */
  refresh(): void {
    const dataVersion = Number(this.db.pragma('data_version', { simple: true }));
    if (dataVersion === this.seenDataVersion) return;
    this.seenDataVersion = dataVersion;
    // A read-only connection does not migrate: an index from before step 13 has no table yet.
    const table = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'text_dictionaries'").get();
    if (!table) return;
    const ids = this.db.prepare<[], number>('SELECT id FROM text_dictionaries ORDER BY id').pluck().all();
    for (const id of ids) {
      if (!this.known.has(id)) {
        registerTextDictionary(this.db.prepare<[number], Buffer>('SELECT bytes FROM text_dictionaries WHERE id = ?').pluck().get(id)!);
        this.known.add(id);
      }
    }
    this.packingId = ids[0] ?? null;
  }

  /** Stores `bytes` as the index's dictionary (call inside a transaction) and packs with it from now on. */
  add(bytes: Uint8Array): number {
    const id = registerTextDictionary(bytes);
    this.db.prepare('INSERT OR IGNORE INTO text_dictionaries (id, bytes) VALUES (?, ?)').run(id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.known.add(id);
    this.packingId = id;
    return id;
  }

  /** The bytes of the dictionary new rows are packed with (for prepare workers), null without one. */
  packingBytes(): Buffer | null {
    if (this.packingId === null) return null;
    return this.db.prepare<[number], Buffer>('SELECT bytes FROM text_dictionaries WHERE id = ?').pluck().get(this.packingId) ?? null;
  }
}
