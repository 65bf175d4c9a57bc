/**
 * @module store/content-store
 * Project content beyond the indexed folder: the project's own description
 * (kept in `meta`, one index per project), conversations, and the sources
 * that hold uploaded files and messages. Uploads and messages live in their
 * own sources, so re-indexing the folder (which only touches its own source)
 * never deletes them.
 */
import { randomBytes } from 'node:crypto';
import type { SqliteStore } from './sqlite-store.js';
import { queueWrite } from './write-queue.js';
import { prepareContentStatements, type ContentStatements, type ConversationRow } from './statements.js';

/** Source names start with ':' so they cannot collide with a folder's name. */
export const UPLOADS_SOURCE = ':uploads';
export const CONVERSATIONS_SOURCE = ':conversations';

const prepared = new WeakMap<SqliteStore, ContentStatements>();

/** The content statements of an open store, prepared once per store. */
export function contentStatements(store: SqliteStore): ContentStatements {
  let statements = prepared.get(store);
  if (!statements) {
    statements = prepareContentStatements(store.db);
    prepared.set(store, statements);
  }
  return statements;
}

export interface ProjectMeta {
  id: string;
  name: string;
  kind: 'default' | 'folder' | 'empty';
  folder: string | null;
  created_at: string;
}

const META_KEYS = ['id', 'name', 'kind', 'folder', 'created_at'] as const;

export function readProjectMeta(store: SqliteStore): ProjectMeta | null {
  const get = (key: string) => store.statements.metaGet.get(`project.${key}`)?.value;
  const id = get('id');
  if (!id) return null;
  const folder = get('folder');
  return {
    id, name: get('name') ?? id, kind: (get('kind') ?? 'empty') as ProjectMeta['kind'],
    folder: folder ? folder : null, created_at: get('created_at') ?? '',
  };
}

/** Through the store's write queue (store/write-queue), like every write of the serving process. */
export function writeProjectMeta(store: SqliteStore, meta: ProjectMeta): Promise<void> {
  return queueWrite(store, () => {
    for (const key of META_KEYS) store.statements.metaSet.run({ key: `project.${key}`, value: meta[key] ?? '' });
  });
}

/** Random, URL-safe ids with a kind prefix (`proj_`, `conv_`), as the REST API contract shows them. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** Starts a conversation through the store's write queue: waits its turn, never blocks the event loop. */
export function createConversation(store: SqliteStore, title: string): Promise<ConversationRow> {
  const row = { id: newId('conv'), title, created_at: new Date().toISOString() };
  return queueWrite(store, () => {
    contentStatements(store).conversationInsert.run(row);
    return { ...row, message_count: 0 };
  });
}

export function listConversations(store: SqliteStore): ConversationRow[] {
  return contentStatements(store).conversationList.all();
}

export function getConversation(store: SqliteStore, id: string): ConversationRow | null {
  return contentStatements(store).conversationGet.get(id) ?? null;
}
