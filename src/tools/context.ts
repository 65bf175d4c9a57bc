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
import { openStore } from '../store/open-store.js';
import type { Store, StoreLocation } from '../store/store.js';
import { resolveStoreLocation } from '../store/store-location.js';
import { firstStagePath } from '../store/first-stage/first-stage-files.js';
import { ResultCache } from '../search/result-cache.js';
import type { SearchCodeResponse } from '../search/engine.js';
import type { SearchOp, SearchOps } from '../search/search-jobs.js';
import { SearchPool, searchPoolOptionsFromEnv } from '../search/search-pool.js';
import { embeddingsConfig, type EmbeddingsConfig } from '../embeddings/config.js';
import type { QueryEmbeddings } from '../embeddings/query-embeddings.js';
import { INDEX_PASS } from '../contracts/limits.js';
import { isQuarryError } from '../contracts/errors.js';
import { IndexPass, searchWaitMs } from './index-pass.js';

export interface ToolContextOptions {
  /** Project root: the folder that is indexed and that live searches are fenced to. */
  root: string;
  /** --index FILE: a SQLite index other than ROOT/.quarry/index.db. */
  indexPath?: string;
  /** --store URL|FILE (else QUARRY_STORE): a PostgreSQL store or a SQLite file. */
  store?: string;
  locale?: string;
  env?: NodeJS.ProcessEnv;
  /** The embeddings endpoint (off when null); read from QUARRY_EMBEDDINGS_* when not given. */
  embeddings?: EmbeddingsConfig | null;
  /**
   * Searches run in this thread (under the pool's hard limit, kept by a watchdog thread) instead of
   * in worker processes: for a command that searches once and exits, which would otherwise pay a
   * second Node start and a second load of the engine for its one search.
   */
  searchInProcess?: boolean;
}

export class ToolContext {
  readonly root: string;
  /** Where the code index is (store/store-location). */
  readonly location: StoreLocation;
  readonly locale: Locale;
  readonly env: NodeJS.ProcessEnv;
  /** The locale the caller asked for (option or QUARRY_LOCALE), if any; medicines default to Czech without one. */
  readonly requestedLocale: string | undefined;
  /** The door's index pass at start, if any: searches wait for it up to `indexWaitMs`, then answer from what it has committed, saying so. */
  readonly indexPass = new IndexPass();
  /** How long a search waits for the door's index pass (INDEX_PASS.searchWaitMs, or QUARRY_INDEX_WAIT_MS). */
  readonly indexWaitMs: number;
  /** Resolves when the door's index pass (if any) is done. */
  private indexDone: Promise<unknown> = Promise.resolve();
  /** Answers of search_code, keyed by request and index version. */
  readonly searchCache = new ResultCache<SearchCodeResponse>();
  private store: Promise<Store> | null = null;
  private pool: SearchPool | null = null;
  /** What a family of tools made on first use and keeps for the door's life, by its maker (`part`). */
  private readonly parts = new Map<unknown, { value: unknown; close?: () => void }>();
  /** The optional embeddings endpoint, null when off. */
  readonly embeddings: EmbeddingsConfig | null;
  private queryVectors: QueryEmbeddings | null = null;
  private readonly searchInProcess: boolean;
  private closed = false;

  constructor(options: ToolContextOptions) {
    this.root = path.resolve(options.root);
    this.env = options.env ?? process.env;
    this.location = resolveStoreLocation({ root: this.root, index: options.indexPath, store: options.store, env: this.env });
    this.locale = resolveLocale(options.locale, this.env);
    this.requestedLocale = options.locale ?? this.env.QUARRY_LOCALE;
    this.embeddings = options.embeddings === undefined ? embeddingsConfig({}, this.env) : options.embeddings;
    this.indexWaitMs = searchWaitMs(this.env);
    this.searchInProcess = options.searchInProcess ?? false;
  }

  /** The door has started an index pass over its folder; `done` settles when the pass ends. */
  trackIndexPass(done: Promise<unknown>): void {
    this.indexDone = done;
    this.indexPass.track(done);
  }

  /** Resolves when the door's index pass (if any) has ended, however it ended. */
  get indexReady(): Promise<void> {
    return this.indexDone.then(() => undefined, () => undefined);
  }

  /** Query vectors for hybrid search_code, or null when embeddings are off (their client loads only when they are on). */
  async queryEmbeddings(): Promise<QueryEmbeddings | null> {
    if (!this.embeddings) return null;
    if (!this.queryVectors) {
      const [{ QueryEmbeddings }, { OpenAiEmbeddings }] = await Promise.all([import('../embeddings/query-embeddings.js'), import('../embeddings/openai-embeddings.js')]);
      this.queryVectors ??= new QueryEmbeddings(new OpenAiEmbeddings(this.embeddings));
    }
    return this.queryVectors;
  }

  /**
   * The code index, opened on first use and kept open. It waits for the door's index pass until
   * `indexWaitMs` after the pass started; a pass still running by then is read as far as it has
   * committed (answers say so: `indexPass.notice`), and while that pass has not yet created the
   * index, the open is tried again.
   */
  async codeIndex(): Promise<Store> {
    await this.indexPass.waitForPass(this.indexWaitMs);
    for (;;) {
      const opening = this.store ??= openStore(this.location, { root: this.root });
      // A failed open (no index yet, PostgreSQL away) is tried again by the next call.
      opening.catch(() => { if (this.store === opening) this.store = null; });
      try {
        return await opening;
      } catch (error) {
        if (!(isQuarryError(error) && error.code === 'INDEX_MISSING' && this.indexPass.underWay)) throw error;
        await this.indexPass.waitAtMost(INDEX_PASS.openRetryMs);
      }
    }
  }

  /** Waits for the code index as `codeIndex` does; then the warning of an answer read now (the door's pass still runs), or null. */
  async indexNotice(locale: Locale): Promise<string | null> {
    await this.codeIndex();
    return this.indexPass.notice(locale);
  }

  /** The search workers, started on the first search (QUARRY_SEARCH_WORKERS / QUARRY_SEARCH_TIMEOUT_MS tune them); or this thread (searchInProcess). */
  get searchPool(): SearchPool {
    this.pool ??= new SearchPool({ ...searchPoolOptionsFromEnv(this.env), ...(this.searchInProcess ? { inProcess: { locale: this.locale } } : {}) });
    return this.pool;
  }

  /** Starts a search worker on this door's index once the index is ready, ahead of the first search. */
  prestartSearch(): void {
    void this.indexReady.catch(() => undefined).then(() => {
      if (this.closed) return;
      this.searchPool.prestart({ store: this.location, root: this.root });
    });
  }

  /** After an index pass over this door's index: idle search workers read ahead what its next search needs (SearchPool.warm). */
  warmSearch(): void {
    if (!this.closed && this.pool) this.pool.warm({ store: this.location, root: this.root });
  }

  /** Runs one search job against this door's index in the pool, once the index is ready. */
  async searchIndex<Op extends SearchOp>(op: Op, params: SearchOps[Op]['params'], signal?: AbortSignal): Promise<SearchOps[Op]['result']> {
    // Opened here first (waits for the door's index refresh, migrates, says INDEX_MISSING); workers only read.
    await this.codeIndex();
    // While this door's pass runs, exact and regex searches may answer for every file from its first stage.
    const firstStage = op === 'search_code' && this.indexPass.underWay && this.location.kind === 'sqlite' ? firstStagePath(this.location.file) : undefined;
    return this.searchPool.run({ store: this.location, root: this.root, op, params, ...(firstStage ? { firstStage } : {}) }, signal);
  }

  /**
   * What a family of tools makes on first use and keeps for the door's life (live search's binaries
   * and cache, the medicines database), closed with the door. The family's own module makes it, so
   * a door that never calls those tools never loads their code (a one-shot `quarry search`).
   */
  part<T>(make: (ctx: ToolContext) => T, close?: (value: T) => void): T {
    let found = this.parts.get(make);
    if (!found) {
      const value = make(this);
      found = { value, ...(close ? { close: () => close(value) } : {}) };
      this.parts.set(make, found);
    }
    return found.value as T;
  }

  /** Medicines speak the MCP contract's Czech unless a locale was asked for. */
  medicinesLocale(): Locale {
    return this.requestedLocale ? this.locale : 'cs';
  }

  close(): void {
    this.closed = true;
    void this.pool?.close();
    this.pool = null;
    void this.store?.then((store) => store.close(), () => undefined);
    this.store = null;
    for (const part of this.parts.values()) part.close?.();
    this.parts.clear();
  }
}
