/**
 * @module ingest/put-content
 * Content that arrives over the API instead of from a folder: an uploaded
 * file or a conversation message. Both go through `prepareFile`, the path
 * the indexer uses (decode, detect language, chunk, word-index text), and
 * are written in one IMMEDIATE transaction that bumps the index version.
 *
 * Given an upload worker (ingest/upload-preparer), the preparing and the
 * write both run there, on the worker's own connection, never on the
 * serving thread: a 10 MB upload is seconds of parsing and most of a second
 * of inserting. Without one (tests, the CLI) they run here, the write
 * through the store's write queue. Given a quota, the index's uploaded
 * content (files and messages) stays within it: checked before preparing,
 * and again inside the write (another upload may have landed meanwhile).
 */
import { catalogueError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';
import { PROJECTS } from '../contracts/limits.js';
import { CONVERSATIONS_SOURCE, UPLOADS_SOURCE, contentStatements } from '../store/content-store.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { queueWrite, writeQueueFor, type WriteOptions } from '../store/write-queue.js';
import { prepareFile, type PreparedFile } from './prepare-file.js';
import type { Parsers } from './symbols/parsers.js';
import type { UploadWorker } from './upload-preparer.js';

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

function contentBytes(content: string): Buffer {
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > PROJECTS.contentMaxBytes) {
    throw catalogueError('PAYLOAD_TOO_LARGE', { key: 'file.too_large', params: { bytes: bytes.length, limit: PROJECTS.contentMaxBytes } });
  }
  return bytes;
}

function preparedOrBinary(file: PreparedFile | null): PreparedFile {
  if (!file) throw catalogueError('INVALID_ARGUMENT', { key: 'file.binary' });
  return file;
}

/** What bounds one upload's write: the quota (none when absent) and the caller's locale for its refusal. */
export interface QuotaOptions {
  quotaBytes?: number;
  locale?: Locale;
}

/**
 * PAYLOAD_TOO_LARGE when `size` more bytes would take the index's uploaded content (files and
 * messages) past the quota; an upload replacing the file at `relPath` no longer counts the old one.
 */
export function checkQuota(store: SqliteStore, relPath: string, size: number, options: QuotaOptions): void {
  const quota = options.quotaBytes;
  if (quota === undefined) return;
  const used = contentStatements(store).contentBytesBesides.get({ uploads: UPLOADS_SOURCE, conversations: CONVERSATIONS_SOURCE, path: relPath })?.bytes ?? 0;
  if (used + size <= quota) return;
  throw catalogueError('PAYLOAD_TOO_LARGE', { key: 'files.upload_quota', params: { bytes: size, used, quota } }, options.locale ?? 'en', { used, quota });
}

export interface PutOptions extends WriteOptions, QuotaOptions {
  /** Prepares and writes in this worker (ingest/upload-preparer), off this thread. */
  worker?: UploadWorker;
}

/** The body of an upload's transaction: the quota again, the old file out, the new one in. */
export function writeUpload(store: SqliteStore, relPath: string, size: number, file: PreparedFile, options: QuotaOptions): PutFileResult {
  checkQuota(store, relPath, size, options);
  const sourceId = store.ensureSource(UPLOADS_SOURCE, '');
  const existing = contentStatements(store).fileIdByPath.get({ source_id: sourceId, path: relPath });
  if (existing) store.deleteFile(existing.id);
  const fileId = store.insertFile(sourceId, file.file, file.chunks, file.symbols, file.edges);
  return {
    fileId, path: relPath, language: file.file.language, chunks: file.chunks.length,
    tokenCount: file.chunks.reduce((sum, c) => sum + c.tokenCount, 0),
    replaced: existing !== undefined, indexVersion: store.bumpIndexVersion(),
  };
}

/**
 * Stores (or replaces) an uploaded file; replacing deletes the old chunks in the same transaction.
 * With `parsers` (symbols/parsers), or in the upload worker, its definitions and edges are indexed
 * too, as for folders. While an index pass holds the lock the upload waits its turn (bounded), it
 * is never refused for it.
 */
export async function putFile(store: SqliteStore, relPath: string, content: string, parsers?: Parsers, options: PutOptions = {}): Promise<PutFileResult> {
  checkRelativePath(relPath);
  const bytes = contentBytes(content);
  checkQuota(store, relPath, bytes.length, options);
  const quota = { quotaBytes: options.quotaBytes, locale: options.locale };
  if (options.worker) {
    const { worker } = options;
    return writeQueueFor(store.file).whileElsewhere(() => worker.putFile({ dbFile: store.file, relPath, bytes, ...quota }));
  }
  const file = preparedOrBinary(prepareFile(relPath, bytes, Date.now(), undefined, parsers));
  return queueWrite(store, () => writeUpload(store, relPath, bytes.length, file, quota), options);
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

/** A message's text prepared as the indexer would (no symbols: it is prose); its path is set when written. */
export function prepareMessage(conversationId: string, bytes: Buffer): PreparedFile {
  return preparedOrBinary(prepareFile(`${conversationId}/message`, bytes, Date.now()));
}

/** The body of a message's transaction: the quota again, then the message with the next round and a unique path. */
export function writeMessage(store: SqliteStore, input: Omit<AddMessageInput, 'content'>, size: number, file: PreparedFile, options: QuotaOptions): AddMessageResult {
  // A message path is never an upload's: nothing it replaces is discounted.
  checkQuota(store, '', size, options);
  const statements = contentStatements(store);
  const roundNumber = input.roundNumber ?? (statements.conversationLastRound.get(input.conversationId)?.last ?? 0) + 1;
  const sourceId = store.ensureSource(CONVERSATIONS_SOURCE, '');
  // A unique virtual path per message: the (source, path) pair is unique in `files`.
  const count = statements.conversationGet.get(input.conversationId)?.message_count ?? 0;
  const virtualPath = `${input.conversationId}/${roundNumber}-${count + 1}`;
  const fileId = store.insertFile(sourceId, { ...file.file, path: virtualPath, language: 'text' }, file.chunks);
  statements.fileSetSourceType.run({ id: fileId, source_type: 'conversation_message' });
  statements.messageInsert.run({
    file_id: fileId, conversation_id: input.conversationId, round_number: roundNumber,
    speaker: input.speaker, created_at: new Date().toISOString(),
  });
  return { fileId, roundNumber, chunks: file.chunks.length, indexVersion: store.bumpIndexVersion() };
}

/** Adds a message to an existing conversation (the caller checks it exists) and indexes it. */
export async function addMessage(store: SqliteStore, input: AddMessageInput, options: PutOptions = {}): Promise<AddMessageResult> {
  const bytes = contentBytes(input.content);
  checkQuota(store, '', bytes.length, options);
  const quota = { quotaBytes: options.quotaBytes, locale: options.locale };
  const meta = { conversationId: input.conversationId, speaker: input.speaker, roundNumber: input.roundNumber };
  if (options.worker) {
    const { worker } = options;
    return writeQueueFor(store.file).whileElsewhere(() => worker.addMessage({ dbFile: store.file, message: meta, bytes, ...quota }));
  }
  const file = prepareMessage(input.conversationId, bytes);
  return queueWrite(store, () => writeMessage(store, meta, bytes.length, file, quota), options);
}
