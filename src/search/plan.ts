/**
 * @module search/plan
 * A search_code request becomes a plan, plain data, before anything runs:
 * which engine (the BM25 word index or line verification over trigram
 * candidates), the FTS5 expressions it will bind, and the filters. Tests and
 * `quarry search --explain` look at plans; `execute` only follows them.
 */
import { TEXT_RANKING } from '../contracts/limits.js';
import type { SearchCodeParams, SearchMode } from '../contracts/search-code-params.js';
import { ftsAnd, ftsOr, ftsString } from './fts-escape.js';
import { parseTextQuery, tokenize } from './query-text.js';
import { planLiteral, planRegex, type Requirement } from './regex-plan.js';
import { trigramMatch } from './trigram-query.js';
import { wordStem } from '../ingest/identifiers.js';
import { fullWord } from './code-synonyms.js';

export interface PlanFilters {
  language: string | null;
  repository: string | null;
}

export interface WordsPlan {
  engine: 'words';
  mode: 'text';
  /** All terms and phrases required; any term (phrases required) when `anyTerm`. */
  match: string;
  /** Any term, phrases still required; tried when `match` finds nothing. */
  fallbackMatch: string | null;
  /** A sentence-long query: `match` already takes any term, ranked by BM25. */
  anyTerm: boolean;
  terms: string[];
  phrases: string[];
  filters: PlanFilters;
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
  filters: PlanFilters;
}

export type Plan = WordsPlan | LinesPlan;

/** In auto mode a single token with code punctuation (`foo->bar`, `a::b`, `x.y(`) is a literal. */
const CODE_LITERAL = /^[^\s]*[^\p{L}\p{N}_\s"][^\s]*$/u;

/** A dotted or `::` name (`auth.login`, `Foo::bar()`) is a symbol question, not a literal. */
const QUALIFIED_NAME = /^[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+(?:\(\))?$/;

/** `*Importer`, `get*Config`: a name pattern for the symbol index, not a literal. */
const NAME_GLOB = /^[A-Za-z0-9_]*\*[A-Za-z0-9_*]*$/;

export function resolveMode(mode: SearchMode, query: string): 'text' | 'exact' | 'regex' {
  if (mode !== 'auto') return mode;
  return CODE_LITERAL.test(query) && !/^".*"$/.test(query) && !QUALIFIED_NAME.test(query) && !NAME_GLOB.test(query) ? 'exact' : 'text';
}

export function planSearch(params: Pick<SearchCodeParams, 'query' | 'mode' | 'caseSensitive' | 'language' | 'repository'>): Plan {
  const filters = { language: params.language, repository: params.repository };
  const mode = resolveMode(params.mode, params.query);
  if (mode === 'text') return planWords(params.query, filters);
  const literal = mode === 'exact';
  // exact: case-insensitive unless asked; regex: case-sensitive unless asked (ripgrep's default).
  const caseInsensitive = literal ? params.caseSensitive !== true : params.caseSensitive === false;
  const requirement = literal ? planLiteral(params.query) : planRegex(params.query);
  return { engine: 'lines', mode, pattern: params.query, literal, caseInsensitive, requirement, candidates: trigramMatch(requirement), filters };
}

export function planWords(query: string, filters: PlanFilters): WordsPlan {
  const { phrases, terms } = parseTextQuery(query);
  // The word index keeps no positions (detail=column): a phrase asks FTS5 for
  // all of its words, and the text-search step checks their adjacency.
  const phraseExprs = phrases.map((phrase) => ftsAnd(tokenize(phrase).map(ftsString)));
  // A loose term is searched by its stem, which the index holds for every form ("sorting" finds sort, sorted),
  // and an abbreviation by its full word too ("dict" finds "dictionary").
  const termExprs = terms.map((term) => {
    const full = fullWord(term);
    return full ? ftsOr([ftsString(indexedForm(term)), ftsString(indexedForm(full))]) : ftsString(indexedForm(term));
  });
  const anyTermMatch = termExprs.length > 1 ? ftsAnd([...phraseExprs, ftsOr(termExprs)]) : null;
  if (anyTermMatch && termExprs.length >= TEXT_RANKING.anyTermMinTerms) {
    return { engine: 'words', mode: 'text', match: anyTermMatch, fallbackMatch: null, anyTerm: true, terms, phrases, filters };
  }
  const match = ftsAnd([...phraseExprs, ...termExprs]);
  return { engine: 'words', mode: 'text', match, fallbackMatch: anyTermMatch, anyTerm: false, terms, phrases, filters };
}

/** The token a loose query word is looked up by: its stem when it has one (phrases keep their exact words). */
export function indexedForm(term: string): string {
  return wordStem(term) ?? term;
}
