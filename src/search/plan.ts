/**
 * @module search/plan
 * A search_code request becomes one plan, plain JSON data, before anything
 * runs: the classification and strategy, which engine (the BM25 word index or
 * line verification over trigram candidates), the FTS5 expressions it binds,
 * the broadening (any term when every term finds nothing), the fallback (an
 * exact search when a single word finds nothing in auto mode) and every
 * retriever with its budget. The engine (search/engine) executes exactly
 * this object, `quarry search --explain` prints it, and suggestions reuse it.
 */
import { languageForFile } from '../contracts/languages.js';
import { ENGINE, GRAPH_SEARCH, PHRASE_CHECK, SEARCH_CODE } from '../contracts/limits.js';
import { RANKING } from '../store/ranking-weights.js';
import type { SearchCodeParams, SearchMode } from '../contracts/search-code-params.js';
import { likeFromGlob, likeLiteral } from '../text/escape.js';
import { wordStem } from '../text/identifiers.js';
import { foldCase, tokenize } from '../text/tokens.js';
import type { ChunkScoring, ScoringTerm } from './chunk-bm25.js';
import { classify, stripSignalWords, type Classification } from './classify.js';
import { fullWord } from './code-synonyms.js';
import { compileFts, ftsAll, ftsAny, ftsTerm, type FtsNode } from './fts-expression.js';
import { referenceKindsFor, type ReferenceKind } from './graph.js';
import { queryNames } from './query-names.js';
import { parseTextQuery } from './query-text.js';
import { rolePriorsFor, type RolePriors } from './role-priors.js';
import { planLiteral, planRegex, type Requirement } from './regex-plan.js';
import { STRATEGIES, type Strategy } from './strategy.js';
import { trigramTree } from './trigram-query.js';

export interface PlanFilters {
  language: string | null;
  repository: string | null;
}

/** The FTS5 side of a text query: what the word index is asked. */
export interface WordMatch {
  terms: string[];
  phrases: string[];
  /** Quoted strings of a prose query: not required, they raise the hits that hold them (search/query-text). */
  quoted: string[];
  /** Every term and phrase required (any term, phrases required, when `anyTerm`); null when the query has no words. */
  match: string | null;
  /** `match` already takes any term: a sentence-long query, or a strategy that broadens from the start (flow). */
  anyTerm: boolean;
  /** Tried when `match` finds nothing: any term will do, phrases still required. */
  broadening: { match: string; when: 'no_hits' } | null;
  /**
   * The any-term expression's alternatives, one per term (its FTS strings), when it has no
   * phrase: a store may skip rows that cannot reach a page (store/words-bound).
   */
  anyTermGroups: string[][] | null;
}

/** One source of hits in a routed text query, with the work it may do. */
export type Retriever =
  | { name: 'bm25' }
  | { name: 'phrase_check'; phrases: string[]; maxCandidates: number; maxChars: number }
  | { name: 'symbol_definitions'; names: string[]; limitPerName: number; boost: number; exactNameBonus: number }
  /** Definitions the query's words name (search/query-names), scored with the BM25 hits and placed above the chunks that mention them. */
  | { name: 'name_definitions'; names: string[]; limitPerName: number; lead: number }
  | { name: 'pattern_definitions'; like: string; limit: number; boost: number }
  | { name: 'references'; names: string[]; kinds: ReferenceKind[]; limitPerName: number; boost: number }
  | { name: 'graph_expansion'; parents: number; perRelation: number; scoreFactor: number };

/** The second stage: how the first BM25 hits are scored again before paging (search/rerank). */
export interface RerankPlan {
  /** The first BM25 hits scored again; past them BM25's order stands. */
  pool: number;
  scoring: ChunkScoring;
  /** Multipliers of tests, documents, vendored and minified files: 1 where the query points at them. */
  roles: RolePriors;
  /** A chunk holding one of the quoted strings of a prose query scores `factor` times more. */
  quoted: { strings: string[]; factor: number } | null;
  /** At most `perFile` chunks of one file in the first `firstPage` places; null when the query names a file. */
  diversity: { perFile: number; firstPage: number } | null;
}

export interface WordsPlan extends WordMatch {
  engine: 'words';
  mode: 'text';
  /** The query as asked. */
  query: string;
  /** The words searched: the query without the words that only said what kind of question it is. */
  searched: string;
  classification: Classification;
  strategy: Strategy;
  filters: PlanFilters;
  retrievers: Retriever[];
  rerank: RerankPlan;
  /** Run when this plan finds nothing: a single token in auto mode is then searched as an exact substring. */
  fallback: LinesPlan | null;
}

export interface LinesPlan {
  engine: 'lines';
  mode: 'exact' | 'regex';
  pattern: string;
  literal: boolean;
  caseInsensitive: boolean;
  requirement: Requirement;
  /** Trigram MATCH for candidates; null scans every chunk. */
  candidates: string | null;
  /** True when FTS_EXPRESSION's bounds (or a NUL) left trigrams out: more candidates, same hits. */
  candidatesWidened: boolean;
  filters: PlanFilters;
  /** Wall-clock budget for verifying candidates; past it the search fails with TIMEOUT. */
  verifyBudgetMs: number;
}

export type Plan = WordsPlan | LinesPlan;

export type PlanParams = Pick<SearchCodeParams, 'query' | 'mode' | 'caseSensitive' | 'language' | 'repository'>;

/** In auto mode a single token with code punctuation (`foo->bar`, `a::b`, `x.y(`) is a literal. */
const CODE_LITERAL = /^[^\s]*[^\p{L}\p{N}_\s"][^\s]*$/u;

/** A dotted or `::` name (`auth.login`, `Foo::bar()`) is a symbol question, not a literal. */
const QUALIFIED_NAME = /^[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+(?:\(\))?$/;

/** `*Importer`, `get*Config`: a name pattern for the symbol index, not a literal. */
const NAME_GLOB = /^[A-Za-z0-9_]*\*[A-Za-z0-9_*]*$/;

/** A name glob inside a longer query ("*Importer classes"). */
const GLOB_IN_QUERY = /[A-Za-z0-9_]*\*[A-Za-z0-9_*]*/;

/** Definitions looked up per name by the symbol retriever. */
const DEFINITIONS_PER_NAME = 50;
/** Definitions fitting a name pattern, at most. */
const PATTERN_DEFINITIONS_MAX = 100;

export function resolveMode(mode: SearchMode, query: string): 'text' | 'exact' | 'regex' {
  if (mode !== 'auto') return mode;
  return CODE_LITERAL.test(query) && !/^".*"$/.test(query) && !QUALIFIED_NAME.test(query) && !NAME_GLOB.test(query) ? 'exact' : 'text';
}

/** The one planner: every request is planned once, here. */
export function planSearch(params: PlanParams): Plan {
  const filters = { language: params.language, repository: params.repository };
  const mode = resolveMode(params.mode, params.query);
  if (mode !== 'text') return planLines(params.query, mode, params.caseSensitive, filters);
  const classification: Classification = params.mode === 'auto'
    ? classify(params.query)
    : { type: 'concept', identifiers: [], reason: 'text mode' };
  const strategy = STRATEGIES[classification.type];
  const searched = stripSignalWords(params.query, classification.type);
  const words = planWordMatch(searched);
  // A flow question broadens from the start: its signal words are gone and any remaining term may match.
  const matchPlan: WordMatch = strategy.broaden && words.broadening
    ? { ...words, match: words.broadening.match, anyTerm: true, broadening: null }
    : words;
  // A single token that is no word of the index may still be a substring ("ENOENT" inside "UV_ENOENT").
  const fallback = params.mode === 'auto' && !/\s/.test(params.query)
    ? planLines(params.query, 'exact', params.caseSensitive, filters)
    : null;
  return {
    engine: 'words', mode: 'text', query: params.query, searched, classification, strategy, ...matchPlan, filters,
    retrievers: retrieversFor(params.query, searched, classification, strategy, matchPlan), rerank: rerankFor(params.query, matchPlan), fallback,
  };
}

/** A flag group that turns on case folding: `(?i)`, `(?im:…)`; `(?-i)` does not. */
const INLINE_IGNORE_CASE = /\(\?[a-zA-Z]*i/;

export function planLines(pattern: string, mode: 'exact' | 'regex', caseSensitive: boolean | null | undefined, filters: PlanFilters): LinesPlan {
  const literal = mode === 'exact';
  // exact: case-insensitive unless asked; regex: case-sensitive unless asked (ripgrep's default).
  const caseInsensitive = literal ? caseSensitive !== true : caseSensitive === false;
  const requirement = literal ? planLiteral(pattern) : planRegex(pattern);
  // The trigram index is case-sensitive: a `(?i)` anywhere in a regex makes its trigrams ask for every case.
  const tree = trigramTree(requirement, caseInsensitive || (!literal && INLINE_IGNORE_CASE.test(pattern)));
  const compiled = tree === null ? { match: null, widened: false } : compileFts(tree);
  return {
    engine: 'lines', mode, pattern, literal, caseInsensitive, requirement,
    candidates: compiled.match, candidatesWidened: compiled.widened, filters, verifyBudgetMs: ENGINE.verifyBudgetMs,
  };
}

/**
 * What the word index is asked for a text query (also REST project search).
 * The index keeps no positions (detail=column): a phrase asks FTS5 for all
 * of its words, and the phrase check then compares the text's tokens.
 */
export function planWordMatch(query: string): WordMatch {
  const { phrases, terms, quoted } = parseTextQuery(query);
  const phraseNodes = phrases.map((phrase) => ftsAll(tokenize(phrase).map(ftsTerm)));
  // A loose term is searched by its stem, which the index holds for every form ("sorting" finds sort, sorted),
  // and an abbreviation by its full word too ("dict" finds "dictionary").
  const termNodes = terms.map((term) => {
    const full = fullWord(term);
    return full ? ftsAny([ftsTerm(indexedForm(term)), ftsTerm(indexedForm(full))]) : ftsTerm(indexedForm(term));
  });
  const compile = (parts: FtsNode[]) => (parts.length === 0 ? null : compileFts(ftsAll(parts)).match);
  const anyTermMatch = termNodes.length > 1 ? compile([...phraseNodes, ftsAny(termNodes)]) : null;
  const anyTermGroups = anyTermMatch && phrases.length === 0 ? termGroups(termNodes) : null;
  if (anyTermMatch && termNodes.length >= RANKING.anyTermMinTerms) {
    return { terms, phrases, quoted, match: anyTermMatch, anyTerm: true, broadening: null, anyTermGroups };
  }
  const match = compile([...phraseNodes, ...termNodes]);
  return { terms, phrases, quoted, match, anyTerm: false, broadening: anyTermMatch ? { match: anyTermMatch, when: 'no_hits' } : null, anyTermGroups };
}

/** Each term node's FTS strings (a term, or the OR of its forms); null when one cannot be compiled alone. */
function termGroups(nodes: readonly FtsNode[]): string[][] | null {
  const groups: string[][] = [];
  for (const node of nodes) {
    const leaves = node.kind === 'term' ? [node] : node.kind === 'or' ? node.parts : [];
    const group = leaves.map((leaf) => (leaf.kind === 'term' ? compileFts(leaf).match : null));
    if (group.length === 0 || group.some((g) => g === null)) return null;
    groups.push(group as string[]);
  }
  return groups;
}

/** The token a loose query word is looked up by: its stem when it has one (phrases keep their exact words). */
export function indexedForm(term: string): string {
  return wordStem(term) ?? term;
}

/** The index tokens that count for a query word in the second stage: as the word index is asked for it (its stem, an abbreviation's full word). */
function scoringTerm(term: string): ScoringTerm {
  const full = fullWord(term);
  const forms = [indexedForm(term), ...(full ? [indexedForm(full)] : [])].map(foldCase);
  return { word: term, forms: [...new Set(forms)] };
}

/** A query token that names a file: a path (`src/app.py`, `docs/`) or a file name with a known extension (`models.py`). */
function namesFile(query: string): boolean {
  return query.split(/\s+/).some((token) => {
    const bare = token.replace(/^["'`(]+|["'`),:;.]+$/g, '');
    return bare.includes('/') || (bare.includes('.') && languageForFile(bare) !== null);
  });
}

function rerankFor(query: string, words: WordMatch): RerankPlan {
  const phraseWords = words.phrases.flatMap((phrase) => tokenize(phrase));
  const terms = [...new Map([...words.terms, ...phraseWords].map((t) => [foldCase(t), scoringTerm(t)])).values()];
  return {
    pool: RANKING.rerankPool,
    scoring: { terms, weights: { ...RANKING.bm25Weights }, k1: RANKING.bm25K1, b: RANKING.bm25B },
    roles: rolePriorsFor(query),
    quoted: words.quoted.length > 0 ? { strings: words.quoted, factor: RANKING.quotedPhraseFactor } : null,
    diversity: namesFile(query) ? null : { perFile: RANKING.perFileInFirstPage, firstPage: SEARCH_CODE.maxResults.max },
  };
}

function retrieversFor(query: string, searched: string, classification: Classification, strategy: Strategy, words: WordMatch): Retriever[] {
  const retrievers: Retriever[] = [{ name: 'bm25' }];
  if (words.phrases.length > 0) {
    retrievers.push({ name: 'phrase_check', phrases: words.phrases, maxCandidates: PHRASE_CHECK.maxCandidates, maxChars: PHRASE_CHECK.maxChars });
  }
  const names = classification.identifiers.length > 0 ? classification.identifiers : words.terms.slice(-1);
  if (strategy.symbolFirst && names.length > 0) {
    retrievers.push({
      name: 'symbol_definitions', names, limitPerName: DEFINITIONS_PER_NAME,
      boost: strategy.references ? RANKING.relationshipDefinitionBoost : RANKING.definitionBoost, exactNameBonus: RANKING.exactNameBonus,
    });
  }
  // Any text query but a name pattern may name a definition by its words; a symbol question's own names are looked up above.
  const named = strategy.patternFilter ? [] : queryNames(query, searched, classification.identifiers, strategy.symbolFirst ? names : []);
  if (named.length > 0) retrievers.push({ name: 'name_definitions', names: named, limitPerName: RANKING.nameDefinitionsPerName, lead: RANKING.definitionLead });
  if (strategy.patternFilter) {
    const glob = GLOB_IN_QUERY.exec(query)?.[0];
    const like = glob ? likeFromGlob(glob) : words.terms[0] ? `%${likeLiteral(words.terms[0])}%` : null;
    if (like) retrievers.push({ name: 'pattern_definitions', like, limit: PATTERN_DEFINITIONS_MAX, boost: RANKING.patternBoost });
  }
  if (strategy.references && names.length > 0) {
    retrievers.push({ name: 'references', names, kinds: referenceKindsFor(query), limitPerName: GRAPH_SEARCH.extrasMax, boost: RANKING.referenceBoost });
  }
  if (strategy.graphExpansion) {
    retrievers.push({
      name: 'graph_expansion', parents: GRAPH_SEARCH.expansionParents, perRelation: GRAPH_SEARCH.expansionPerRelation,
      scoreFactor: GRAPH_SEARCH.expansionScoreFactor,
    });
  }
  return retrievers;
}
