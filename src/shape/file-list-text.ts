/**
 * @module shape/file-list-text
 * What a model reads of a list_files reply: a header with the count and the
 * total, the warnings (they say how to narrow down), then the entries as
 * `ls -R` prints them: `folder:` and the names in it, folders with a
 * trailing `/`. Sizes, times and extensions stay in the JSON reply.
 */
import { countOf } from './text-rows.js';

/** The fields of a list_files reply the text reads (tools/list-files builds them). */
export interface FileListView {
  files: readonly { path: string; is_dir: boolean }[];
  count: number;
  total: number | null;
  warnings?: readonly string[];
}

function split(path: string): { folder: string; name: string } {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const cut = trimmed.lastIndexOf('/');
  if (cut < 0) return { folder: '.', name: trimmed };
  return { folder: cut === 0 ? '/' : trimmed.slice(0, cut), name: trimmed.slice(cut + 1) };
}

export function renderFileListText(reply: FileListView): string {
  const folders = new Map<string, string[]>();
  for (const entry of reply.files) {
    const at = split(entry.path);
    let names = folders.get(at.folder);
    if (!names) folders.set(at.folder, names = []);
    names.push(`${at.name}${entry.is_dir ? '/' : ''}`);
  }
  return [
    `${reply.total === null ? `${reply.count} of ≥${reply.count}` : countOf(reply.count, reply.total, false)} entries`,
    ...(reply.warnings ?? []).map((w) => `warning: ${w}`),
    ...[...folders].flatMap(([folder, names]) => [`${folder}:`, ...names]),
  ].join('\n');
}
