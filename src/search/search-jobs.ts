/**
 * @module search/search-jobs
 * What a search worker runs: a job names an index, an operation and its
 * plain-data parameters, and gets plain data back (or a QuarryError carried
 * as data across the thread boundary). Indexes are opened read-only and kept
 * open per path, a few at a time; a file replaced on disk (an index rebuilt
 * from scratch) is re-opened. WAL lets these readers see every commit of the
 * serving thread's writers without re-opening.
 */
import fs from 'node:fs';
import { QuarryError, type ErrorCode, type ErrorText } from '../contracts/errors.js';
import { SEARCH_POOL } from '../contracts/limits.js';
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { SearchRequest, SearchResponse } from '../contracts/rest-api.js';
import { SqliteStore } from '../store/sqlite-store.js';
import type { SearchCodeResponse } from './engine.js';
import { searchProject } from './project-search.js';
import { findReferences, type ReferencesRequest, type ReferencesResponse } from './references-service.js';
import { searchCodePage } from './search-code-service.js';

/** Each operation's parameters and answer. */
export interface SearchOps {
  search_code: { params: { params: SearchCodeParams; offset: number }; result: SearchCodeResponse };
  find_references: { params: ReferencesRequest; result: ReferencesResponse };
  project_search: { params: SearchRequest; result: SearchResponse };
}

export type SearchOp = keyof SearchOps;

export interface SearchJob<Op extends SearchOp = SearchOp> {
  indexPath: string;
  /** The project folder, named in the INDEX_MISSING message. */
  root: string;
  op: Op;
  params: SearchOps[Op]['params'];
}

/** A failure as it crosses a thread: a QuarryError's parts, or an unexpected error's text (for the log only). */
export type JobFailure =
  | { kind: 'quarry'; code: ErrorCode; message: string; details: Record<string, unknown>; text?: ErrorText; cause?: string }
  | { kind: 'crash'; cause: string };

function causeOf(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? error.stack ?? `${error.name}: ${error.message}` : String(error);
}

export function toJobFailure(error: unknown): JobFailure {
  if (error instanceof QuarryError) {
    return { kind: 'quarry', code: error.code, message: error.message, details: { ...error.details }, text: error.text, cause: causeOf(error.cause) };
  }
  return { kind: 'crash', cause: causeOf(error) ?? 'unknown' };
}

/** The failure as the calling thread throws it: a crash keeps its text only as the cause, so callers see a generic INTERNAL. */
export function fromJobFailure(failure: JobFailure): Error {
  if (failure.kind === 'crash') return new Error(failure.cause);
  return new QuarryError(failure.code, failure.message, failure.details, {
    text: failure.text, ...(failure.cause !== undefined ? { cause: new Error(failure.cause) } : {}),
  });
}

interface OpenIndex {
  store: SqliteStore;
  /** Identity of the file when opened: a different inode means the index was replaced. */
  ino: number;
  dev: number;
}

/** Read-only stores by index path, least recently used closed first. */
export class ReadOnlyStores {
  private readonly open = new Map<string, OpenIndex>();

  constructor(private readonly max: number = SEARCH_POOL.storesPerWorker) {}

  get(indexPath: string, root: string): SqliteStore {
    const existing = this.open.get(indexPath);
    let stat: fs.Stats | undefined;
    try { stat = fs.statSync(indexPath); } catch { /* missing: SqliteStore.open says INDEX_MISSING */ }
    if (existing && stat && existing.ino === stat.ino && existing.dev === stat.dev) {
      this.open.delete(indexPath);
      this.open.set(indexPath, existing);
      return existing.store;
    }
    if (existing) this.close(indexPath);
    const store = SqliteStore.open(indexPath, { readonly: true, root });
    this.open.set(indexPath, { store, ino: stat?.ino ?? 0, dev: stat?.dev ?? 0 });
    while (this.open.size > this.max) this.close(this.open.keys().next().value!);
    return store;
  }

  private close(indexPath: string): void {
    this.open.get(indexPath)?.store.close();
    this.open.delete(indexPath);
  }

  closeAll(): void {
    for (const key of [...this.open.keys()]) this.close(key);
  }
}

export function runSearchJob(job: SearchJob, stores: ReadOnlyStores): unknown {
  const store = stores.get(job.indexPath, job.root);
  switch (job.op) {
    case 'search_code': {
      const { params, offset } = job.params as SearchOps['search_code']['params'];
      return searchCodePage(store, params, offset);
    }
    case 'find_references':
      return findReferences(store, job.params as SearchOps['find_references']['params']);
    case 'project_search':
      return searchProject(store, job.params as SearchOps['project_search']['params']);
    default:
      throw new Error(`unknown search op ${String(job.op)}`);
  }
}
