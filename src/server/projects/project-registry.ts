/**
 * @module server/projects/project-registry
 * The server's projects (the REST API contract's resources). A project is one index: the default
 * project is the served folder (its usual DIR/.quarry/index.db); the others
 * live in the data dir, one folder and one SQLite index each, built from a
 * folder inside the allowed roots (realpath-fenced) or empty. Ids are looked
 * up in this registry only, so a request never turns an id into a path.
 * One project per real folder (asking again returns the existing one), caps
 * on projects and on folders kept fresh (contracts/limits PROJECTS), one
 * index-build queue for all of them, and the fence checked again before
 * every pass, in case the folder was swapped for a symlink since.
 *
 * With `--store postgres://…` the served folder's index is the shared one in
 * PostgreSQL: the default project searches and refreshes it there (a pass
 * another server is already writing is skipped), and keeps only its own
 * description and conversation list in its local SQLite file. Created
 * projects stay SQLite files of this server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { QuarryError, catalogueError } from '../../contracts/errors.js';
import { PROJECTS } from '../../contracts/limits.js';
import type { Conversation, Project } from '../../contracts/rest-api.js';
import {
  contentStatements, createConversation, listConversations, newId, readProjectMeta, writeProjectMeta, type ProjectMeta,
} from '../../store/content-store.js';
import { openStore } from '../../store/open-store.js';
import { SqliteStore } from '../../store/sqlite-store.js';
import type { Store, StoreLocation } from '../../store/store.js';
import { writeQueueFor } from '../../store/write-queue.js';
import { FolderRefresher, type RefresherOptions } from './folder-refresher.js';
import { IndexQueue } from './index-queue.js';
import type { IndexRunner } from '../../ingest/index-runner.js';
import { closeUploadWorker } from '../../ingest/upload-preparer.js';

export const DEFAULT_PROJECT_ID = 'proj_default';
const PROJECT_ID = /^proj_[a-z0-9]+$/;
const INDEX_FILE = 'index.db';
const DEFAULT_CONVERSATION_TITLE = 'Default conversation';

export interface ProjectHandle {
  meta: ProjectMeta;
  /** The project's own SQLite file: its description, conversations and (unless `shared`) its index. */
  store: SqliteStore;
  /** Where the project's index is searched: its SQLite file, or the shared PostgreSQL store. */
  index: StoreLocation;
  /** The index is the shared PostgreSQL one: uploads and messages go to projects of their own. */
  shared: boolean;
  /** Resolves when the first index of a folder project is built; REST reads wait for it. */
  ready: Promise<unknown>;
  /** The project's own folder in the data dir; null for the default project. */
  dataFolder: string | null;
  refresher: FolderRefresher | null;
}

export interface RegistryOptions {
  /** The served folder (real path). */
  root: string;
  indexPath: string;
  /** The served folder's index when it is not the SQLite file at `indexPath` (a PostgreSQL store). */
  store?: StoreLocation;
  dataDir: string;
  /** Real paths of folders projects may be created from. */
  allowedRoots: readonly string[];
  runIndex: IndexRunner;
  refresh: RefresherOptions;
}

/** What `create` did: a new project (201), or the one that already serves this folder (200). */
export interface CreateOutcome {
  project: Project;
  created: boolean;
}

function isInside(real: string, roots: readonly string[]): boolean {
  return roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

/**
 * Real path of `folder` (relative to `base`) when it lies inside one of `roots`. The path as
 * written is fenced before the file system is touched, so a folder outside gets the same answer
 * whether it exists, is a file, or is unreadable (no existence oracle); then its real path is
 * fenced again, so a symlink inside a root cannot lead out. Roots are real paths: a folder is
 * written by its real path, or relative to `base`.
 */
export function fenceFolder(folder: string, roots: readonly string[], base: string): string {
  const outside = () => catalogueError('PATH_OUTSIDE_ROOT', { key: 'project.folder_outside_roots', params: { folder, roots: roots.join(', ') } });
  if (!isInside(path.resolve(base, folder), roots)) throw outside();
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(base, folder));
  } catch {
    throw catalogueError('NOT_FOUND', { key: 'index.root_missing', params: { root: folder } }, 'en', { resource: 'folder' });
  }
  if (!isInside(real, roots)) throw outside();
  if (!fs.statSync(real).isDirectory()) throw catalogueError('INVALID_ARGUMENT', { key: 'index.root_missing', params: { root: folder } });
  return real;
}

export class ProjectRegistry {
  private readonly projects = new Map<string, ProjectHandle>();
  /** The shared store, opened for the default project's description (search goes through the search pool). */
  private sharedStore: Promise<Store> | null = null;
  /** Every index pass of every project goes through here, one at a time. */
  readonly indexQueue: IndexQueue;

  private constructor(private readonly options: RegistryOptions) {
    this.indexQueue = new IndexQueue(options.runIndex);
  }

  /** Opens the default project (its first index runs in the background) and every project in the data dir. */
  static open(options: RegistryOptions): ProjectRegistry {
    const registry = new ProjectRegistry(options);
    registry.openDefault();
    registry.openDataDir();
    return registry;
  }

  get defaultProject(): ProjectHandle {
    return this.projects.get(DEFAULT_PROJECT_ID)!;
  }

  get(id: string): ProjectHandle {
    const handle = PROJECT_ID.test(id) ? this.projects.get(id) : undefined;
    if (!handle) throw catalogueError('NOT_FOUND', { key: 'project.not_found', params: { project: id } }, 'en', { resource: 'project', project: id });
    return handle;
  }

  list(): Promise<Project[]> {
    return Promise.all([...this.projects.values()].map((handle) => this.describeHandle(handle)));
  }

  describe(id: string): Promise<Project> {
    return this.describeHandle(this.get(id));
  }

  /** The index version a project answers from. */
  async indexVersion(handle: ProjectHandle): Promise<number> {
    return handle.shared ? (await this.shared()).indexVersion() : handle.store.indexVersion();
  }

  private shared(): Promise<Store> {
    const location = this.options.store!;
    const opening = this.sharedStore ??= openStore(location, { root: this.options.root });
    opening.catch(() => { if (this.sharedStore === opening) this.sharedStore = null; });
    return opening;
  }

  private async describeHandle(handle: ProjectHandle): Promise<Project> {
    if (!handle.shared) return describe(handle, handle.store.indexVersion(), countsOf(handle.store));
    const shared = await this.shared();
    const { version, counts } = await shared.read(async (reader) => ({ version: await reader.indexVersion(), counts: await reader.counts() }));
    return describe(handle, version, { files: counts.files.file ?? 0, messages: 0, chunks: counts.chunks, languages: counts.languages, repositories: counts.repositories });
  }

  /**
   * Creates a project, or returns the one that already serves the same real folder (the default
   * project included) once its first index is built. Everything up to `track` is synchronous, so
   * concurrent requests for one folder cannot both pass the check: they get one project, one build.
   */
  async create(request: { name?: string; folder?: string }): Promise<CreateOutcome> {
    const folder = request.folder === undefined ? null : fenceFolder(request.folder, this.options.allowedRoots, this.options.root);
    const existing = folder === null ? undefined : [...this.projects.values()].find((h) => h.meta.folder === folder);
    if (existing) {
      await existing.ready;
      return { project: await this.describeHandle(existing), created: false };
    }
    this.checkCaps(folder !== null);
    const id = newId('proj');
    const dataFolder = path.join(this.options.dataDir, id);
    const meta: ProjectMeta = {
      id, name: request.name ?? (folder ? path.basename(folder) : id), kind: folder ? 'folder' : 'empty',
      folder, created_at: new Date().toISOString(),
    };
    const store = SqliteStore.open(path.join(dataFolder, INDEX_FILE), { create: true });
    const handle = this.track(meta, store, dataFolder, [
      writeProjectMeta(store, meta), createConversation(store, DEFAULT_CONVERSATION_TITLE),
    ]);
    try {
      await handle.ready;
      return { project: await this.describeHandle(handle), created: true };
    } catch (error) {
      await this.remove(id, store, dataFolder);
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    const handle = this.get(id);
    if (handle.dataFolder === null) throw catalogueError('INVALID_ARGUMENT', { key: 'project.default_undeletable' });
    await this.remove(id, handle.store, handle.dataFolder);
  }

  /** Every conversation of every project, the default project's first. */
  conversations(): Conversation[] {
    return [...this.projects.values()].flatMap((handle) =>
      listConversations(handle.store).map((c) => ({ ...c, project_id: handle.meta.id })));
  }

  async close(): Promise<void> {
    const handles = [...this.projects.values()];
    await Promise.all(handles.flatMap((h) => (h.refresher ? [h.refresher.stop()] : [])));
    await Promise.all(handles.map((h) => h.ready.catch(() => undefined)));
    await Promise.all(handles.map((h) => writeQueueFor(h.store.file).drained()));
    await closeUploadWorker();
    for (const handle of handles) handle.store.close();
    this.projects.clear();
    await this.sharedStore?.then((store) => store.close(), () => undefined);
    this.sharedStore = null;
  }

  private openDefault(): void {
    const { root, indexPath } = this.options;
    const store = SqliteStore.open(indexPath, { create: true, root });
    const existing = readProjectMeta(store);
    const meta: ProjectMeta = existing?.id === DEFAULT_PROJECT_ID
      ? { ...existing, folder: root }
      : { id: DEFAULT_PROJECT_ID, name: path.basename(root), kind: 'default', folder: root, created_at: new Date().toISOString() };
    const writes: Promise<unknown>[] = [writeProjectMeta(store, meta)];
    // Clients find the default project through its conversation (the REST API contract's test script reads /api/conversations first).
    if (listConversations(store).length === 0) writes.push(createConversation(store, DEFAULT_CONVERSATION_TITLE));
    this.track(meta, store, null, writes, this.options.store?.kind === 'postgres' ? this.options.store : null);
  }

  /** LIMIT_EXCEEDED when one more project (a folder one: `watched`) would pass a cap. */
  private checkCaps(watched: boolean): void {
    const count = this.projects.size;
    if (count >= PROJECTS.projectsMax) {
      throw catalogueError('LIMIT_EXCEEDED', { key: 'project.limit', params: { count, limit: PROJECTS.projectsMax } }, 'en', { limit: PROJECTS.projectsMax });
    }
    const folders = [...this.projects.values()].filter((h) => h.refresher !== null).length;
    if (watched && folders >= PROJECTS.watchedFoldersMax) {
      throw catalogueError('LIMIT_EXCEEDED', { key: 'project.folder_limit', params: { count: folders, limit: PROJECTS.watchedFoldersMax } }, 'en', {
        limit: PROJECTS.watchedFoldersMax,
      });
    }
  }

  /**
   * Before every pass of a created folder project: the stored folder must still be itself (its
   * real path unchanged) and inside the allowed roots. A folder swapped for a symlink to
   * elsewhere is refused and reported, never indexed.
   */
  private checkStoredFolder(meta: ProjectMeta): void {
    const folder = meta.folder!;
    let real: string;
    try {
      real = fs.realpathSync(folder);
    } catch {
      throw catalogueError('NOT_FOUND', { key: 'index.root_missing', params: { root: folder } }, 'en', { resource: 'folder' });
    }
    if (real === folder && isInside(real, this.options.allowedRoots)) return;
    const failure = catalogueError('PATH_OUTSIDE_ROOT', { key: 'project.folder_moved', params: {
      project: meta.id, folder, roots: this.options.allowedRoots.join(', '),
    } }, 'en', { project: meta.id });
    // Where the link leads is for the log only: a client reading the project's failure never sees it.
    this.options.refresh.log('warn', { event: 'project_folder_refused', project: meta.id, folder, real }, failure.message);
    throw failure;
  }

  private openDataDir(): void {
    if (!fs.existsSync(this.options.dataDir)) return;
    for (const entry of fs.readdirSync(this.options.dataDir, { withFileTypes: true })) {
      const file = path.join(this.options.dataDir, entry.name, INDEX_FILE);
      if (!entry.isDirectory() || !PROJECT_ID.test(entry.name) || !fs.existsSync(file)) continue;
      const store = SqliteStore.open(file);
      const meta = readProjectMeta(store);
      if (!meta || meta.id !== entry.name) { store.close(); continue; }
      this.track(meta, store, path.join(this.options.dataDir, entry.name));
    }
  }

  /** Registers a project; `ready` settles after `writes` and, for a folder, its first index pass. */
  private track(meta: ProjectMeta, store: SqliteStore, dataFolder: string | null, writes: Promise<unknown>[] = [], shared: StoreLocation | null = null): ProjectHandle {
    let refresher: FolderRefresher | null = null;
    const pending = [...writes];
    if (meta.folder) {
      // The default project's folder is the served one, fenced at start; created ones are fenced again before each pass.
      const runner: IndexRunner = meta.kind === 'default'
        ? this.indexQueue.runner
        : (job, signal) => this.indexQueue.enqueue(job, signal, () => this.checkStoredFolder(meta));
      const job = shared
        ? { root: meta.folder, store: shared, repository: path.basename(meta.folder) }
        : { root: meta.folder, indexPath: store.file, repository: path.basename(meta.folder), writersWaiting: writeQueueFor(store.file).waiting };
      refresher = new FolderRefresher(job, runner, {
        ...this.options.refresh, ownFiles: [store.file, this.options.indexPath, this.options.dataDir],
        // Another server writing the shared index now: this pass is not needed (the next change runs one).
        ...(shared ? { skipWhen: isWriterBusy } : {}),
      });
      pending.push(refresher.start());
    }
    const ready = Promise.all(pending);
    ready.catch(() => undefined); // the failure is reported to whoever awaits `ready`
    const index: StoreLocation = shared ?? { kind: 'sqlite', file: store.file };
    const handle: ProjectHandle = { meta, store, index, shared: shared !== null, ready, dataFolder, refresher };
    this.projects.set(meta.id, handle);
    return handle;
  }

  private async remove(id: string, store: SqliteStore, dataFolder: string): Promise<void> {
    const handle = this.projects.get(id);
    this.projects.delete(id);
    await handle?.refresher?.stop();
    await handle?.ready.catch(() => undefined);
    await writeQueueFor(store.file).drained();
    store.close();
    fs.rmSync(dataFolder, { recursive: true, force: true });
  }
}

interface ProjectCounts { files: number; messages: number; chunks: number; languages: Record<string, number>; repositories: Record<string, number> }

function countsOf(store: SqliteStore): ProjectCounts {
  const statements = contentStatements(store);
  const byType = new Map(statements.fileCountsByType.all().map((r) => [r.source_type, r.n]));
  const languages = Object.fromEntries(statements.fileCountsByLanguage.all().map((r) => [r.language, r.n]));
  const repositories = Object.fromEntries(statements.fileCountsByRepository.all().map((r) => [r.repository, r.n]));
  return { files: byType.get('file') ?? 0, messages: byType.get('conversation_message') ?? 0, chunks: store.counts().chunks, languages, repositories };
}

function describe(handle: ProjectHandle, indexVersion: number, counts: ProjectCounts): Project {
  return {
    id: handle.meta.id, name: handle.meta.name, kind: handle.meta.kind, folder: handle.meta.folder,
    created_at: handle.meta.created_at, ...counts, index_version: indexVersion,
  };
}

/** Another writer holds the shared store's writer lock. */
function isWriterBusy(error: unknown): boolean {
  return error instanceof QuarryError && error.text?.key === 'store.writer_busy';
}
