/**
 * @module live/hidden-ignored
 * Whether a path of the project is hidden (a segment starting with ".") or
 * left out by the ignore rules (.gitignore, .ignore, .quarryignore, nested,
 * and .git/info/exclude): the two defaults search_content applies, so the
 * file view can apply them too and be opened up by the same two opt-ins
 * (`hidden`, `no_ignore`).
 */
import path from 'node:path';
import { IgnoreStack } from '../ingest/ignore-rules.js';

export type HiddenOrIgnored = 'hidden' | 'ignored' | null;

/** `rel`: relative to the root, '/'-separated ('.' for the root itself). */
export function isHiddenPath(rel: string): boolean {
  return rel.split('/').some((segment) => segment.startsWith('.') && segment !== '.' && segment !== '..');
}

/** Whether the rules of `rootReal` ignore file `rel`, or any folder above it. */
export function isIgnoredPath(rootReal: string, rel: string): boolean {
  const segments = rel.split('/');
  let rules = IgnoreStack.forRoot(rootReal);
  for (let i = 0; i < segments.length - 1; i++) {
    const dir = segments.slice(0, i + 1).join('/');
    if (rules.ignores(dir, true)) return true;
    rules = rules.enter(path.join(rootReal, ...segments.slice(0, i + 1)), dir);
  }
  return rules.ignores(rel, false);
}

/** What keeps `rel` out by default, hidden first; null when nothing does or the caller opted in. */
export function hiddenOrIgnored(rootReal: string, rel: string, optIn: { hidden: boolean; noIgnore: boolean }): HiddenOrIgnored {
  if (!optIn.hidden && isHiddenPath(rel)) return 'hidden';
  if (!optIn.noIgnore && isIgnoredPath(rootReal, rel)) return 'ignored';
  return null;
}
