/**
 * @module search/matcher
 * Line verification with RE2, a linear-time engine: a user pattern such as
 * `(a+)+$` cannot backtrack. Lines are matched one at a time, exactly as
 * ripgrep matches without --multiline (`^`/`$` at line edges, no match
 * across a newline). A chunk is pre-tested whole, so the many false
 * candidates of a case-insensitive trigram index cost one RE2 call each.
 */
import RE2 from 're2';
import { ENGINE, SEARCH_DISPLAY } from '../contracts/limits.js';
import { validationError } from '../contracts/search-code-params.js';
import { regexLiteral } from '../text/escape.js';

export interface LineMatch {
  /** 0-based line index within the text. */
  line: number;
  text: string;
  /** Character ranges [start, end) of the first matches in the line (SEARCH_DISPLAY.highlightRangesPerLine at most). */
  ranges: [number, number][];
  /** The line had more matches than `ranges` holds. */
  rangesTruncated?: true;
}

export interface Matcher {
  /** Cheap whole-text test: false means no line of the text can match. */
  mayMatch(text: string): boolean;
  matchLines(text: string): LineMatch[];
}

export function compileMatcher(pattern: string, options: { literal: boolean; caseInsensitive: boolean }): Matcher {
  if (!options.literal && pattern.length > ENGINE.regexMaxChars) {
    throw validationError('search_code.regex_too_long', { max: ENGINE.regexMaxChars });
  }
  const source = options.literal ? regexLiteral(pattern) : pattern;
  const flags = options.caseInsensitive ? 'i' : '';
  let whole: RE2;
  let wholeAll: RE2;
  let perLine: RE2;
  try {
    whole = new RE2(source, `${flags}m`);
    wholeAll = new RE2(source, `${flags}gm`);
    perLine = new RE2(source, `${flags}g`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw validationError('search_code.regex_invalid', { reason, pattern }, 'QUERY_SYNTAX', error);
  }
  // \A and \z anchor at each line when lines are matched alone, but only at the chunk's
  // edges in the whole text, which would then miss lines; so do ^ and $ under (?-m).
  const wholeIsSuperset = options.literal || !/\\[Az]|\(\?[a-zA-Z]*-[a-zA-Z]*m/.test(pattern);
  const byLine = (text: string) => perLineMatches(perLine, text);
  if (!wholeIsSuperset) return { mayMatch: () => true, matchLines: byLine };
  // A case-sensitive literal needs no engine at all.
  if (options.literal && !options.caseInsensitive && pattern.length > 0 && !pattern.includes('\n')) {
    return {
      mayMatch: (text) => text.includes(pattern),
      matchLines: (text) => wholeTextMatches(text, (from) => literalAt(text, pattern, from), byLine),
    };
  }
  return {
    mayMatch: (text) => whole.test(text),
    matchLines: (text) => wholeTextMatches(text, (from) => {
      wholeAll.lastIndex = from;
      const m = wholeAll.exec(text);
      return m ? { index: m.index, end: m.index + m[0].length } : null;
    }, byLine),
  };
}

type FindFrom = (from: number) => { index: number; end: number } | null;

function literalAt(text: string, literal: string, from: number): { index: number; end: number } | null {
  const index = text.indexOf(literal, from);
  return index < 0 ? null : { index, end: index + literal.length };
}

/**
 * Matches found in the whole text, one engine call per match instead of one per line (a chunk
 * has up to 80 lines, most of them without a match), then placed on their lines. The same as
 * matching line by line as long as no match spans a newline (with the `m` flag `^` and `$` see
 * the line edges, and `\b` sees the newline as a non-word character, as it sees a line's edge);
 * a match that does span one sends the text to the line-by-line matcher, whose answer rules.
 */
function wholeTextMatches(text: string, find: FindFrom, byLine: (text: string) => LineMatch[]): LineMatch[] {
  const found: LineMatch[] = [];
  let lineStart = 0, lineEnd = lineEndAt(text, 0), lineNo = 0;
  let current = null as LineMatch | null;
  for (let m = find(0); m; ) {
    while (m.index > lineEnd) {
      lineStart = lineEnd + 1;
      lineEnd = lineEndAt(text, lineStart);
      lineNo++;
    }
    if (m.end > lineEnd) return byLine(text);
    if (current?.line !== lineNo) {
      current = { line: lineNo, text: text.slice(lineStart, lineEnd), ranges: [] };
      found.push(current);
    }
    if (m.end > m.index) {
      // Counting is per line, so ranges past the display cap are not worth finding (`.` on a minified line).
      if (current.ranges.length === SEARCH_DISPLAY.highlightRangesPerLine) {
        current.rangesTruncated = true;
        if (lineEnd >= text.length) break;
        m = find(lineEnd + 1);
        continue;
      }
      current.ranges.push([m.index - lineStart, m.end - lineStart]);
      m = find(m.end);
    } else {
      if (m.index >= text.length) break;
      m = find(nextCodePoint(text, m.index)); // empty match: step past it
    }
  }
  return found;
}

/**
 * Where the character after `at` starts: stepping one UTF-16 unit into a surrogate pair (an emoji)
 * would put RE2's lastIndex mid-character, and re2 then reports every later match of that string
 * one unit off.
 */
function nextCodePoint(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  return unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length ? at + 2 : at + 1;
}

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** The reference: each line matched alone, as ripgrep matches without --multiline. */
function perLineMatches(perLine: RE2, text: string): LineMatch[] {
  const found: LineMatch[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    perLine.lastIndex = 0;
    const ranges: [number, number][] = [];
    let matched = false;
    let truncated = false;
    for (let m = perLine.exec(line); m; m = perLine.exec(line)) {
      matched = true;
      const end = m.index + m[0].length;
      if (end > m.index) {
        if (ranges.length === SEARCH_DISPLAY.highlightRangesPerLine) { truncated = true; break; }
        ranges.push([m.index, end]);
      } else perLine.lastIndex = nextCodePoint(line, m.index); // empty match: step past it
      if (perLine.lastIndex > line.length) break;
    }
    if (matched) found.push({ line: i, text: line, ranges, ...(truncated ? { rangesTruncated: true as const } : {}) });
  }
  return found;
}
