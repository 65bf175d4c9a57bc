/**
 * @module search/matcher
 * Line verification with RE2, a linear-time engine: a user pattern such as
 * `(a+)+$` cannot backtrack. A line matches exactly as ripgrep matches
 * without --multiline (`^`/`$` at line edges, no match across a newline).
 * Chunks arrive as UTF-8 bytes (store/chunk-text inflates them so) and are
 * searched as bytes: RE2 reads a Buffer without converting it, and only the
 * lines a page shows are decoded. A chunk is pre-tested whole, so the false
 * candidates of the trigram index cost one RE2 call each.
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
  mayMatch(bytes: Buffer): boolean;
  matchLines(bytes: Buffer): LineMatch[];
  /** How many lines match: `matchLines(bytes).length`, without building the lines. */
  countLines(bytes: Buffer): number;
}

/** A match as byte offsets [index, end), or null when there is none at or after `from`. */
type FindFrom = (bytes: Buffer, from: number) => { index: number; end: number } | null;

const NEWLINE = 0x0a;

export function compileMatcher(pattern: string, options: { literal: boolean; caseInsensitive: boolean }): Matcher {
  if (!options.literal && pattern.length > ENGINE.regexMaxChars) {
    throw validationError('search_code.regex_too_long', { max: ENGINE.regexMaxChars });
  }
  if (!options.literal && hasAnyByteEscape(pattern)) throw validationError('search_code.regex_any_byte', {}, 'QUERY_SYNTAX');
  const source = options.literal ? regexLiteral(pattern) : pattern;
  const flags = options.caseInsensitive ? 'i' : '';
  let whole: RE2;
  let wholeAll: RE2;
  let perLine: RE2;
  try {
    // The per-line form first: RE2 quotes a pattern compiled with `m` as "(?m)...", which the caller never typed.
    perLine = new RE2(source, `${flags}g`);
    whole = new RE2(source, `${flags}m`);
    wholeAll = new RE2(source, `${flags}gm`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw validationError('search_code.regex_invalid', { reason, pattern }, 'QUERY_SYNTAX', error);
  }
  const byLine = (bytes: Buffer) => perLineMatches(perLine, bytes.toString('utf8'));
  // \A and \z anchor at each line when lines are matched alone, but only at the chunk's
  // edges in the whole text, which would then miss lines; so do ^ and $ under (?-m).
  const wholeIsSuperset = options.literal || !/\\[Az]|\(\?[a-zA-Z]*-[a-zA-Z]*m/.test(pattern);
  if (!wholeIsSuperset) return { mayMatch: () => true, matchLines: byLine, countLines: (bytes) => byLine(bytes).length };
  let mayMatch: Matcher['mayMatch'];
  let find: FindFrom;
  if (options.literal && !options.caseInsensitive && pattern.length > 0 && !pattern.includes('\n')) {
    // A case-sensitive literal needs no engine at all.
    const needle = Buffer.from(pattern, 'utf8');
    mayMatch = (bytes) => bytes.includes(needle);
    find = (bytes, from) => {
      const index = bytes.indexOf(needle, from);
      return index < 0 ? null : { index, end: index + needle.length };
    };
  } else {
    mayMatch = (bytes) => whole.test(bytes);
    find = (bytes, from) => {
      wholeAll.lastIndex = from;
      const m = wholeAll.exec(bytes);
      return m ? { index: m.index, end: m.index + m[0].length } : null;
    };
  }
  return {
    mayMatch,
    matchLines: (bytes) => wholeTextMatches(bytes, find, byLine),
    countLines: (bytes) => countMatchingLines(bytes, find, byLine),
  };
}

/**
 * `\C` is RE2's "any byte": on UTF-8 it can match half of a character, so a hit's range would fall
 * inside one (ripgrep's engine has no such escape either).
 */
function hasAnyByteEscape(pattern: string): boolean {
  for (let at = pattern.indexOf('\\'); at >= 0; at = pattern.indexOf('\\', at + 2)) {
    const escaped = pattern[at + 1];
    if (escaped === 'C') return true;
    if (escaped === 'Q') { // \Q...\E is quoted text
      const end = pattern.indexOf('\\E', at + 2);
      if (end < 0) return false;
      at = end;
    }
  }
  return false;
}

/**
 * Matches found in the whole text, one engine call per match instead of one per line (a chunk
 * has up to 80 lines, most of them without a match), then placed on their lines. The same as
 * matching line by line as long as no match spans a newline (with the `m` flag `^` and `$` see
 * the line edges, and `\b` sees the newline as a non-word character, as it sees a line's edge);
 * a match that does span one sends the text to the line-by-line matcher, whose answer rules.
 */
function wholeTextMatches(bytes: Buffer, find: FindFrom, byLine: (bytes: Buffer) => LineMatch[]): LineMatch[] {
  const found: (LineMatch & { toChars: (offset: number) => number })[] = [];
  let lineStart = 0, lineEnd = lineEndAt(bytes, 0), lineNo = 0;
  let current = null as (typeof found)[number] | null;
  for (let m = find(bytes, 0); m; ) {
    while (m.index > lineEnd) {
      lineStart = lineEnd + 1;
      lineEnd = lineEndAt(bytes, lineStart);
      lineNo++;
    }
    if (m.end > lineEnd) return byLine(bytes);
    if (current?.line !== lineNo) {
      current = { line: lineNo, ...decodedLine(bytes, lineStart, lineEnd), ranges: [] };
      found.push(current);
    }
    if (m.end > m.index) {
      // Counting is per line, so ranges past the display cap are not worth finding (`.` on a minified line).
      if (current.ranges.length === SEARCH_DISPLAY.highlightRangesPerLine) {
        current.rangesTruncated = true;
        if (lineEnd >= bytes.length) break;
        m = find(bytes, lineEnd + 1);
        continue;
      }
      current.ranges.push([current.toChars(m.index - lineStart), current.toChars(m.end - lineStart)]);
      m = find(bytes, m.end);
    } else {
      if (m.index >= bytes.length) break;
      m = find(bytes, m.index + sequenceLength(bytes[m.index]!)); // empty match: step past it
    }
  }
  return found.map(({ toChars: _, ...line }) => line);
}

/**
 * The lines with a match, counted: the first match of a line is enough, so the search moves on
 * to the next line. A match spanning a newline hands the text to the line-by-line matcher, as
 * in wholeTextMatches; a match the skip leaves unfound cannot change whether a later line matches,
 * since each line's search starts at its own first byte.
 */
function countMatchingLines(bytes: Buffer, find: FindFrom, byLine: (bytes: Buffer) => LineMatch[]): number {
  let count = 0;
  for (let m = find(bytes, 0); m; ) {
    const lineEnd = lineEndAt(bytes, m.index);
    if (m.end > lineEnd) return byLine(bytes).length;
    count++;
    if (lineEnd >= bytes.length) break;
    m = find(bytes, lineEnd + 1);
  }
  return count;
}

/** A line's text, and how a byte offset in it maps to a character offset (the same on ASCII). */
function decodedLine(bytes: Buffer, start: number, end: number): { text: string; toChars: (offset: number) => number } {
  const text = bytes.toString('utf8', start, end);
  if (text.length === end - start) return { text, toChars: (offset) => offset };
  return { text, toChars: (offset) => bytes.toString('utf8', start, start + offset).length };
}

/**
 * Bytes of the UTF-8 character that starts with `lead`: stepping into the middle of a character
 * after an empty match would make RE2 report later matches at the wrong offsets.
 */
function sequenceLength(lead: number): number {
  return lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

function lineEndAt(bytes: Buffer, from: number): number {
  const end = bytes.indexOf(NEWLINE, from);
  return end < 0 ? bytes.length : end;
}

/**
 * Where the character after `at` starts in a string: stepping one UTF-16 unit into a surrogate
 * pair (an emoji) would put RE2's lastIndex mid-character, and re2 then reports every later match
 * of that string one unit off.
 */
function nextCodePoint(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  return unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length ? at + 2 : at + 1;
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
