/**
 * @module ingest/put-content
 * Content that arrives over the API instead of from a folder: an uploaded
 * file or a conversation message. Both go through `prepareFile`, the path
 * the indexer uses (decode, detect language, chunk, word-index text), and
 * are written in one IMMEDIATE transaction, through the store's write
 * queue, that bumps the index version.
 */
import { catalogueError } from '../contracts/errors.js';
import { PROJECTS } from '../contracts/limits.js';
import { CONVERSATIONS_SOURCE, UPLOADS_SOURCE, contentStatements } from '../store/content-store.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { queueWrite, type WriteOptions } from '../store/write-queue.js';
import { prepareFile, type PreparedFile } from './prepare-file.js';
import type { Parsers } from './symbols/parsers.js';

export interface PutFileResult {
  fileId: number;
  path: string;
  language: string;
  chunks: number;
  tokenCount: number;
  replaced: boolean;
  indexVersion: number;
}

/** A stored path is relative, '/'-separated, with no empty, '.' or '..' segment. */
export function checkRelativePath(relPath: string): string {
  const segments = relPath.split('/');
  const bad = relPath.includes('\0') || relPath.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw catalogueError('INVALID_ARGUMENT', { key: 'file.path_invalid', params: { path: relPath } }, 'en', { path: relPath });
  return relPath;
}

function prepareUpload(relPath: string, content: string, parsers?: Parsers): PreparedFile {
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > PROJECTS.contentMaxBytes) {
    throw catalogueError('PAYLOAD_TOO_LARGE', { key: 'file.too_large', params: { bytes: bytes.length, limit: PROJECTS.contentMaxBytes } });
  }
  const prepared = prepareFile(relPath, bytes, Date.now(), undefined, parsers);
  if (!prepared) throw catalogueError('INVALID_ARGUMENT', { key: 'file.binary' });
  return prepared;
}

/**
 * Stores (or replaces) an uploaded file; replacing deletes the old chunks in the same transaction.
 * With `parsers` (symbols/parsers) its definitions and edges are indexed too, as for folders.
 * The content is prepared first, then written through the store's write queue: while an index
 * pass holds the lock the upload waits its turn (bounded), it is never refused for it.
 */
export function putFile(store: SqliteStore, relPath: string, content: string, parsers?: Parsers, options?: WriteOptions): Promise<PutFileResult> {
  const prepared = prepareUpload(checkRelativePath(relPath), content, parsers);
  const statements = contentStatements(store);
  return queueWrite(store, () => {
    const sourceId = store.ensureSource(UPLOADS_SOURCE, '');
    const existing = statements.fileIdByPath.get({ source_id: sourceId, path: relPath });
    if (existing) store.deleteFile(existing.id);
    const fileId = store.insertFile(sourceId, prepared.file, prepared.chunks, prepared.symbols, prepared.edges);
    return {
      fileId, path: relPath, language: prepared.file.language, chunks: prepared.chunks.length,
      tokenCount: prepared.chunks.reduce((sum, c) => sum + c.tokenCount, 0),
      replaced: existing !== undefined, indexVersion: store.bumpIndexVersion(),
    };
  }, options);
}

export interface AddMessageInput {
  conversationId: string;
  speaker: string;
  content: string;
  roundNumber?: number;
}

export interface AddMessageResult {
  fileId: number;
  roundNumber: number;
  chunks: number;
  indexVersion: number;
}

/** Adds a message to an existing conversation (the caller checks it exists) and indexes it, through the write queue. */
export function addMessage(store: SqliteStore, input: AddMessageInput, options?: WriteOptions): Promise<AddMessageResult> {
  const statements = contentStatements(store);
  // Prepared before the write; its path is known only inside the transaction (round and count).
  const prepared = prepareUpload(`${input.conversationId}/message`, input.content);
  return queueWrite(store, () => {
    const roundNumber = input.roundNumber ?? (statements.conversationLastRound.get(input.conversationId)?.last ?? 0) + 1;
    const sourceId = store.ensureSource(CONVERSATIONS_SOURCE, '');
    // A unique virtual path per message: the (source, path) pair is unique in `files`.
    const count = statements.conversationGet.get(input.conversationId)?.message_count ?? 0;
    const virtualPath = `${input.conversationId}/${roundNumber}-${count + 1}`;
    const fileId = store.insertFile(sourceId, { ...prepared.file, path: virtualPath, language: 'text' }, prepared.chunks);
    statements.fileSetSourceType.run({ id: fileId, source_type: 'conversation_message' });
    statements.messageInsert.run({
      file_id: fileId, conversation_id: input.conversationId, round_number: roundNumber,
      speaker: input.speaker, created_at: new Date().toISOString(),
    });
    return { fileId, roundNumber, chunks: prepared.chunks.length, indexVersion: store.bumpIndexVersion() };
  }, options);
}
