/**
 * @module tools/project-content
 * The project-scoped operations of the REST API contract (search, file upload,
 * conversations, messages) as tool-layer functions: each validates its raw
 * body with the published zod contract of contracts/rest-api and calls the
 * engine (search/project-search) or ingest (put-content), so a door only
 * finds the project and adapts transport. The REST routes are their door;
 * engine changes (workers, budgets, write queues) land here, not in routes.
 */
import { catalogueError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';
import { parseRequestBody } from '../contracts/tool-input.js';
import {
  addMessageRequest, createConversationRequest, putFileRequest, searchRequest,
  type SearchResponse,
} from '../contracts/rest-api.js';
import { uploadQuotaBytes } from '../contracts/file-read-limits.js';
import { addMessage, putFile } from '../ingest/put-content.js';
import { uploadWorker } from '../ingest/upload-preparer.js';
import { searchProject } from '../search/project-search.js';
import type { SearchPool } from '../search/search-pool.js';
import { openStore } from '../store/open-store.js';
import { createConversation, getConversation, type ProjectMeta } from '../store/content-store.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import type { StoreLocation } from '../store/store.js';
import { displayLocation } from '../store/store-location.js';

/** What these operations need of a project: its id, its index, and when its first index is built. */
export interface ProjectTarget {
  meta: Pick<ProjectMeta, 'id' | 'folder'>;
  /** Its own SQLite file (description, conversations, and its index unless `shared`). */
  store: SqliteStore;
  /** Where its index is searched. */
  index: StoreLocation;
  /** The index is the shared PostgreSQL one, written by `quarry index` passes only. */
  shared: boolean;
  ready: Promise<unknown>;
}

/** Uploads and messages write the project's own index; a shared one is written by index passes only. */
function refuseShared(project: ProjectTarget, locale: Locale): void {
  if (!project.shared) return;
  const store = project.index.kind === 'postgres' ? displayLocation(project.index) : project.index.file;
  throw catalogueError('INVALID_ARGUMENT', { key: 'store.shared_project_read_only', params: { store } }, locale, { project: project.meta.id });
}

const DEFAULT_CONVERSATION_TITLE = 'Conversation';

/**
 * The REST API contract's project search: BM25 over the project's word index with
 * filters, in the door's search pool (read-only, off the serving thread);
 * in this thread only when no pool is given.
 */
export interface ProjectSearchOptions {
  pool?: SearchPool;
  /** Aborted when the caller hangs up: the search's worker is stopped. */
  signal?: AbortSignal;
  locale?: Locale;
}

export async function searchProjectContent(project: ProjectTarget, raw: unknown, options: ProjectSearchOptions = {}): Promise<SearchResponse> {
  const { pool, signal, locale = 'en' } = options;
  const body = parseRequestBody(searchRequest, raw, locale);
  await project.ready;
  const root = project.meta.folder ?? project.store.file;
  if (pool) return pool.run({ store: project.index, root, op: 'project_search', params: body }, signal);
  if (!project.shared) return new SqliteIndex(project.store).read((reader) => searchProject(reader, body));
  const store = await openStore(project.index, { readonly: true, root });
  try {
    return await store.read((reader) => searchProject(reader, body));
  } finally {
    await store.close();
  }
}

/**
 * Stores (or replaces) a file and indexes it; `replaced` tells the door 200 from 201. The content
 * is prepared and written in the upload worker (ingest/upload-preparer), off the serving thread, and the
 * project's uploads together stay within the quota (QUARRY_UPLOAD_QUOTA_MB; 413 past it).
 */
export async function putProjectFile(project: ProjectTarget, raw: unknown, locale: Locale = 'en', env: Record<string, string | undefined> = process.env) {
  const body = parseRequestBody(putFileRequest, raw, locale);
  refuseShared(project, locale);
  await project.ready;
  const stored = await putFile(project.store, body.path, body.content, undefined, { worker: uploadWorker(), quotaBytes: uploadQuotaBytes(env), locale });
  return {
    project_id: project.meta.id, source_id: `file_${stored.fileId}`, path: stored.path, language: stored.language,
    chunks: stored.chunks, token_count: stored.tokenCount, replaced: stored.replaced, index_version: stored.indexVersion,
  };
}

export async function startConversation(project: ProjectTarget, raw: unknown, locale: Locale = 'en') {
  const body = parseRequestBody(createConversationRequest, raw, locale);
  // Through the store's write queue: waits its turn behind an index pass, never blocks the event loop.
  const created = await createConversation(project.store, body.title ?? DEFAULT_CONVERSATION_TITLE);
  return { ...created, project_id: project.meta.id };
}

/** Adds and indexes a message; an unknown conversation is NOT_FOUND before the body is looked at. */
export async function addConversationMessage(project: ProjectTarget, conversationId: string, raw: unknown, locale: Locale = 'en') {
  if (!getConversation(project.store, conversationId)) {
    throw catalogueError('NOT_FOUND', { key: 'conversation.not_found', params: { conversation: conversationId, project: project.meta.id } }, locale, { resource: 'conversation' });
  }
  const body = parseRequestBody(addMessageRequest, raw, locale);
  refuseShared(project, locale);
  const added = await addMessage(project.store, { conversationId, speaker: body.speaker, content: body.content, roundNumber: body.round_number }, {
    worker: uploadWorker(), quotaBytes: uploadQuotaBytes(process.env), locale,
  });
  return {
    project_id: project.meta.id, conversation_id: conversationId, source_id: `msg_${added.fileId}`,
    source_type: 'conversation_message' as const, round_number: added.roundNumber, speaker: body.speaker,
    chunks: added.chunks, index_version: added.indexVersion,
  };
}
