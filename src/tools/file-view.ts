/**
 * @module tools/file-view
 * One whole text file of the project with its language and the outline of
 * its symbols from the index: what the web page's file view shows (served
 * by server/routes/file-routes). The path goes through the live tools'
 * realpath fence, so `..`, absolute paths and symlinks cannot leave the
 * project root; binary and oversized files are refused with catalogue words.
 */
import fs from 'node:fs';
import { catalogueError } from '../contracts/errors.js';
import { INGEST, WEB } from '../contracts/limits.js';
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
  const size = fs.statSync(real).size;
  if (size > WEB.fileViewMaxBytes) {
    throw catalogueError('LIMIT_EXCEEDED', { key: 'web.file_too_large', params: { path: shown, size, max: WEB.fileViewMaxBytes } }, ctx.locale);
  }
  const bytes = fs.readFileSync(real);
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
