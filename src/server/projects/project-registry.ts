/**
 * @module server/projects/project-registry
 * The server's projects (seed 003). A project is one index: the default
 * project is the served folder (its usual DIR/.quarry/index.db); the others
 * live in the data dir, one folder and one SQLite index each, built from a
 * folder inside the allowed roots (realpath-fenced) or empty. Ids are looked
 * up in this registry only, so a request never turns an id into a path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { QuarryError } from '../../contracts/errors.js';
import { message } from '../../contracts/messages/index.js';
import type { Conversation, Project } from '../../contracts/rest-api.js';
import {
  contentStatements, createConversation, listConversations, newId, readProjectMeta, writeProjectMeta, type ProjectMeta,
} from '../../store/content-store.js';
import { SqliteStore } from '../../store/sqlite-store.js';
import { FolderRefresher, type RefresherOptions } from './folder-refresher.js';
import type { IndexRunner } from './index-runner.js';

export const DEFAULT_PROJECT_ID = 'proj_default';
const PROJECT_ID = /^proj_[a-z0-9]+$/;
const INDEX_FILE = 'index.db';
const DEFAULT_CONVERSATION_TITLE = 'Default conversation';

export interface ProjectHandle {
  meta: ProjectMeta;
  store: SqliteStore;
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
  dataDir: string;
  /** Real paths of folders projects may be created from. */
  allowedRoots: readonly string[];
  runIndex: IndexRunner;
  refresh: RefresherOptions;
}

/** Real path of `folder` (relative to `base`) when it lies inside one of `roots`, symlinks resolved first. */
export function fenceFolder(folder: string, roots: readonly string[], base: string): string {
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(base, folder));
  } catch {
    throw new QuarryError('NOT_FOUND', message('index.root_missing', { root: folder }), { resource: 'folder' });
  }
  if (!fs.statSync(real).isDirectory()) throw new QuarryError('INVALID_ARGUMENT', message('index.root_missing', { root: folder }));
  const inside = roots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  if (!inside) {
    throw new QuarryError('PATH_OUTSIDE_ROOT', message('project.folder_outside_roots', { folder, roots: roots.join(', ') }));
  }
  return real;
}

export class ProjectRegistry {
  private readonly projects = new Map<string, ProjectHandle>();

  private constructor(private readonly options: RegistryOptions) {}

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
    if (!handle) throw new QuarryError('NOT_FOUND', message('project.not_found', { project: id }), { resource: 'project', project: id });
    return handle;
  }

  list(): Project[] {
    return [...this.projects.values()].map(describe);
  }

  describe(id: string): Project {
    return describe(this.get(id));
  }

  async create(request: { name?: string; folder?: string }): Promise<Project> {
    const folder = request.folder === undefined ? null : fenceFolder(request.folder, this.options.allowedRoots, this.options.root);
    const id = newId('proj');
    const dataFolder = path.join(this.options.dataDir, id);
    const meta: ProjectMeta = {
      id, name: request.name ?? (folder ? path.basename(folder) : id), kind: folder ? 'folder' : 'empty',
      folder, created_at: new Date().toISOString(),
    };
    const store = SqliteStore.open(path.join(dataFolder, INDEX_FILE), { create: true });
    try {
      writeProjectMeta(store, meta);
      store.transaction(() => createConversation(store, DEFAULT_CONVERSATION_TITLE));
      const handle = this.track(meta, store, dataFolder);
      await handle.ready;
      return describe(handle);
    } catch (error) {
      await this.remove(id, store, dataFolder);
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    const handle = this.get(id);
    if (handle.dataFolder === null) throw new QuarryError('INVALID_ARGUMENT', message('project.default_undeletable'));
    await this.remove(id, handle.store, handle.dataFolder);
  }

  /** Every conversation of every project, the default project's first. */
  conversations(): Conversation[] {
    return [...this.projects.values()].flatMap((handle) =>
      listConversations(handle.store).map((c) => ({ ...c, project_id: handle.meta.id })));
  }

  async close(): Promise<void> {
    const handles = [...this.projects.values()];
    await Promise.all(handles.map((h) => h.refresher?.stop()));
    await Promise.all(handles.map((h) => h.ready.catch(() => undefined)));
    for (const handle of handles) handle.store.close();
    this.projects.clear();
  }

  private openDefault(): void {
    const { root, indexPath } = this.options;
    const store = SqliteStore.open(indexPath, { create: true, root });
    const existing = readProjectMeta(store);
    const meta: ProjectMeta = existing?.id === DEFAULT_PROJECT_ID
      ? { ...existing, folder: root }
      : { id: DEFAULT_PROJECT_ID, name: path.basename(root), kind: 'default', folder: root, created_at: new Date().toISOString() };
    writeProjectMeta(store, meta);
    // Clients find the default project through its conversation (seed 003's script reads /api/conversations first).
    if (listConversations(store).length === 0) store.transaction(() => createConversation(store, DEFAULT_CONVERSATION_TITLE));
    this.track(meta, store, null);
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

  private track(meta: ProjectMeta, store: SqliteStore, dataFolder: string | null): ProjectHandle {
    let refresher: FolderRefresher | null = null;
    let ready: Promise<unknown> = Promise.resolve();
    if (meta.folder) {
      refresher = new FolderRefresher(
        { root: meta.folder, indexPath: store.file, repository: path.basename(meta.folder) }, this.options.runIndex,
        { ...this.options.refresh, ownFiles: [store.file, this.options.indexPath, this.options.dataDir] },
      );
      ready = refresher.start();
      ready.catch(() => undefined); // the failure is reported to whoever awaits `ready`
    }
    const handle: ProjectHandle = { meta, store, ready, dataFolder, refresher };
    this.projects.set(meta.id, handle);
    return handle;
  }

  private async remove(id: string, store: SqliteStore, dataFolder: string): Promise<void> {
    const handle = this.projects.get(id);
    this.projects.delete(id);
    await handle?.refresher?.stop();
    await handle?.ready.catch(() => undefined);
    store.close();
    fs.rmSync(dataFolder, { recursive: true, force: true });
  }
}

function describe(handle: ProjectHandle): Project {
  const byType = new Map(contentStatements(handle.store).fileCountsByType.all().map((r) => [r.source_type, r.n]));
  return {
    id: handle.meta.id, name: handle.meta.name, kind: handle.meta.kind, folder: handle.meta.folder,
    created_at: handle.meta.created_at, files: byType.get('file') ?? 0, messages: byType.get('conversation_message') ?? 0,
    chunks: handle.store.counts().chunks, index_version: handle.store.indexVersion(),
  };
}
