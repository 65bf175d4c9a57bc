/**
 * @module tools/context
 * Everything a tool handler may reach, built once per door: the project
 * root, the locale, and lazily opened engines. Handlers never open files
 * or databases themselves, so doors decide lifetimes and tests inject roots.
 * Indexed searches of every door (stdio and HTTP MCP, REST, CLI) run in the
 * one search pool held here, off the door's thread.
 */
import path from 'node:path';
import type { Locale } from '../contracts/messages/index.js';
import { resolveLocale } from '../contracts/messages/index.js';
import { LiveService } from '../live/service.js';
import { MedicinesStore, defaultMedicinesPath } from '../medicines/store.js';
import { SqliteStore, defaultIndexPath } from '../store/sqlite-store.js';
import { ResultCache } from '../search/result-cache.js';
import type { SearchCodeResponse } from '../search/engine.js';
import type { SearchOp, SearchOps } from '../search/search-jobs.js';
import { SearchPool, searchPoolOptionsFromEnv } from '../search/search-pool.js';

export interface ToolContextOptions {
  /** Project root: the folder that is indexed and that live searches are fenced to. */
  root: string;
  indexPath?: string;
  locale?: string;
  env?: NodeJS.ProcessEnv;
}

export class ToolContext {
  readonly root: string;
  readonly indexPath: string;
  readonly locale: Locale;
  readonly env: NodeJS.ProcessEnv;
  /** The locale the caller asked for (option or QUARRY_LOCALE), if any; medicines default to Czech without one. */
  readonly requestedLocale: string | undefined;
  /** Resolves when the door's index refresh (if any) is done; searches wait for it. */
  indexReady: Promise<unknown> = Promise.resolve();
  /** Answers of search_code, keyed by request and index version. */
  readonly searchCache = new ResultCache<SearchCodeResponse>();
  private store: SqliteStore | null = null;
  private pool: SearchPool | null = null;
  private liveService: LiveService | null = null;
  private medicinesStore: MedicinesStore | null = null;

  constructor(options: ToolContextOptions) {
    this.root = path.resolve(options.root);
    this.indexPath = path.resolve(options.indexPath ?? defaultIndexPath(this.root));
    this.env = options.env ?? process.env;
    this.locale = resolveLocale(options.locale, this.env);
    this.requestedLocale = options.locale ?? this.env.QUARRY_LOCALE;
  }

  /** The code index, opened on first use and kept open. */
  async codeIndex(): Promise<SqliteStore> {
    await this.indexReady.catch(() => undefined);
    this.store ??= SqliteStore.open(this.indexPath, { root: this.root });
    return this.store;
  }

  /** The search workers, started on the first search (QUARRY_SEARCH_WORKERS / QUARRY_SEARCH_TIMEOUT_MS tune them). */
  get searchPool(): SearchPool {
    this.pool ??= new SearchPool(searchPoolOptionsFromEnv(this.env));
    return this.pool;
  }

  /** Runs one search job against this door's index in the pool, once the index is ready. */
  async searchIndex<Op extends SearchOp>(op: Op, params: SearchOps[Op]['params'], signal?: AbortSignal): Promise<SearchOps[Op]['result']> {
    // Opened here first (waits for the door's index refresh, migrates, says INDEX_MISSING); workers only read.
    await this.codeIndex();
    return this.searchPool.run({ indexPath: this.indexPath, root: this.root, op, params }, signal);
  }

  /** Live search (fd + ripgrep): binaries and the coarser-format cache, made on first use. */
  live(): LiveService {
    this.liveService ??= new LiveService(this.root, this.env);
    return this.liveService;
  }

  /** The SÚKL medicines database (ROOT/.quarry/medicines.db), opened on first use; missing = not imported. */
  medicines(): MedicinesStore {
    this.medicinesStore ??= MedicinesStore.open(defaultMedicinesPath(this.root), { root: this.root, locale: this.medicinesLocale() });
    return this.medicinesStore;
  }

  /** Medicines speak the seed's Czech unless a locale was asked for. */
  medicinesLocale(): Locale {
    return this.requestedLocale ? this.locale : 'cs';
  }

  close(): void {
    void this.pool?.close();
    this.pool = null;
    this.store?.close();
    this.store = null;
    this.medicinesStore?.close();
    this.medicinesStore = null;
  }
}
