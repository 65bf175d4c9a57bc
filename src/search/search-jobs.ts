/**
 * @module search/search-jobs
 * What a search worker runs: a job names an index, an operation and its
 * plain-data parameters, and gets plain data back (or a QuarryError carried
 * as data across the process boundary). Indexes are opened read-only and
 * kept open per location, a few at a time; a SQLite file replaced on disk (an
 * index rebuilt from scratch) is re-opened. WAL lets these readers see every
 * commit of the serving thread's writers without re-opening; a PostgreSQL
 * store sees every committed index version on its next read.
 */
import fs from 'node:fs';
import { QuarryError, type ErrorCode, type ErrorText } from '../contracts/errors.js';
import { SEARCH_POOL } from '../contracts/limits.js';
import type { SearchCodeParams } from '../contracts/search-code-params.js';
import type { LocateParams, LocateResponse } from '../contracts/locate.js';
import type { SearchRequest, SearchResponse } from '../contracts/rest-api.js';
import type { CountingThread } from '../store/counting-thread.js';
import { openStore } from '../store/open-store.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import type { Store, StoreLocation } from '../store/store.js';
import type { SearchCodeResponse } from './engine.js';
import type { ReferencesRequest, ReferencesResponse } from './references-service.js';
import type { FirstStagePostings } from './first-stage-reader.js';
import { planSearch } from './plan.js';
import { firstStageWordsPath } from '../store/first-stage/first-stage-files.js';
import { searchCodePage } from './search-code-service.js';
import type { SemanticQuery } from './semantic-fusion.js';
import type { StructureParams } from '../contracts/structure-params.js';
import type { StructureSearchResult } from './structure/structure-search.js';

/** Each operation's parameters and answer. */
export interface SearchOps {
  search_code: { params: { params: SearchCodeParams; offset: number; semantic?: SemanticQuery }; result: SearchCodeResponse };
  find_references: { params: ReferencesRequest; result: ReferencesResponse };
  project_search: { params: SearchRequest; result: SearchResponse };
  locate: { params: LocateParams; result: LocateResponse };
  search_structure: { params: StructureParams; result: StructureSearchResult };
  example_queries: { params: { count: number }; result: string[] };
}

export type SearchOp = keyof SearchOps;

export interface SearchJob<Op extends SearchOp = SearchOp> {
  store: StoreLocation;
  /** The project folder, named in the INDEX_MISSING message. */
  root: string;
  op: Op;
  params: SearchOps[Op]['params'];
  /**
   * The first stage of the door's index pass, while it runs (ingest/first-stage): search_code's exact
   * and regex candidates come from it when it is there and whole, and word searches that need no
   * definitions from its words (firstStageWordsPath beside it) once they are written.
   */
  firstStage?: string;
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
  store: Store;
  /** Identity of a SQLite file when opened: a different inode means the index was replaced. */
  ino: number;
  dev: number;
}

function keyOf(location: StoreLocation): string {
  return location.kind === 'sqlite' ? `sqlite:${location.file}` : location.url;
}

/** The identity of a SQLite file (absent: 0/0); a PostgreSQL store is never replaced under its URL. */
function identityOf(location: StoreLocation): { ino: number; dev: number } | undefined {
  if (location.kind !== 'sqlite') return { ino: 0, dev: 0 };
  try {
    const stat = fs.statSync(location.file);
    return { ino: stat.ino, dev: stat.dev };
  } catch {
    return undefined; // missing: opening says INDEX_MISSING
  }
}

/** Read-only stores by location, least recently used closed first. */
export class ReadOnlyStores {
  private readonly open = new Map<string, OpenIndex>();
  /** Opens under way: a job that arrives while the pool's prestart opens the same index waits for that open. */
  private readonly opening = new Map<string, Promise<Store>>();

  /** Started on the first SQLite open when counts go to a thread of their own. */
  private counting: CountingThread | null = null;
  private countingStart: Promise<CountingThread> | null = null;

  /** The first stage's files last asked for, trigrams and words (one door, one pass at a time). */
  private readonly stages = new Map<string, FirstStagePostings>();

  /**
   * `countingThread`: SQLite indexes count word matches on one thread of their own (store/counting-thread). A
   * search worker process runs one job at a time; in-process searches overlap, and a count answered late
   * could then run a statement while another search's scan is open, so they count in their own thread.
   */
  constructor(private readonly max: number = SEARCH_POOL.storesPerWorker, private readonly countingThread = false) {}

  get(location: StoreLocation, root: string): Promise<Store> {
    const key = keyOf(location);
    const pending = this.opening.get(key);
    if (pending) return pending;
    const opened = this.openOrReuse(location, root, key).finally(() => this.opening.delete(key));
    this.opening.set(key, opened);
    return opened;
  }

  private async openOrReuse(location: StoreLocation, root: string, key: string): Promise<Store> {
    const existing = this.open.get(key);
    const identity = identityOf(location);
    if (existing && identity && existing.ino === identity.ino && existing.dev === identity.dev) {
      this.open.delete(key);
      this.open.set(key, existing);
      return existing.store;
    }
    if (existing) await this.close(key);
    // Only a search worker process counts in a thread of its own (started once, however many opens overlap): the one-shot search does not load it.
    if (this.countingThread && location.kind === 'sqlite') this.counting ??= await (this.countingStart ??= import('../store/counting-thread.js').then((m) => m.CountingThread.start()));
    const store = await openStore(location, { readonly: true, root, countingThread: this.counting ?? undefined });
    this.open.set(key, { store, ino: identity?.ino ?? 0, dev: identity?.dev ?? 0 });
    while (this.open.size > this.max) await this.close(this.open.keys().next().value!);
    return store;
  }

  private async close(key: string): Promise<void> {
    const open = this.open.get(key);
    this.open.delete(key);
    await open?.store.close();
  }

  /**
   * The first-stage file `file`, opened again when another pass wrote it; null when there is none.
   * Its reader loads with the first search during a pass: a search of a finished index never needs it.
   */
  async firstStage(file: string): Promise<FirstStagePostings | null> {
    let identity: fs.Stats | null = null;
    try {
      identity = fs.statSync(file);
    } catch {
      // Gone: the pass has ended.
    }
    const open = this.stages.get(file);
    if (open && identity && open.identity.ino === identity.ino && open.identity.size === identity.size && open.identity.mtimeMs === identity.mtimeMs) return open;
    open?.close();
    this.stages.delete(file);
    const postings = identity ? (await import('./first-stage-reader.js')).FirstStagePostings.open(file) : null;
    if (postings) this.stages.set(file, postings);
    return postings;
  }

  async closeAll(): Promise<void> {
    for (const postings of this.stages.values()) postings.close();
    this.stages.clear();
    for (const key of [...this.open.keys()]) await this.close(key);
    await this.counting?.close();
    this.counting = null;
    this.countingStart = null;
  }
}

export async function runSearchJob(job: SearchJob, stores: ReadOnlyStores): Promise<unknown> {
  const store = await stores.get(job.store, job.root);
  switch (job.op) {
    case 'search_code': {
      const { params, offset, semantic } = job.params as SearchOps['search_code']['params'];
      // Vectors are kept in SQLite indexes only (embeddings/vector-store); another store ranks by words.
      const vectors = store instanceof SqliteIndex ? store.sqlite : null;
      const stage = job.firstStage ? await stores.firstStage(job.firstStage) : null;
      if (!stage) return store.read((reader) => searchCodePage(reader, params, offset, semantic && { query: semantic, vectors }));
      const [{ withFirstStage }, { FirstStageWords }, { firstStageWordsAnswer, withFirstStageWords }] = await Promise.all([
        import('./first-stage-reader.js'), import('./first-stage-words.js'), import('./first-stage-words-view.js'),
      ]);
      // Planned here once: whether the words answer depends on the plan, which the page then runs.
      const plan = planSearch(params);
      const wordsFile = firstStageWordsAnswer(plan, semantic !== undefined) ? await stores.firstStage(firstStageWordsPath(job.firstStage!)) : null;
      const words = wordsFile && FirstStageWords.of(wordsFile);
      return store.read(async (reader) => {
        const lines = withFirstStage(reader, stage);
        const staged = words ? withFirstStageWords(lines.reader, words) : null;
        const response = await searchCodePage(staged?.reader ?? lines.reader, params, offset, semantic && { query: semantic, vectors }, plan);
        // The exact fallback of a word search that found nothing answers from the lines: its warning is theirs.
        const from = lines.used() ? 'lines' : staged?.used() ? 'words' : null;
        return from ? { ...response, first_stage: { files: stage.header.paths.length, from } } : response;
      });
    }
    case 'find_references': {
      // Loaded with the first find_references, as locate and structure are: a one-shot `quarry search` never pays for it.
      const { findReferences } = await import('./references-service.js');
      return store.read((reader) => findReferences(reader, job.params as SearchOps['find_references']['params']));
    }
    case 'project_search': {
      // REST's search, loaded with its first call.
      const { searchProject } = await import('./project-search.js');
      return store.read((reader) => searchProject(reader, job.params as SearchOps['project_search']['params']));
    }
    case 'locate': {
      // Loaded with the first locate: a one-shot `quarry search` never pays for it.
      const { locate } = await import('../locate/locate.js');
      return locate(store, job.params as SearchOps['locate']['params']);
    }
    case 'search_structure': {
      // Loaded on the first structural search: ast-grep's native library is no cost to workers that never run one.
      const { searchStructure } = await import('./structure/structure-search.js');
      return store.read((reader) => searchStructure(reader, job.params as SearchOps['search_structure']['params']));
    }
    case 'example_queries': {
      const { exampleQueries } = await import('./example-queries.js');
      return store.read((reader) => exampleQueries(reader, (job.params as SearchOps['example_queries']['params']).count));
    }
    default:
      throw new Error(`unknown search op ${String(job.op)}`);
  }
}
