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

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
/** Cheap test first: an all-lowercase-letters identifier has no inner boundary. */
const MAY_HAVE_PARTS = /[A-Z0-9_]/;
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;
/** Words that have an English stem: lowercase or Capitalised letters (not CONSTANTS, not camelCase). */
const STEMMABLE = /^[A-Za-z][a-z]+$/;
/** Distinct words whose stem is remembered; cleared when full, so memory stays bounded. */
const STEM_CACHE_MAX = 50_000;
const stemCache = new Map<string, string | null>();

/** The parts of one identifier, lowercased; a single-part identifier yields one part. */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const piece of identifier.split('_')) {
    for (const match of piece.matchAll(PART)) parts.push(match[0].toLowerCase());
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
  stems: string[];
}

/** Distinct identifiers whose added words are remembered (code repeats its names); cleared when full. */
const IDENTIFIER_CACHE_MAX = 50_000;
const identifierCache = new Map<string, IdentifierWords>();

function identifierWords(identifier: string): IdentifierWords {
  let words = identifierCache.get(identifier);
  if (words) return words;
  const stemsOf = (list: readonly string[]) => list.map(wordStem).filter((stem): stem is string => stem !== null);
  if (!MAY_HAVE_PARTS.test(identifier)) {
    words = { parts: null, stems: stemsOf([identifier]) };
  } else {
    const split = splitIdentifier(identifier);
    // `_not`, `__iter__`: one word behind underscores is still that word.
    const compound = split.length > 1 || (split.length === 1 && split[0] !== identifier.toLowerCase());
    words = { parts: compound ? split : null, stems: stemsOf(split) };
  }
  if (identifierCache.size >= IDENTIFIER_CACHE_MAX) identifierCache.clear();
  identifierCache.set(identifier, words);
  return words;
}

/**
 * The words the word index adds to a text, in order: the parts of each
 * distinct compound identifier (one list per identifier), then the stems of
 * distinct words that differ from them (each once, so term frequencies stay
 * close to the source).
 */
export function addedIndexWords(content: string): { parts: string[][]; stems: string[] } {
  const seen = new Set<string>();
  const parts: string[][] = [];
  const stems = new Set<string>();
  for (const identifier of content.match(IDENTIFIER) ?? []) {
    if (seen.has(identifier)) continue;
    seen.add(identifier);
    const words = identifierWords(identifier);
    if (words.parts) parts.push(words.parts);
    for (const stem of words.stems) stems.add(stem);
  }
  return { parts, stems: [...stems] };
}

/** Text for the word index: the content, then the words it adds (addedIndexWords), a line each. */
export function wordIndexText(content: string): string {
  const { parts, stems } = addedIndexWords(content);
  const extra = parts.map((words) => words.join(' '));
  if (stems.length > 0) extra.push(stems.join(' '));
  return extra.length === 0 ? content : `${content}\n${extra.join('\n')}`;
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
