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
  let perLine: RE2;
  try {
    whole = new RE2(source, `${flags}m`);
    perLine = new RE2(source, `${flags}g`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw validationError('search_code.regex_invalid', { reason, pattern }, 'QUERY_SYNTAX', error);
  }
  // \A and \z anchor at each line when lines are matched alone, but only at the
  // chunk's edges in the whole-text test, which would then miss lines.
  const wholeIsSuperset = options.literal || !/\\[Az]/.test(pattern);
  return {
    mayMatch: (text) => !wholeIsSuperset || whole.test(text),
    matchLines(text) {
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
            // Counting is per line, so ranges past the display cap are not worth finding (`.` on a minified line).
            if (ranges.length === SEARCH_DISPLAY.highlightRangesPerLine) { truncated = true; break; }
            ranges.push([m.index, end]);
          } else perLine.lastIndex = m.index + 1; // empty match: step past it
          if (perLine.lastIndex > line.length) break;
        }
        if (matched) found.push({ line: i, text: line, ranges, ...(truncated ? { rangesTruncated: true as const } : {}) });
      }
      return found;
    },
  };
}
