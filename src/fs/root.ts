/**
 * @module fs/root
 * The folder an index pass or a server is given, as a real path: checked
 * before anything heavier loads (the CLI resolves it, then hands the pass to
 * a worker thread, ingest/index-runner).
 */
import fs from 'node:fs';
import path from 'node:path';
import { catalogueError } from '../contracts/errors.js';

export function resolveRoot(root: string): string {
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(root));
  } catch {
    throw catalogueError('NOT_FOUND', { key: 'index.root_missing', params: { root } });
  }
  if (!fs.statSync(real).isDirectory()) throw catalogueError('INVALID_ARGUMENT', { key: 'index.root_missing', params: { root } });
  return real;
}

/** Whether `candidate` is `root` or lies under it (both absolute, real paths where links matter). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
