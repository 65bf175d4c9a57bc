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
 * Hidden files and files the ignore rules leave out are not shown unless
 * asked (`hidden`, `no_ignore`), the defaults search_content has: `.env` or
 * `.git/config` answer NOT_FOUND. The path as written is checked before the
 * file system is touched, and the real path once links are followed.
 */
import { catalogueError } from '../contracts/errors.js';
import { FILE_READ } from '../contracts/file-read-limits.js';
import { INGEST, WEB } from '../contracts/limits.js';
import { readRegularFile } from '../fs/regular-file.js';
import { hiddenOrIgnored } from '../live/hidden-ignored.js';
import { displayPath, fencePath, lexicalDisplayPath, projectRoot, type ProjectRoot } from '../live/path-fence.js';
import type { ToolContext } from './context.js';

export interface FileView {
  path: string;
  language: string | null;
  size: number;
  text: string;
  symbols: { name: string; kind: string; container: string | null; start_line: number; end_line: number }[];
  index_version: number;
}

/** The opt-ins of search_content the file view takes: off by default. */
export interface FileViewOptions {
  hidden?: boolean;
  noIgnore?: boolean;
}

/** NOT_FOUND when `rel` is hidden or ignored and the caller did not opt in. */
function checkShown(root: ProjectRoot, rel: string, options: FileViewOptions, ctx: ToolContext): void {
  const verdict = hiddenOrIgnored(root.real, rel, { hidden: options.hidden === true, noIgnore: options.noIgnore === true });
  if (verdict) throw catalogueError('NOT_FOUND', { key: verdict === 'hidden' ? 'files.hidden' : 'files.ignored', params: { path: rel } }, ctx.locale, { resource: 'file' });
}

export async function viewFile(ctx: ToolContext, asked: unknown, options: FileViewOptions = {}): Promise<FileView> {
  if (typeof asked !== 'string' || asked.length === 0) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'web.path_required' }, ctx.locale);
  }
  const root = projectRoot(ctx.root);
  // As written first: a hidden or ignored path answers the same whether it exists or not.
  const written = lexicalDisplayPath(root, asked);
  if (written !== null) checkShown(root, written, options, ctx);
  const real = fencePath(root, asked, 'files', ctx.locale);
  const shown = displayPath(root, real);
  // Then where links lead: a visible link to .env shows .env only with the same opt-in.
  if (shown !== written) checkShown(root, shown, options, ctx);
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
