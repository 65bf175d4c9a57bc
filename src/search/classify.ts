/**
 * @module search/classify
 * What kind of question a query is, in the order seed 002 gives: a pattern
 * (glob or /regex/) first, then pattern words, relationship words, flow
 * words, then identifiers; anything else is a concept. Words match whole
 * (so "use" never matches inside "UserService").
 */

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

function containsWord(lowerQuery: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(^|[^a-z0-9_])${escaped}([^a-z0-9_]|$)`).test(lowerQuery);
}

/** The query without the words that only said what kind of question it is ("what calls X" -> "X"). */
export function stripSignalWords(query: string, type: QueryType): string {
  const words = type === 'relationship' ? RELATIONSHIP_WORDS : type === 'flow' ? FLOW_WORDS : type === 'pattern' ? PATTERN_WORDS : [];
  let rest = query;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    rest = rest.replace(new RegExp(`(^|[^A-Za-z0-9_])${escaped}(?=[^A-Za-z0-9_]|$)`, 'gi'), '$1 ');
  }
  rest = rest.replace(/\b(how|what|who|which|where|does|do|is|the|a|an)\b/gi, ' ').replace(/\s+/g, ' ').trim();
  return rest.length > 0 ? rest : query;
}

export function classify(query: string): Classification {
  const lower = query.toLowerCase();
  const identifiers = [...new Set(query.split(/[\s,;"'`?]+/).filter((t) => IDENTIFIER.test(t)).map((t) => t.replace(/\(\)$/, '')))];
  if (PATTERN_SYNTAX.test(query)) return { type: 'pattern', identifiers, reason: 'pattern syntax' };
  const patternWord = PATTERN_WORDS.find((w) => containsWord(lower, w));
  if (patternWord) return { type: 'pattern', identifiers, reason: `pattern word "${patternWord}"` };
  const relationshipWord = RELATIONSHIP_WORDS.find((w) => containsWord(lower, w));
  if (relationshipWord) return { type: 'relationship', identifiers, reason: `relationship word "${relationshipWord}"` };
  const flowWord = FLOW_WORDS.find((w) => containsWord(lower, w));
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
