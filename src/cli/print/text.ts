/**
 * @module cli/print/text
 * Human output of `quarry search` and `quarry index`. Free to change; the
 * JSON printer is the stable one.
 */
import type { IndexSummary } from '../../ingest/indexer.js';
import type { SearchCodeResponse } from '../../search/engine.js';
import { markRanges } from '../../shape/highlight.js';

export interface Style {
  path: (s: string) => string;
  match: (s: string) => string;
  dim: (s: string) => string;
}

const ESC = '\x1b[';
export const COLOR_STYLE: Style = {
  path: (s) => `${ESC}35m${s}${ESC}0m`,
  match: (s) => `${ESC}1;31m${s}${ESC}0m`,
  dim: (s) => `${ESC}2m${s}${ESC}0m`,
};
export const PLAIN_STYLE: Style = { path: (s) => s, match: (s) => s, dim: (s) => s };

function highlightLine(line: string, ranges: readonly [number, number][] | undefined, style: Style): string {
  if (!ranges || ranges.length === 0 || style === PLAIN_STYLE) return line;
  // markRanges with unique sentinels, then colour: keeps offsets right.
  // eslint-disable-next-line no-control-regex -- \u0001/\u0002 are the private markers markRanges just inserted
  return markRanges(line, ranges, '\u0001', '\u0002').replace(/\u0001([^\u0002]*)\u0002/g, (_w, m: string) => style.match(m));
}

export function printSearch(response: SearchCodeResponse, style: Style): string {
  const out: string[] = [];
  for (const item of response.items) {
    if (response.mode !== 'text') {
      // One line per hit, as grep prints it: the matched line of the snippet, not its context lines.
      const line = item.start_line ?? 0;
      const text = item.snippet?.split('\n')[line - (item.snippet_start_line ?? line)] ?? item.line ?? '';
      out.push(`${style.path(item.file)}:${line}:${highlightLine(text, item.highlights[String(line)], style)}`);
      continue;
    }
    const symbol = item.symbol ? ` ${item.symbol}` : '';
    out.push(`${style.path(item.file)}:${item.start_line}-${item.end_line}${symbol} ${style.dim(`(${item.language}, ${item.relevance})`)}`);
    if (item.line) { out.push(`  ${item.line}`); continue; }
    const first = item.snippet_start_line ?? item.start_line ?? 1;
    (item.snippet ?? '').split('\n').forEach((text, i) => {
      const n = first + i;
      out.push(`${style.dim(String(n).padStart(6))}  ${highlightLine(text, item.highlights[String(n)], style)}`);
    });
    out.push('');
  }
  const more = response.has_more ? `, more with --skip ${response.next_skip}` : '';
  out.push(style.dim(`${response.count} of ${response.total} ${response.mode === 'text' ? 'chunks' : 'lines'} (${response.mode}, ${response.took_ms} ms${more})`));
  for (const warning of response.warnings ?? []) out.push(`warning: ${warning}`);
  return out.join('\n');
}

export function printIndexSummary(s: IndexSummary): string {
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  const reasons = Object.entries(s.skipped_by_reason).map(([r, n]) => `${n} ${r}`).join(', ');
  return [
    `Indexed ${s.root} -> ${s.index}`,
    `  ${s.files} files, ${mb(s.bytes)}: ${s.added} added, ${s.updated} updated, ${s.unchanged} unchanged, ${s.deleted} deleted`,
    `  ${s.chunks} chunks, index ${mb(s.index_bytes)}, version ${s.index_version}, ${(s.duration_ms / 1000).toFixed(1)} s`,
    ...(s.skipped > 0 ? [`  skipped ${s.skipped}: ${reasons}`] : []),
    ...(s.embeddings ? [`  embeddings (${s.embeddings.model}): ${s.embeddings.embedded} embedded, ${s.embeddings.vectors} vectors, ${s.embeddings.missing} missing`] : []),
  ].join('\n');
}
