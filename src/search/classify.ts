/**
 * @module search/classify
 * What kind of question a query is, in the order the query-routing contract gives: a pattern
 * (glob or /regex/) first, then pattern words, relationship words, flow
 * words, then identifiers; anything else is a concept. Words match whole
 * (so "use" never matches inside "UserService"). Prose (an issue or a
 * message pasted whole: search/query-text) is a concept:
 * its "uses", "process" or `*args` are words of the text, not the question's type.
 */
import { isProse } from './query-text.js';

export type QueryType = 'symbol' | 'concept' | 'relationship' | 'flow' | 'pattern';

export interface Classification {
  type: QueryType;
  /** Code identifiers found in the query (UserService, validate_token, a.b). */
  identifiers: string[];
  /** Which rule decided, for explanations and tests. */
  reason: string;
}

const PATTERN_SYNTAX = /(^|\s)\/.+\/(\s|$)|[A-Za-z0-9_]\*|\*[A-Za-z0-9_]/;
const PATTERN_WORDS = ['pattern', 'patterns', 'idiom', 'idioms', 'convention', 'conventions', 'boilerplate'];
const RELATIONSHIP_WORDS = [
  'calls', 'call', 'called', 'caller', 'callers', 'callee', 'callees', 'invokes', 'invoked', 'uses', 'used by', 'usages',
  'references', 'referenced', 'refers', 'imports', 'imported', 'extends', 'extended', 'implements', 'implemented', 'implementations',
  'inherits', 'inherit', 'subclass', 'subclasses', 'depends on', 'dependents', 'depend on',
];
/**
 * "how" alone is no flow word: "how to read a file" asks for code that does a
 * task (BM25 answers it; CoSQA dev MRR 0.296 -> 0.318), while a flow question
 * names the flow ("how does login work", "checkout flow").
 */
const FLOW_WORDS = ['flow', 'works', 'work', 'process', 'lifecycle', 'sequence', 'pipeline', 'steps', 'happens', 'walkthrough', 'trace'];

/** camelCase, PascalCase with an inner capital, snake_case, SCREAMING_CASE, dotted or :: paths, or a call `f()`. */
const IDENTIFIER = /^(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z]+_[A-Za-z0-9_]+|[A-Z][A-Z0-9]+_[A-Z0-9_]+|[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+|[A-Za-z_]\w*\(\))$/;

/** ASCII word characters: the signal words are English, and a word boundary is anything else. */
const WORD_RUN = /[A-Za-z0-9_]+/g;

/** The query's words, lower case, with their offsets: signal words are found by comparing words, not by patterns. */
function wordsOf(query: string): { word: string; start: number; end: number }[] {
  return [...query.matchAll(WORD_RUN)].map((m) => ({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

/** Where the (possibly two-word) signal `phrase` starts among `words`, from `from`, or -1. */
function findWords(words: readonly { word: string }[], phrase: readonly string[], from = 0): number {
  outer: for (let i = from; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j]!.word !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

function containsWord(query: string, word: string): boolean {
  return findWords(wordsOf(query), word.split(' ')) >= 0;
}

/** The query without the words that only said what kind of question it is ("what calls X" -> "X"). */
export function stripSignalWords(query: string, type: QueryType): string {
  const signals = type === 'relationship' ? RELATIONSHIP_WORDS : type === 'flow' ? FLOW_WORDS : type === 'pattern' ? PATTERN_WORDS : [];
  const words = wordsOf(query);
  const removed = new Array<boolean>(words.length).fill(false);
  for (const signal of [...signals].sort((a, b) => b.length - a.length)) {
    const phrase = signal.split(' ');
    for (let at = findWords(words, phrase); at >= 0; at = findWords(words, phrase, at + phrase.length)) {
      if (removed.slice(at, at + phrase.length).some(Boolean)) continue;
      removed.fill(true, at, at + phrase.length);
    }
  }
  let rest = '';
  let from = 0;
  words.forEach((w, i) => {
    if (!removed[i]) return;
    rest += `${query.slice(from, w.start)} `;
    from = w.end;
  });
  rest += query.slice(from);
  rest = rest.replace(/\b(how|what|who|which|where|does|do|is|the|a|an)\b/gi, ' ').replace(/\s+/g, ' ').trim();
  return rest.length > 0 ? rest : query;
}

export function classify(query: string): Classification {
  const identifiers = [...new Set(query.split(/[\s,;"'`?]+/).filter((t) => IDENTIFIER.test(t)).map((t) => t.replace(/\(\)$/, '')))];
  if (isProse(query)) return { type: 'concept', identifiers, reason: 'prose' };
  if (PATTERN_SYNTAX.test(query)) return { type: 'pattern', identifiers, reason: 'pattern syntax' };
  const patternWord = PATTERN_WORDS.find((w) => containsWord(query, w));
  if (patternWord) return { type: 'pattern', identifiers, reason: `pattern word "${patternWord}"` };
  const relationshipWord = RELATIONSHIP_WORDS.find((w) => containsWord(query, w));
  if (relationshipWord) return { type: 'relationship', identifiers, reason: `relationship word "${relationshipWord}"` };
  const flowWord = FLOW_WORDS.find((w) => containsWord(query, w));
  if (flowWord) return { type: 'flow', identifiers, reason: `flow word "${flowWord}"` };
  if (identifiers.length > 0) return { type: 'symbol', identifiers, reason: `identifier "${identifiers[0]}"` };
  const words = query.trim().split(/\s+/);
  // "UserService class", "Parser": a capitalised name with at most a kind word beside it.
  const kindWords = new Set(['class', 'function', 'method', 'interface', 'struct', 'type', 'enum', 'trait', 'module', 'def', 'fn']);
  const names = words.filter((w) => !kindWords.has(w.toLowerCase()));
  if (names.length === 1 && /^[A-Z][A-Za-z0-9_]*$/.test(names[0]!) && words.length <= 2) {
    return { type: 'symbol', identifiers: [names[0]!], reason: `name "${names[0]}"` };
  }
  if (names.length === 1 && words.length === 2 && /^[A-Za-z_]\w*$/.test(names[0]!)) {
    return { type: 'symbol', identifiers: [names[0]!], reason: `name "${names[0]}" with a kind word` };
  }
  return { type: 'concept', identifiers, reason: 'no identifier or signal word' };
}
