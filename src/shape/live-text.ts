/**
 * @module shape/live-text
 * What a model reads of a search_content or find_and_grep reply, per output
 * format: a header with the totals, the warnings (they say how to get more
 * or narrow down), then
 * - count_only_matches: one `count path` row per file;
 * - summary_only: each top file with its count, then its sample rows;
 * - group_by_file and full: the matches grouped by file as `line: text`
 *   rows, context lines as `line- text`.
 * A bare number (total_only) is its own text. In a pattern search the first
 * match of each row is marked «…».
 */
import { countOf, groupRows, renderFiles, rowText, type FileRows, type TextRow } from './text-rows.js';

interface LineView { line_number: number; line: string }

interface MatchView extends LineView {
  file?: string;
  /** UTF-8 byte offsets in `line`, as ripgrep reports them. */
  submatches?: readonly { start: number; end: number }[];
  before?: readonly LineView[];
  after?: readonly LineView[];
}

/** The fields of a live search reply the text reads (live/output-formats builds them). */
export interface LiveReplyView {
  format?: string;
  total_matches?: number | null;
  total_matches_at_least?: number;
  file_count?: number;
  base?: string;
  files?: Record<string, number> | readonly { file: string; count: number; matches: readonly MatchView[] }[];
  top_files?: readonly { file: string; count: number; samples: readonly LineView[] }[];
  matches?: readonly MatchView[];
  meta?: { searched_file_count: number; truncated: boolean };
  warnings?: readonly string[];
}

/** A UTF-8 byte offset in `line` as a character offset. */
function charOffset(line: string, byteOffset: number): number {
  return Buffer.from(line, 'utf8').subarray(0, byteOffset).toString('utf8').length;
}

function matchRows(m: MatchView, marks: number): TextRow[] {
  const ranges = (m.submatches ?? []).map((s): [number, number] => [charOffset(m.line, s.start), charOffset(m.line, s.end)]);
  const context = (c: LineView): TextRow => ({ line: c.line_number, text: rowText(c.line, []), matched: false });
  return [...(m.before ?? []).map(context), { line: m.line_number, text: rowText(m.line, ranges, { marks }), matched: true }, ...(m.after ?? []).map(context)];
}

function header(reply: LiveReplyView, shown: number | null): string {
  const exact = reply.total_matches !== null && reply.total_matches !== undefined;
  const total = exact ? reply.total_matches! : reply.total_matches_at_least ?? 0;
  const matches = shown === null ? `${exact ? '' : '≥'}${total}` : countOf(shown, total, !exact);
  const searched = reply.meta ? `; searched ${reply.meta.searched_file_count} files${reply.meta.truncated ? ' (file_limit reached)' : ''}` : '';
  const base = reply.base ? `; paths under ${reply.base}/` : '';
  const files = reply.file_count ?? 0;
  return `${matches} matches in ${files} ${files === 1 ? 'file' : 'files'}${searched}${base}`;
}

function body(reply: LiveReplyView, marks: number): { shown: number | null; lines: string[] } {
  if (reply.top_files) {
    const lines = reply.top_files.flatMap((f) => [`${f.file} (${f.count})`, ...f.samples.map((s) => `${s.line_number}: ${rowText(s.line, [])}`)]);
    return { shown: null, lines };
  }
  if (Array.isArray(reply.files)) {
    const groups = reply.files as Exclude<LiveReplyView['files'], Record<string, number> | undefined>;
    const entries: FileRows[] = groups.map((g) => ({ file: g.file, rows: g.matches.flatMap((m) => matchRows(m, marks)) }));
    return { shown: groups.reduce((n, g) => n + g.matches.length, 0), lines: renderFiles(groupRows(entries)) };
  }
  if (reply.files) return { shown: null, lines: Object.entries(reply.files).map(([file, count]) => `${count} ${file}`) };
  if (reply.matches) {
    const entries = reply.matches.map((m) => ({ file: m.file ?? '', rows: matchRows(m, marks) }));
    return { shown: reply.matches.length, lines: renderFiles(groupRows(entries)) };
  }
  return { shown: null, lines: [] };
}

export function renderLiveText(reply: number | LiveReplyView, marks: number): string {
  if (typeof reply === 'number') return String(reply);
  const { shown, lines } = body(reply, marks);
  return [header(reply, shown), ...(reply.warnings ?? []).map((w) => `warning: ${w}`), ...lines].join('\n');
}
