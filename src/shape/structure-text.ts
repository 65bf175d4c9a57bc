/**
 * @module shape/structure-text
 * What a model reads of a search_structure reply (the MCP text content and
 * the CLI's output): a header with the count, the total and how to get more,
 * then the matches grouped by file, one line each: `line:column` and the
 * match's first line (indentation trimmed, long lines cut), then its captures
 * as `NAME=text`. ultra leaves the captures out; full shows the whole matched
 * code under its line. The JSON reply keeps every field.
 */
import type { DetailLevel } from '../contracts/search-code-params.js';
import { STRUCTURE } from '../contracts/structure-limits.js';

/** The fields of a reply the text reads. */
export interface StructureReplyView {
  language: string;
  matches: readonly {
    file: string;
    start: { line: number; column: number };
    text: string;
    text_truncated?: true;
    captures: Readonly<Record<string, string>>;
  }[];
  count: number;
  total: number;
  total_partial?: true;
  has_more: boolean;
  next_skip: number | null;
  prefilter: { mode: 'literal' | 'scan'; word?: string; files_parsed: number };
  warnings?: readonly string[];
}

/** One line of code or capture for a one-line row: whitespace runs folded, cut with an ellipsis. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function header(reply: StructureReplyView): string {
  const total = reply.total_partial ? `at least ${reply.total}` : String(reply.total);
  const how = reply.prefilter.mode === 'literal' ? `candidates by "${reply.prefilter.word}"` : 'scan';
  const files = `${reply.prefilter.files_parsed} file${reply.prefilter.files_parsed === 1 ? '' : 's'} parsed`;
  const more = reply.has_more && reply.next_skip !== null ? `; more: skip=${reply.next_skip}` : '';
  return `${reply.count} of ${total} matches (${reply.language}; ${how}, ${files}${more})`;
}

export function renderStructureText(reply: StructureReplyView, detail: DetailLevel = 'compact'): string {
  const lines = [header(reply)];
  let file: string | null = null;
  for (const match of reply.matches) {
    if (match.file !== file) {
      file = match.file;
      lines.push(file);
    }
    const first = match.text.split('\n')[0]!;
    const multiLine = match.text.includes('\n') || match.text_truncated;
    const code = detail === 'full' ? first.trim() : oneLine(first, STRUCTURE.textLineMaxChars) + (multiLine ? ' …' : '');
    const captures = detail === 'ultra' ? [] : Object.entries(match.captures).map(([name, text]) => `${name}=${oneLine(text, 60)}`);
    lines.push(`  ${match.start.line}:${match.start.column} ${code}${captures.length > 0 ? `  | ${captures.join(' ')}` : ''}`);
    if (detail === 'full' && multiLine) {
      for (const rest of match.text.split('\n').slice(1)) lines.push(`    ${rest}`);
      if (match.text_truncated) lines.push('    …');
    }
  }
  for (const warning of reply.warnings ?? []) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}
