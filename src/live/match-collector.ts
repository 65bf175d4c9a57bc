/**
 * @module live/match-collector
 * A sink for ripgrep's JSON events: counts every match per file (the
 * totals keep counting past the display cap) and keeps the first `limit`
 * matches in a stable order (file rank, then line) whatever order ripgrep's
 * threads printed files in. Context lines are attached to the match they
 * follow (within context_after) or precede. Lines stay raw here; they are
 * decoded once the run is over, when each file's encoding is known.
 */
import type { RgEvent } from './rg-events.js';

type Data = { text: string } | { bytes: string };

export interface RawContext { lineNumber: number; lines: Data }

export interface RawMatch {
  path: string;
  lineNumber: number;
  lines: Data;
  submatches: Extract<RgEvent, { type: 'match' }>['submatches'];
  before: RawContext[];
  after: RawContext[];
  /** Which pass found it: the encoding ripgrep was told, null for its own detection. */
  encoding: string | null;
}

export type Rank = (path: string) => number | string;

function lineCount(lines: Data): number {
  const text = 'text' in lines ? lines.text : Buffer.from(lines.bytes, 'base64').toString('latin1');
  const trimmed = text.endsWith('\n') ? text.slice(0, -1) : text;
  let count = 1;
  for (const ch of trimmed) if (ch === '\n') count++;
  return count;
}

export class MatchCollector {
  readonly counts = new Map<string, number>();
  total = 0;
  /** Matching lines (match events) seen; the display cap counts these. */
  lines = 0;
  private kept: RawMatch[] = [];
  private last: { match: RawMatch; endLine: number } | null = null;
  private pending: RawContext[] = [];

  constructor(
    private readonly limit: number,
    private readonly rank: Rank,
    private readonly contextAfter: number,
    /** Whether a file's events are taken (fences and encoding passes filter here). */
    private readonly accepts: (path: string) => boolean,
  ) {}

  /** Feeds one event of a run whose files were read as `encoding`. */
  add(event: RgEvent, encoding: string | null): void {
    if (event.type === 'begin' || event.type === 'end') {
      this.last = null;
      this.pending = [];
      return;
    }
    if (event.type === 'context') {
      if (!this.accepts(event.path)) return;
      const context = { lineNumber: event.lineNumber, lines: event.lines };
      if (this.last && event.lineNumber <= this.last.endLine + this.contextAfter) this.last.match.after.push(context);
      else this.pending.push(context);
      return;
    }
    if (event.type !== 'match' || !this.accepts(event.path)) return;
    const matches = event.submatches.length;
    this.counts.set(event.path, (this.counts.get(event.path) ?? 0) + matches);
    this.total += matches;
    this.lines++;
    const match: RawMatch = {
      path: event.path, lineNumber: event.lineNumber, lines: event.lines, submatches: event.submatches,
      before: this.pending, after: [], encoding,
    };
    this.pending = [];
    this.last = { match, endLine: event.lineNumber + lineCount(event.lines) - 1 };
    this.kept.push(match);
    if (this.kept.length >= this.limit * 2) this.trim();
  }

  private compare = (a: RawMatch, b: RawMatch): number => {
    const ra = this.rank(a.path);
    const rb = this.rank(b.path);
    if (ra !== rb) return ra < rb ? -1 : 1;
    return a.lineNumber - b.lineNumber;
  };

  private trim(): void {
    this.kept.sort(this.compare);
    this.kept.length = Math.min(this.kept.length, this.limit);
  }

  /** The first `limit` matches in rank order. */
  matches(): RawMatch[] {
    this.trim();
    return this.kept;
  }

  /** Every match was kept (nothing cut by the display cap). */
  complete(): boolean {
    return this.lines <= this.limit;
  }
}
