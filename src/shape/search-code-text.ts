/**
 * @module shape/search-code-text
 * What a model reads of a search_code reply (the MCP text content): a
 * one-line header with the count, the total and how to get more, then the
 * hits grouped by file as `line: text` rows. The JSON reply keeps every
 * field (ids, relevance, every highlight range); here only what a model
 * acts on is left:
 * - ultra: the line each hit is about, nothing else, cut shorter;
 * - compact: the snippet's lines, context lines of punctuation only left
 *   out, indentation trimmed;
 * - full: the snippet as it is, indentation kept.
 * Matched lines are `41:`, context `41-`; in regex mode the first match of
 * a matched row is marked «…» (what a pattern matched is news, a word is not).
 * In compact and full, a hit whose matched row does not name its enclosing
 * symbol gets `(in symbol)`, and a graph-expanded hit `(caller of X)`.
 */
import { TOOL_TEXT } from '../contracts/limits.js';
import type { DetailLevel } from '../contracts/search-code-params.js';
import { foldCase } from '../text/tokens.js';
import type { SearchCodeItem } from './search-code-items.js';
import { sourceLabel } from './source-label.js';
import { countOf, groupRows, marksFor, rangesAt, renderFiles, rowText, type FileRows, type TextRow } from './text-rows.js';

export type SearchCodeTextItem = SearchCodeItem & { relation?: string; expanded_from?: string };

/** The fields of a search_code reply the text reads (search/engine's SearchCodeResponse has them all). */
export interface SearchCodeReplyView {
  query: string;
  mode: 'text' | 'exact' | 'regex';
  query_type?: string;
  items: readonly SearchCodeTextItem[];
  count: number;
  total: number;
  total_partial?: true;
  has_more: boolean;
  next_skip: number | null;
  next_cursor?: string | null;
  matched?: 'all_terms' | 'any_term';
  semantic?: { fused: boolean };
  /** `repository` only for content posted over the API (uploads). */
  references?: readonly { file: string; line: number; kind: string; from: string | null; repository?: string }[];
  references_total?: number;
  suggestions?: unknown;
  warnings?: readonly string[];
}

/** The last identifier of a qualified symbol (`Store.open` -> `open`). */
function shortName(symbol: string): string {
  return symbol.slice(symbol.lastIndexOf('.') + 1);
}

/** Where the hit sits, when its row does not say it: `(in parse; caller of load)`. */
function note(item: SearchCodeTextItem, shown: string): string | undefined {
  const parts: string[] = [];
  if (item.symbol && !shown.includes(shortName(item.symbol))) parts.push(`in ${item.symbol}`);
  if (item.relation && item.expanded_from && !shown.includes(shortName(item.expanded_from))) parts.push(`${item.relation} of ${item.expanded_from}`);
  return parts.length > 0 ? `(${parts.join('; ')})` : undefined;
}

const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * Where the match is in an ultra row, to cut a long row around it. The row
 * is the line trimmed, while highlights index the line as it is (unless the
 * engine cut it, `line_truncated`), so the query's words or literal are
 * looked for in the row itself; a regex falls back to the highlight, off by
 * at most the line's indentation.
 */
function ultraFocus(item: SearchCodeTextItem, line: number, shown: string, reply: SearchCodeReplyView): [number, number][] {
  const ranges = rangesAt(item.highlights, line);
  if (item.line_truncated || reply.mode === 'regex') return ranges;
  const folded = foldCase(shown);
  const words = reply.mode === 'exact' ? [reply.query] : reply.query.split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 1);
  const found = words.map((w) => [folded.indexOf(foldCase(w)), w.length] as const).filter(([at]) => at >= 0).sort((a, b) => a[0] - b[0])[0];
  return found ? [[found[0], found[0] + found[1]]] : ranges;
}

/** ultra: one row, the line `path:line: text` names. */
function ultraRows(item: SearchCodeTextItem, reply: SearchCodeReplyView): TextRow[] {
  const rest = (item.line ?? '').slice(item.file.length + 1);
  const colon = rest.indexOf(': ');
  const line = Number(rest.slice(0, colon));
  const shown = rest.slice(colon + 2);
  const text = rowText(shown, ultraFocus(item, line, shown, reply), { max: TOOL_TEXT.ultraRowMaxChars });
  return [{ line: Number.isInteger(line) ? line : item.start_line ?? 0, text, matched: true }];
}

/** compact and full: the snippet's lines. */
function snippetRows(item: SearchCodeTextItem, level: DetailLevel, marks: number): TextRow[] {
  const first = item.snippet_start_line ?? item.start_line ?? 1;
  const full = level === 'full';
  const rows: TextRow[] = [];
  (item.snippet ?? '').split('\n').forEach((source, i) => {
    const line = first + i;
    const ranges = rangesAt(item.highlights, line);
    const matched = ranges.length > 0;
    if (!full && !matched && !hasWord(source)) return;
    rows.push({ line, matched, text: rowText(source, ranges, full ? { max: Infinity, marks, indent: true } : { marks }) });
  });
  const focus = rows.find((r) => r.matched) ?? rows[0];
  if (focus) focus.note = note(item, focus.text);
  return rows;
}

function header(reply: SearchCodeReplyView): string {
  const unit = reply.mode === 'text' ? 'chunks' : 'lines';
  const how = [reply.mode, reply.query_type, reply.matched === 'any_term' ? 'any term' : undefined, reply.semantic?.fused ? 'with embeddings' : undefined]
    .filter(Boolean).join(', ');
  const more = !reply.has_more ? '' : reply.next_cursor ? `; more: cursor "${reply.next_cursor}"` : `; more: skip ${reply.next_skip}`;
  const partial = reply.total_partial === true;
  const count = reply.total === 0 && !partial ? '0' : countOf(reply.count, reply.total, partial);
  return `${count} ${unit} (${how})${more}`;
}

function suggestionLines(suggestions: unknown): string[] {
  if (!suggestions || typeof suggestions !== 'object') return [];
  return Object.entries(suggestions as Record<string, unknown>)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0)
    .map(([kind, list]) => `${kind.replaceAll('_', ' ')}: ${list.join(kind === 'hints' ? ' ' : ', ')}`);
}

/** Reference sites of a relationship answer, less those already shown among the hits. */
function referenceLines(reply: SearchCodeReplyView, shown: readonly FileRows[]): string[] {
  const refs = reply.references ?? [];
  if (refs.length === 0) return [];
  const seen = new Set(shown.flatMap((f) => f.rows.filter((r) => r.matched).map((r) => `${f.file}\0${r.line}`)));
  const rest = refs.filter((r) => !seen.has(`${sourceLabel(r.file, r.repository)}\0${r.line}`));
  const among = rest.length < refs.length ? `, ${refs.length - rest.length} among the hits above` : '';
  const groups = groupRows(rest.map((r) => ({
    file: sourceLabel(r.file, r.repository), rows: [{ line: r.line, matched: true, text: `${r.kind.toLowerCase()}${r.from ? ` (in ${r.from})` : ''}` }],
  })));
  return [`references ${countOf(refs.length, reply.references_total ?? refs.length, false)}${among}:`, ...renderFiles(groups)];
}

/**
 * The file a hit is listed under: its path, and its repository when the page spans several, or
 * always when it is content posted over the API (shape/source-label): an upload never reads as a
 * file of the served folder.
 */
function fileLabel(items: readonly SearchCodeTextItem[]): (item: SearchCodeTextItem) => string {
  const several = new Set(items.map((i) => i.repository)).size > 1;
  return several ? (item) => `${item.repository}: ${item.file}` : (item) => sourceLabel(item.file, item.repository);
}

export function renderSearchCodeText(reply: SearchCodeReplyView, level: DetailLevel): string {
  const marks = marksFor(reply.query, reply.mode === 'regex');
  const label = fileLabel(reply.items);
  const entries: FileRows[] = reply.items.map((item) => ({
    file: label(item),
    rows: level === 'ultra' && item.line !== undefined ? ultraRows(item, reply) : snippetRows(item, level, marks),
  }));
  const groups = groupRows(entries);
  return [
    header(reply),
    ...(reply.warnings ?? []).map((w) => `warning: ${w}`),
    ...suggestionLines(reply.suggestions),
    ...renderFiles(groups),
    ...referenceLines(reply, groups),
  ].join('\n');
}
