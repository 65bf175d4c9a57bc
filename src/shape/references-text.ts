/**
 * @module shape/references-text
 * What a model reads of a find_references reply: a header with the count,
 * the total and how to get more, the definitions, then the reference sites
 * grouped by file as `line: text` rows. A row whose text does not name the
 * function it sits in gets `(in caller)`; when the sites are of several
 * kinds, each row says its kind.
 */
import { foldCase } from '../text/tokens.js';
import { sourceLabel } from './source-label.js';
import { countOf, groupRows, renderFiles, rowText } from './text-rows.js';

/** The fields of a find_references reply the text reads (search/references-service has them all). */
export interface ReferencesReplyView {
  symbol: string;
  kinds: readonly string[];
  /** `repository` only for content posted over the API (uploads): the text names it (shape/source-label). */
  definitions: readonly { file: string; line: number; end_line: number; kind: string; name: string; repository?: string }[];
  references: readonly { file: string; line: number; kind: string; from: string | null; text: string; repository?: string }[];
  count: number;
  total: number;
  has_more: boolean;
  next_skip: number | null;
  /** Said after the sites (the index is still being built, say). */
  warnings?: readonly string[];
}

/** calls, extends, implements, imports. */
const ALL_KINDS = 4;

function header(reply: ReferencesReplyView): string {
  const kinds = reply.kinds.length === ALL_KINDS ? 'all kinds' : reply.kinds.map((k) => k.toLowerCase()).join(', ');
  const more = reply.has_more ? `; more: skip ${reply.next_skip}` : '';
  return `${countOf(reply.count, reply.total, false)} references to ${reply.symbol} (${kinds})${more}`;
}

export function renderReferencesText(reply: ReferencesReplyView): string {
  const severalKinds = new Set(reply.references.map((r) => r.kind)).size > 1;
  const definitions = groupRows(reply.definitions.map((d) => ({
    file: sourceLabel(d.file, d.repository),
    rows: [{ line: d.line, matched: true, text: `${d.kind} ${d.name}${d.end_line > d.line ? ` (to line ${d.end_line})` : ''}` }],
  })));
  const name = foldCase(reply.symbol.slice(reply.symbol.lastIndexOf('.') + 1));
  // A long line is cut around the name it references.
  const shown = (text: string): string => {
    const at = foldCase(text).indexOf(name);
    return rowText(text, at >= 0 ? [[at, at + name.length]] : []);
  };
  const sites = groupRows(reply.references.map((r) => {
    const notes = [severalKinds ? r.kind.toLowerCase() : '', r.from && !r.text.includes(r.from.slice(r.from.lastIndexOf('.') + 1)) ? `in ${r.from}` : '']
      .filter(Boolean);
    return { file: sourceLabel(r.file, r.repository), rows: [{ line: r.line, matched: true, text: shown(r.text), ...(notes.length > 0 ? { note: `(${notes.join(', ')})` } : {}) }] };
  }));
  return [
    header(reply),
    ...(definitions.length > 0 ? ['definitions:', ...renderFiles(definitions)] : []),
    ...(sites.length > 0 ? ['references:', ...renderFiles(sites)] : []),
    ...(reply.warnings ?? []).map((warning) => `warning: ${warning}`),
  ].join('\n');
}
