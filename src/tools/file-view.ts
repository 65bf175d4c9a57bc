/**
 * @module tools/file-view
 * One whole text file of the project with its language and the outline of
 * its symbols from the index: what the web page's file view shows (served
 * by server/routes/file-routes). The path goes through the live tools'
 * realpath fence, so `..`, absolute paths and symlinks cannot leave the
 * project root; binary and oversized files are refused with catalogue words.
 * Only a regular file is read (ingest/regular-file): a named pipe, socket or
 * device is refused without being waited on, and the read runs in the
 * file-system pool with a deadline, never on the serving thread.
 */
import { catalogueError } from '../contracts/errors.js';
import { FILE_READ } from '../contracts/file-read-limits.js';
import { INGEST, WEB } from '../contracts/limits.js';
import { readRegularFile } from '../ingest/regular-file.js';
import { displayPath, fencePath, projectRoot } from '../live/path-fence.js';
import type { ToolContext } from './context.js';

export interface FileView {
  path: string;
  language: string | null;
  size: number;
  text: string;
  symbols: { name: string; kind: string; container: string | null; start_line: number; end_line: number }[];
  index_version: number;
}

export async function viewFile(ctx: ToolContext, asked: unknown): Promise<FileView> {
  if (typeof asked !== 'string' || asked.length === 0) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'web.path_required' }, ctx.locale);
  }
  const root = projectRoot(ctx.root);
  const real = fencePath(root, asked, 'files', ctx.locale);
  const shown = displayPath(root, real);
  const read = await readRegularFile(real, WEB.fileViewMaxBytes, FILE_READ.deadlineMs);
  if (read === null) {
    throw catalogueError('TIMEOUT', { key: 'files.read_timeout', params: { path: shown, ms: FILE_READ.deadlineMs } }, ctx.locale);
  }
  if (read.kind === 'not_regular') throw catalogueError('INVALID_ARGUMENT', { key: 'files.not_regular', params: { path: shown } }, ctx.locale);
  if (read.kind === 'too_large') {
    throw catalogueError('LIMIT_EXCEEDED', { key: 'web.file_too_large', params: { path: shown, size: read.size, max: WEB.fileViewMaxBytes } }, ctx.locale);
  }
  const { bytes } = read;
  const size = bytes.length;
  if (bytes.subarray(0, INGEST.binarySniffBytes).includes(0)) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'web.file_binary', params: { path: shown } }, ctx.locale);
  }
  const store = await ctx.codeIndex();
  return store.read(async (reader) => ({
    path: shown,
    language: await reader.fileLanguage(shown),
    size,
    text: bytes.toString('utf8'),
    symbols: await reader.fileOutline(shown),
    index_version: await reader.indexVersion(),
  }));
}
