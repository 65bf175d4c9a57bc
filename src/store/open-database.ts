/**
 * @module store/open-database
 * Opens a better-sqlite3 database the one way Quarry does, for the code index
 * and the medicines registry alike: a new file gets the index page size, a
 * writer turns on WAL (readers keep answering from the last commit while an
 * import or index pass writes), every connection waits for a busy writer
 * instead of failing at once, and a read-only open changes nothing on disk.
 * Each store keeps its own migrations (it knows its schema); `applyMigrations`
 * runs them safely when several processes open a new file at once.
 */
import Database from 'better-sqlite3';
import { STORE } from './store-tuning.js';

export interface OpenDatabaseOptions {
  /** Open read-only: no WAL switch, no page size, no writes (the file must exist). */
  readonly?: boolean;
}

/** Waits on nothing for `ms`, synchronously (opening a database is synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * `journal_mode = WAL` can fail with SQLITE_BUSY at once, without the busy handler, while another
 * process creates or converts the same new file (seen with six processes opening one new index
 * under load): it is tried again for up to the busy timeout.
 */
function switchToWal(db: Database.Database): void {
  const deadline = Date.now() + STORE.busyTimeoutMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      pause(STORE.walSwitchRetryMs);
    }
  }
}

/** Opens `file` with Quarry's pragmas; closes it again if a pragma fails. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Database.Database {
  const readonly = options.readonly ?? false;
  const db = new Database(file, { readonly });
  try {
    // First: switching a new file to WAL needs the lock another process creating it may hold.
    db.pragma(`busy_timeout = ${STORE.busyTimeoutMs}`);
    // Only takes effect on a new, empty file (before WAL mode and the first table).
    if (!readonly && Number(db.pragma('user_version', { simple: true })) === 0) db.pragma(`page_size = ${STORE.pageSize}`);
    if (!readonly) {
      switchToWal(db);
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${STORE.cacheSizeKiB}`);
    if (readonly) db.pragma(`mmap_size = ${STORE.readerMmapBytes}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Brings `PRAGMA user_version` up to `migrations.length`, one migration per step. Two processes
 * may open a new file at once (serve and index, or several servers): each step takes the write
 * lock first and re-reads the version under it, so only one of them runs a given migration.
 * Under the lock it also reads the schema table, which makes SQLite reload its copy of the schema
 * when another connection changed it: reading the version alone does not, and a migration is
 * compiled against that copy (step 9's `DROP VIEW edges` failed on a copy that still had the
 * table of step 6).
 */
export function applyMigrations(db: Database.Database, migrations: readonly string[]): void {
  const schemaRead = db.prepare('SELECT count(*) FROM sqlite_schema').pluck();
  const step = db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }));
    if (version >= migrations.length) return false;
    schemaRead.get();
    db.exec(migrations[version]!);
    db.pragma(`user_version = ${version + 1}`);
    return true;
  });
  while (step.immediate()) { /* the next version */ }
}
