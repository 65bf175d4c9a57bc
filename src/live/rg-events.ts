/**
 * @module live/rg-events
 * ripgrep's `--json` lines -> typed events. ripgrep writes text as
 * `{"text": ...}` when it is valid UTF-8 and `{"bytes": base64}` otherwise;
 * both are turned into strings here (bytes decoded with the file's
 * detected encoding), and submatch offsets are kept as UTF-8 byte offsets
 * into the returned line, as ripgrep reports them for UTF-8 text.
 */
import { decodeBytes } from './encoding.js';

type Data = { text: string } | { bytes: string };

interface RawSubmatch { match: Data; start: number; end: number }

export type RgEvent =
  | { type: 'begin'; path: string }
  | { type: 'end'; path: string }
  | { type: 'match'; path: string; lineNumber: number; lines: Data; submatches: RawSubmatch[] }
  | { type: 'context'; path: string; lineNumber: number; lines: Data }
  | { type: 'summary'; matches: number; searches: number; elapsedMs: number }
  | { type: 'other' };

/** The fields of ripgrep's JSON messages that are read here; any of them may be missing. */
interface RgData {
  path?: Data;
  line_number?: number;
  lines?: Data;
  submatches?: RawSubmatch[];
  stats?: { matches?: number; searches?: number; elapsed?: { secs?: number; nanos?: number } };
}

function pathOf(data: { path?: Data }): string {
  if (!data.path) return '';
  return 'text' in data.path ? data.path.text : Buffer.from(data.path.bytes, 'base64').toString('utf8');
}

function linesOf(data: RgData): Data {
  if (!data.lines) throw new Error('ripgrep event without lines');
  return data.lines;
}

/** Parses one line of `rg --json`; a line that is not ripgrep JSON throws (the caller reports it). */
export function parseRgEvent(line: string): RgEvent {
  const raw = JSON.parse(line) as { type: string; data?: RgData };
  const data = raw.data ?? {};
  switch (raw.type) {
    case 'begin':
    case 'end':
      return { type: raw.type, path: pathOf(data) };
    case 'match':
      return { type: 'match', path: pathOf(data), lineNumber: data.line_number ?? 0, lines: linesOf(data), submatches: data.submatches ?? [] };
    case 'context':
      return { type: 'context', path: pathOf(data), lineNumber: data.line_number ?? 0, lines: linesOf(data) };
    case 'summary': {
      const stats = data.stats ?? {};
      const elapsed = stats.elapsed ?? {};
      return { type: 'summary', matches: stats.matches ?? 0, searches: stats.searches ?? 0, elapsedMs: Math.round((elapsed.secs ?? 0) * 1000 + (elapsed.nanos ?? 0) / 1e6) };
    }
    default:
      return { type: 'other' };
  }
}

export interface DecodedSubmatch { start: number; end: number; match: string }

/** Text of a line without its line terminator. */
export function lineText(lines: Data, encoding: string | null): string {
  const text = 'text' in lines ? lines.text : decodeBytes(Buffer.from(lines.bytes, 'base64'), encoding);
  return text.replace(/\r?\n$/, '');
}

/** Submatches as UTF-8 byte offsets into the decoded line, with the matched text. */
export function decodeSubmatches(lines: Data, submatches: readonly RawSubmatch[], encoding: string | null): DecodedSubmatch[] {
  if ('text' in lines) {
    return submatches.map((s) => ({ start: s.start, end: s.end, match: 'text' in s.match ? s.match.text : decodeBytes(Buffer.from(s.match.bytes, 'base64'), encoding) }));
  }
  const raw = Buffer.from(lines.bytes, 'base64');
  return submatches.map((s) => {
    const before = decodeBytes(raw.subarray(0, s.start), encoding);
    const match = decodeBytes(raw.subarray(s.start, s.end), encoding);
    const start = Buffer.byteLength(before);
    return { start, end: start + Buffer.byteLength(match), match };
  });
}
