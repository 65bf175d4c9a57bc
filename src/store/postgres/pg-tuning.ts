/**
 * @module store/postgres/pg-tuning
 * The PostgreSQL store's tuning, with the reasons for each value. Callers never see these; what
 * they see is in contracts/.
 */

/** A PostgreSQL store (`--store postgres://…`). */
export const PG_STORE = {
  /** Waiting for a connection: past it the server counts as unreachable (UNAVAILABLE), not as slow. */
  connectTimeoutMs: 5_000,
  /**
   * One statement of a search, at most: above ENGINE.verifyBudgetMs (the scan checks its budget between
   * statements) and below SEARCH_POOL.hardTimeoutMs, so a statement stops with TIMEOUT before its worker is killed.
   */
  statementTimeoutMs: 10_000,
  /** Connections per process: a search worker reads on one at a time; the serving thread only asks the version. */
  poolMax: 2,
  /** Candidate and ranked rows fetched per round trip of a lazy scan. */
  scanBatchRows: 256,
  /** Memory for building the GIN indexes at the end of a bulk load (PostgreSQL's default, 64 MB, makes it several times slower). */
  maintenanceWorkMemMb: 256,
} as const;
