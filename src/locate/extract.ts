/**
 * @module locate/extract
 * Reads the clues out of issue-sized text: the title, path-like mentions
 * (`django/forms/fields.py`, `fitsrec.py`, URLs to a file), traceback frames
 * (`File "x.py", line 3, in f`, `x.py:3: in f`), dotted names
 * (`astropy.io.ascii.qdp`, `Query.add_q`), identifiers with how code-like
 * they look, names the text itself defines (its example code), and the
 * words for whole-file BM25. Pure and linear in the text: every pattern is
 * a fixed literal without nested quantifiers.
 */
import { splitIdentifier, wordStem } from '../text/identifiers.js';
import { STOPWORDS } from './stopwords.js';

export interface IdentifierMention {
  name: string;
  count: number;
  inTitle: boolean;
  /** In backticks or a fenced block, followed by `(`, or after a `.`: written as code. */
  inCode: boolean;
  /** Shaped like code on its own: snake_case, camelCase, dunder, an inner capital. */
  compound: boolean;
}

export interface PathMention {
  /** The path's components, as written (a URL or an absolute path keeps all of them; matching reads them from the end). */
  components: string[];
  count: number;
  inTitle: boolean;
}

export interface TracebackFrame {
  components: string[];
  line: number | null;
  func: string | null;
  /** Position among the frames (0 = outermost); the innermost frames are where it broke. */
  order: number;
}

export interface DottedMention {
  parts: string[];
  count: number;
  inTitle: boolean;
}

export interface WordMention {
  /** The term as the word index holds it: the lower-cased word, or its stem when it has one. */
  term: string;
  /** The word as first written (lower-cased), for reasons: `cache`, not its stem `cach`. */
  surface: string;
  count: number;
  inTitle: boolean;
  /** From an identifier or a code span rather than prose. */
  inCode: boolean;
}

export interface TextClues {
  title: string;
  /** Error messages (`ValueError: Unrecognized QDP line: ...`): the text after the exception's name. */
  messages: string[];
  paths: PathMention[];
  frames: TracebackFrame[];
  dotted: DottedMention[];
  identifiers: Map<string, IdentifierMention>;
  /** Names the text's own code defines (`class Parent(...)`, `def foo`): the reporter's, not the project's. */
  definedInText: Set<string>;
  words: Map<string, WordMention>;
}

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
const DOTTED = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+/g;
const INLINE_CODE = /``?[^`\n]+``?/g;
/** `File "path", line N, in func` (CPython tracebacks). */
const PY_FRAME = /File "([^"\n]{1,400})", line (\d{1,7})(?:, in ([A-Za-z_<][A-Za-z0-9_<>.]{0,200}))?/g;
/** `path/to/x.py:12: in func` or `path/to/x.py:12: Error` (pytest, compilers, linters). */
const COLON_FRAME = /(^|[\s(])([A-Za-z0-9_.~\\/-]{1,400}\.[A-Za-z0-9]{1,6}):(\d{1,7})(?::\d{1,5})?:?(?: in ([A-Za-z_][A-Za-z0-9_]{0,200}))?/gm;
/** Text around a path-like token: whitespace, quotes, brackets and punctuation that never appear inside one. */
const TOKEN_SEPARATORS = /[\s"'`()[\]{}<>,;=|*!?]+/;
/** `SomeError: message` on a line of its own (optionally dotted: `django.db.utils.ProgrammingError: ...`). */
const ERROR_LINE = /^[ \t>]*(?:[A-Za-z_][A-Za-z0-9_]*\.){0,8}[A-Za-z_][A-Za-z0-9_]*(?:Error|Exception|Warning|Exit|Interrupt)[ \t]*:[ \t]*(\S[^\n]{0,300})$/gm;
const DEFINED = /\b(?:class|def|function|fn|func|interface|struct)\s+([A-Za-z_][A-Za-z0-9_]*)/g;
const SOURCE_EXTENSION = /\.(?:py|pyx|pxd|pyi|js|jsx|mjs|cjs|ts|tsx|go|rs|java|kt|scala|rb|php|c|h|cc|cpp|hpp|cxx|cs|swift|m|mm|sh|pl|lua|r|jl|ex|exs|erl|hs|ml|clj|vue|svelte|css|scss|html|rst|md|txt|cfg|ini|toml|ya?ml|json|xml|sql|tex)$/i;
const LINE_SUFFIX = /(?::\d+)+:?$|#L\d+(?:-L?\d+)?$/;
const TRAILING_PUNCTUATION = /[.:]+$/;
const HAS_LETTER = /[A-Za-z]/;
const INNER_CAPITAL = /[a-z0-9][A-Z]|[A-Z]{2}[a-z]/;

function isCompound(name: string): boolean {
  const inner = name.replace(/^_+|_+$/g, '');
  return inner.includes('_') || INNER_CAPITAL.test(name) || (name.startsWith('__') && name.endsWith('__') && name.length > 4);
}

/** The spans of text written as code: fenced blocks (a line scan, so an unclosed fence costs one pass) and `inline code`, merged. */
function codeSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let fenceStart = -1;
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      if (fenceStart < 0) fenceStart = at;
      else { spans.push([fenceStart, at + line.length]); fenceStart = -1; }
    }
    at += line.length + 1;
  }
  if (fenceStart >= 0) spans.push([fenceStart, text.length]);
  for (const m of text.matchAll(INLINE_CODE)) spans.push([m.index, m.index + m[0].length]);
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** Whether `at` lies in one of the sorted, disjoint spans (binary search). */
function inSpans(spans: readonly [number, number][], at: number): boolean {
  let lo = 0, hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = spans[mid]!;
    if (at < start) hi = mid - 1;
    else if (at >= end) lo = mid + 1;
    else return true;
  }
  return false;
}

/** A path-like token's components, or null: it must end in a source extension, or hold a `/` between named parts. */
export function pathComponents(token: string): string[] | null {
  // A pytest node id names its file before `::` (tests/test_x.py::TestCase::test_y).
  const file = token.split('::', 1)[0]!;
  const cleaned = file.replace(TRAILING_PUNCTUATION, '').replace(LINE_SUFFIX, '').replace(TRAILING_PUNCTUATION, '');
  if (cleaned.length < 3 || !HAS_LETTER.test(cleaned)) return null;
  const components = cleaned.split(/[\\/]+/).filter((c) => c !== '' && c !== '.' && c !== '..');
  if (components.length === 0) return null;
  const last = components[components.length - 1]!;
  if (SOURCE_EXTENSION.test(last)) return components;
  return components.length >= 2 && components.every((c) => HAS_LETTER.test(c)) && cleaned.includes('/') ? components : null;
}

function addWord(words: Map<string, WordMention>, raw: string, inTitle: boolean, inCode: boolean): void {
  const lower = raw.toLowerCase();
  if (lower.length < 2 || !HAS_LETTER.test(lower)) return;
  // Function words and report boilerplate tell no file apart; written as code they may.
  if (!inCode && STOPWORDS.has(lower)) return;
  const term = wordStem(raw) ?? lower;
  const known = words.get(term);
  if (known) {
    known.count++;
    known.inTitle ||= inTitle;
    known.inCode ||= inCode;
  } else {
    words.set(term, { term, surface: lower, count: 1, inTitle, inCode });
  }
}

function framesOf(text: string): TracebackFrame[] {
  const frames: { at: number; frame: Omit<TracebackFrame, 'order'> }[] = [];
  for (const m of text.matchAll(PY_FRAME)) {
    const components = pathComponents(m[1]!);
    if (components) frames.push({ at: m.index, frame: { components, line: Number(m[2]), func: m[3] && !m[3].startsWith('<') ? m[3] : null } });
  }
  for (const m of text.matchAll(COLON_FRAME)) {
    const components = pathComponents(m[2]!);
    if (components) frames.push({ at: m.index, frame: { components, line: Number(m[3]), func: m[4] ?? null } });
  }
  return frames.sort((a, b) => a.at - b.at).map((f, order) => ({ ...f.frame, order }));
}

export function extractClues(text: string, limits: { pathMentionsMax: number; messagesMax: number }): TextClues {
  const title = text.trim().split('\n', 1)[0]!.trim();
  const titleEnd = text.indexOf(title) + title.length;
  const spans = codeSpans(text);
  const identifiers = new Map<string, IdentifierMention>();
  const words = new Map<string, WordMention>();

  for (const m of text.matchAll(IDENTIFIER)) {
    const name = m[0];
    const at = m.index;
    const inTitle = at < titleEnd;
    const after = text[at + name.length];
    const before = text[at - 1];
    const inCode = after === '(' || before === '.' || inSpans(spans, at);
    const compound = isCompound(name);
    const known = identifiers.get(name);
    if (known) {
      known.count++;
      known.inTitle ||= inTitle;
      known.inCode ||= inCode;
    } else {
      identifiers.set(name, { name, count: 1, inTitle, inCode, compound });
    }
    const parts = splitIdentifier(name);
    const code = compound || inCode;
    // The index holds the whole identifier as one token and its parts beside it, also the one word behind underscores (`_cull`).
    if (parts.length > 1 || (parts.length === 1 && parts[0] !== name.toLowerCase())) {
      addWord(words, name, inTitle, true);
      for (const part of parts) addWord(words, part, inTitle, code);
    } else {
      addWord(words, name, inTitle, code);
    }
  }

  const dottedByKey = new Map<string, DottedMention>();
  for (const m of text.matchAll(DOTTED)) {
    const key = m[0];
    const known = dottedByKey.get(key);
    if (known) known.count++;
    else dottedByKey.set(key, { parts: key.split('.'), count: 1, inTitle: m.index < titleEnd });
  }

  const pathsByKey = new Map<string, PathMention>();
  let offset = 0;
  for (const token of text.split(TOKEN_SEPARATORS)) {
    const at = text.indexOf(token, offset);
    offset = at >= 0 ? at + token.length : offset;
    if (!token.includes('/') && !token.includes('\\') && !token.includes('.')) continue;
    const components = pathComponents(token);
    if (!components) continue;
    const key = components.join('/');
    const known = pathsByKey.get(key);
    if (known) known.count++;
    else if (pathsByKey.size < limits.pathMentionsMax) pathsByKey.set(key, { components, count: 1, inTitle: at >= 0 && at < titleEnd });
  }

  const definedInText = new Set<string>();
  for (const m of text.matchAll(DEFINED)) definedInText.add(m[1]!);

  const messages = [...new Set([...text.matchAll(ERROR_LINE)].map((m) => m[1]!.trim()))].slice(0, limits.messagesMax);

  return {
    title,
    messages,
    paths: [...pathsByKey.values()],
    frames: framesOf(text).slice(0, limits.pathMentionsMax),
    dotted: [...dottedByKey.values()],
    identifiers,
    definedInText,
    words,
  };
}
