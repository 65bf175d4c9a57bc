/**
 * @module shape/text-rows
 * The pieces every tool's text rendering is made of (what a model reads of a
 * reply): a file's path on its own line, then its rows in line order, as grep
 * writes them: `41: text` for a line that matched, `40- text` for context.
 * The colon or dash is the highlight that matters most (which line matched);
 * it costs nothing. A file's line is shown once even when hits overlap.
 */
import { TOOL_TEXT } from '../contracts/limits.js';
import { markRanges, type Highlights } from './highlight.js';
import { cutLine } from './search-code-items.js';

export interface TextRow {
  line: number;
  text: string;
  /** The line matched (`41:`); otherwise it is context (`41-`). */
  matched: boolean;
  /** A short note after the text, e.g. the enclosing symbol. */
  note?: string;
}

/** Rows of one file, collected hit by hit. */
export interface FileRows {
  file: string;
  rows: TextRow[];
}

const MARK_OPEN = '«';
const MARK_CLOSE = '»';

/**
 * `text` with each run of blanks inside it as one space (alignment costs a
 * model a token a row and tells it nothing), and `ranges` moved along.
 */
function squeezeBlanks(text: string, ranges: readonly [number, number][]): { text: string; ranges: [number, number][] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    at.push(out.length);
    const blank = text[i] === ' ' || text[i] === '\t';
    if (!blank) out += text[i];
    else if (!(i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t'))) out += ' ';
  }
  at.push(out.length);
  return { text: out, ranges: ranges.map(([a, b]): [number, number] => [at[a]!, Math.max(at[a]! + 1, at[b]!)]) };
}

/**
 * One row's text: trailing blanks gone; unless `indent`, leading blanks gone
 * too and inner runs of blanks squeezed to one space; cut to `max`
 * characters around its first range, and its first `marks` ranges wrapped
 * in «…».
 */
export function rowText(line: string, ranges: readonly [number, number][], options: { max?: number; marks?: number; indent?: boolean } = {}): string {
  const { max = TOOL_TEXT.rowMaxChars, marks = 0, indent = false } = options;
  const end = line.trimEnd().length;
  const start = indent ? 0 : end - line.slice(0, end).trimStart().length;
  const inside = ranges
    .filter(([a, b]) => b > start && a < end)
    .map(([a, b]): [number, number] => [Math.max(a, start) - start, Math.min(b, end) - start]);
  const kept = indent ? { text: line.slice(start, end), ranges: inside } : squeezeBlanks(line.slice(start, end), inside);
  const cut = cutLine(kept.text, kept.ranges, max);
  return marks > 0 && cut.ranges.length > 0 ? markRanges(cut.text, cut.ranges.slice(0, marks), MARK_OPEN, MARK_CLOSE) : cut.text;
}

/** The ranges of one line in a highlights map. */
export function rangesAt(highlights: Highlights, line: number): [number, number][] {
  return highlights[String(line)] ?? [];
}

export function formatRow(row: TextRow): string {
  const text = row.text === '' ? '' : ` ${row.text}`;
  return `${row.line}${row.matched ? ':' : '-'}${text}${row.note ? `  ${row.note}` : ''}`;
}

/**
 * Groups rows by file in the order files first appear (the ranking's order),
 * rows of a file by line; a line given twice is kept once, matched if either
 * copy was, with the first note.
 */
export function groupRows(entries: readonly FileRows[]): FileRows[] {
  const files = new Map<string, Map<number, TextRow>>();
  for (const { file, rows } of entries) {
    let lines = files.get(file);
    if (!lines) files.set(file, lines = new Map<number, TextRow>());
    for (const row of rows) {
      const seen = lines.get(row.line);
      if (!seen) lines.set(row.line, { ...row });
      else {
        seen.matched ||= row.matched;
        seen.note ??= row.note;
      }
    }
  }
  return [...files].map(([file, lines]) => ({ file, rows: [...lines.values()].sort((a, b) => a.line - b.line) }));
}

/** Each file's path on its own line, then its rows. */
export function renderFiles(groups: readonly FileRows[]): string[] {
  return groups.flatMap(({ file, rows }) => [file, ...rows.map(formatRow)]);
}

const PATTERN_CHARS = new Set('\\^$.|?*+()[]{}');

/**
 * How many matches per row to mark «…»: what a pattern matched is news, a
 * literal or plain words are not (the row shows them as they were asked).
 */
export function marksFor(query: string, isRegex: boolean): number {
  return isRegex && [...query].some((ch) => PATTERN_CHARS.has(ch)) ? TOOL_TEXT.marksPerRow : 0;
}

/** `20 of 1347` with `≥` when the count is a lower bound. */
export function countOf(count: number, total: number, partial: boolean): string {
  return `${count} of ${partial ? '≥' : ''}${total}`;
}
