/**
 * @module text/identifiers
 * Word-index text: splits identifiers at camelCase, snake_case and digit
 * boundaries, so the word index finds `parseConfigFile` for "parse config"
 * and `PM_RESUME` for "resume", and adds the stems of words (`files` ->
 * `file`, `sorting` -> `sort`), so a query finds other forms of its words.
 * The word tokenizer keeps `_` inside tokens, so whole identifiers stay
 * searchable, and the words themselves stay as written: phrases, highlights
 * and "did you mean" see the real words, and only added tokens are stems.
 */
import { stemmer } from 'stemmer';
import { NATIVE_ADDED_WORDS_TEXT_MAX, nativeText } from './native-text.js';
import { foldCase } from './tokens.js';

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
/** Cheap test first: an all-lowercase-letters identifier has no inner boundary. */
const MAY_HAVE_PARTS = /[A-Z0-9_]/;
/** Words that have an English stem: lowercase or Capitalised letters (not CONSTANTS, not camelCase). */
const STEMMABLE = /^[A-Za-z][a-z]+$/;
/** Distinct words whose stem is remembered; cleared when full, so memory stays bounded. */
const STEM_CACHE_MAX = 50_000;
const stemCache = new Map<string, string | null>();

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Where the run of characters passing `test` that starts at `from` ends. */
function runEnd(text: string, from: number, test: (c: number) => boolean): number {
  let end = from;
  while (end < text.length && test(text.charCodeAt(end))) end++;
  return end;
}

/**
 * The parts of one identifier, lowercased; a single-part identifier yields one part. Parts are
 * runs of lower-case letters with at most one capital before them, capitals not followed by
 * lower-case letters, and digits; anything else separates them. Written as one scan, not a
 * regular expression per piece: the word-index text of every indexed chunk goes through here.
 */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at < identifier.length) {
    const c = identifier.charCodeAt(at);
    let end: number;
    if (isUpper(c)) {
      end = runEnd(identifier, at, isUpper);
      if (end < identifier.length && isLower(identifier.charCodeAt(end))) {
        // `HTMLParser`: the last capital starts the next word.
        if (end - at > 1) parts.push(identifier.slice(at, end - 1).toLowerCase());
        at = end - 1;
        end = runEnd(identifier, end, isLower);
      }
    } else if (isLower(c)) {
      end = runEnd(identifier, at, isLower);
    } else if (isDigit(c)) {
      end = runEnd(identifier, at, isDigit);
    } else {
      at++;
      continue;
    }
    parts.push(identifier.slice(at, end).toLowerCase());
    at = end;
  }
  return parts;
}

/**
 * The stem of a word (Porter), lowercased, or null when it is its own stem
 * or not an English-looking word. The one stemming function of Quarry: the
 * index adds these stems and text queries search for them.
 */
export function wordStem(word: string): string | null {
  if (!STEMMABLE.test(word)) return null;
  const lower = word.toLowerCase();
  let stem = stemCache.get(lower);
  if (stem === undefined) {
    const stemmed = stemmer(lower);
    stem = stemmed !== lower && stemmed.length > 1 ? stemmed : null;
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(lower, stem);
  }
  return stem;
}

/** What one identifier adds: its parts when it is a compound (null otherwise), and the stems of its words. */
interface IdentifierWords {
  parts: string[] | null;
  /** The parts as the index text writes them (a line of words). */
  partsLine: string | null;
  stems: string[];
  /** The last text that listed it (addedIndexWords' count): a text lists each identifier once without a set of its own. */
  listedIn: number;
}

/** Distinct identifiers whose added words are remembered (code repeats its names); cleared between texts when full. */
const IDENTIFIER_CACHE_MAX = 50_000;
const identifierCache = new Map<string, IdentifierWords>();
let textsListed = 0;

function stemsOf(words: readonly string[]): string[] {
  const stems: string[] = [];
  for (const word of words) {
    const stem = wordStem(word);
    if (stem !== null) stems.push(stem);
  }
  return stems;
}

function identifierWords(identifier: string): IdentifierWords {
  let words = identifierCache.get(identifier);
  if (words) return words;
  if (!MAY_HAVE_PARTS.test(identifier)) {
    words = { parts: null, partsLine: null, stems: stemsOf([identifier]), listedIn: 0 };
  } else {
    const split = splitIdentifier(identifier);
    // `_not`, `__iter__`: one word behind underscores is still that word.
    const compound = split.length > 1 || (split.length === 1 && split[0] !== identifier.toLowerCase());
    words = compound
      ? { parts: split, partsLine: split.join(' '), stems: stemsOf(split), listedIn: 0 }
      : { parts: null, partsLine: null, stems: stemsOf(split), listedIn: 0 };
  }
  identifierCache.set(identifier, words);
  return words;
}

/** The distinct compound identifiers of a text, in order, and the distinct stems of its words. */
function listAdded(content: string): { compounds: IdentifierWords[]; stems: string[] } {
  // Cleared only between texts, so every identifier of this one keeps its mark.
  if (identifierCache.size >= IDENTIFIER_CACHE_MAX) identifierCache.clear();
  const text = ++textsListed;
  const compounds: IdentifierWords[] = [];
  const stems = new Set<string>();
  const identifiers = content.match(IDENTIFIER) ?? [];
  for (let i = 0; i < identifiers.length; i++) {
    const words = identifierWords(identifiers[i]!);
    if (words.listedIn === text) continue;
    words.listedIn = text;
    if (words.parts) compounds.push(words);
    for (const stem of words.stems) stems.add(stem);
  }
  return { compounds, stems: [...stems] };
}

/**
 * The words the word index adds to a text, in order: the parts of each
 * distinct compound identifier (one list per identifier), then the stems of
 * distinct words that differ from them (each once, so term frequencies stay
 * close to the source).
 */
export function addedIndexWords(content: string): { parts: string[][]; stems: string[] } {
  const { compounds, stems } = listAdded(content);
  return { parts: compounds.map((words) => words.parts!), stems };
}

/** What an added word can be: an identifier's part (letters or digits, lower case) or a stem. */
const ADDED_WORD = /^[a-z0-9]+$/;
const isIdentifierChar = (c: number) => isLower(c) || isUpper(c) || isDigit(c) || c === 95;

/**
 * How often each of `wanted` (lower case) is among the words the index adds
 * to `content` (addedIndexWords), reading only the identifiers that can add
 * it instead of all of them. A part is a lower-cased piece of its identifier,
 * so only identifiers holding the word can give it. A Porter stem is a
 * prefix of its word but for its last letter (y -> i, an e put back:
 * "happy" -> "happi", "hoping" -> "hope"; Porter's longer replacements keep
 * their first letter or lose the rest to a later step, and none of the Linux
 * kernel's 91,508 stemmed words differs in more), so a stem is looked for
 * only in identifiers holding all of it but its last letter. `folded` is
 * foldCase(content), when the caller has it already.
 */
export function addedWordCounts(content: string, wanted: ReadonlySet<string>, folded = foldCase(content)): Map<string, number> {
  if (identifierCache.size >= IDENTIFIER_CACHE_MAX) identifierCache.clear();
  const identifiers = new Set<string>();
  for (const word of wanted) {
    // Parts and stems are lower-case letters or digits: nothing else can be added (and "" would match everywhere).
    if (!ADDED_WORD.test(word)) continue;
    const key = word.length > 1 ? word.slice(0, -1) : word;
    for (let at = folded.indexOf(key); at >= 0; at = folded.indexOf(key, at + 1)) {
      let start = at;
      while (start > 0 && isIdentifierChar(content.charCodeAt(start - 1))) start--;
      // An identifier never starts with a digit: the regular expression starts it after them.
      while (start < at && isDigit(content.charCodeAt(start))) start++;
      let end = at;
      while (end < content.length && isIdentifierChar(content.charCodeAt(end))) end++;
      if (end < at + key.length || isDigit(content.charCodeAt(start))) continue;
      identifiers.add(content.slice(start, end));
      at = end;
    }
  }
  const counts = new Map<string, number>();
  const stems = new Set<string>();
  for (const identifier of identifiers) {
    const words = identifierWords(identifier);
    for (const part of words.parts ?? []) if (wanted.has(part)) counts.set(part, (counts.get(part) ?? 0) + 1);
    for (const stem of words.stems) if (wanted.has(stem)) stems.add(stem);
  }
  for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return counts;
}

/**
 * Text for the word index: the content, then the words it adds (addedIndexWords), a line each.
 * The native module adds the same words (native/quarry_text.c, about 3.5 times as fast);
 * `scanWordIndexText` is this in JavaScript, for where it is not built (a test keeps them equal).
 */
export function wordIndexText(content: string): string {
  if (nativeText && content.length <= NATIVE_ADDED_WORDS_TEXT_MAX) return content + nativeText.addedWords(content);
  return scanWordIndexText(content);
}

/** What wordIndexText adds to `content` (its text after the content): the added words, a line each from a leading newline, or "". */
export function addedWordsText(content: string): string {
  if (nativeText && content.length <= NATIVE_ADDED_WORDS_TEXT_MAX) return nativeText.addedWords(content);
  return scanWordIndexText(content).slice(content.length);
}

/** wordIndexText in JavaScript. */
export function scanWordIndexText(content: string): string {
  const { compounds, stems } = listAdded(content);
  if (compounds.length === 0 && stems.length === 0) return content;
  let text = content;
  for (const words of compounds) text += `\n${words.partsLine!}`;
  return stems.length > 0 ? `${text}\n${stems.join(' ')}` : text;
}

/** Formats whose names are not added to paths: a data file would outrank the code that reads it ("parse json"). */
const FORMAT_LANGUAGES = new Set(['sql', 'html', 'css', 'xml', 'json', 'yaml', 'toml', 'markdown', 'text']);

/**
 * Text for the path column: the path with the words of its names, then the
 * file's programming language ("python"), so a query naming the language
 * prefers its files. Where every file has that language the word weighs
 * nothing (BM25 gives a word in every document no weight), so the query is
 * ranked on its other words instead of on mentions of "python" in comments.
 */
export function pathIndexText(path: string, language: string): string {
  const words = wordIndexText(path);
  return FORMAT_LANGUAGES.has(language) ? words : `${words}\n${language}`;
}
