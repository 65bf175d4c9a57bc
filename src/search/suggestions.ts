/**
 * @module search/suggestions
 * What to try when a search finds nothing: synonyms of the query's words,
 * near spellings from the index's own vocabulary and symbol names (edit
 * distance or prefix: the query with every unknown word corrected, then with
 * each word corrected alone, or for a long query the corrected words alone),
 * and a hint when a language/repository filter is
 * what excluded the hits.
 */
import { SUGGESTIONS } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import type { IndexReader } from '../store/store.js';
import { likeLiteral } from '../text/escape.js';
import type { Plan } from './plan.js';
import { parseTextQuery } from './query-text.js';

export interface Suggestions {
  did_you_mean: string[];
  synonyms: string[];
  hints: string[];
}

const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  auth: ['authentication', 'login', 'session', 'token', 'credential'],
  authentication: ['auth', 'login', 'session', 'token'],
  login: ['auth', 'signin', 'session', 'authenticate'],
  config: ['configuration', 'settings', 'options', 'env'],
  configuration: ['config', 'settings', 'options'],
  settings: ['config', 'options', 'preferences'],
  db: ['database', 'sql', 'store', 'repository'],
  database: ['db', 'sql', 'store', 'storage'],
  error: ['exception', 'err', 'failure', 'fault'],
  exception: ['error', 'err', 'throw', 'raise'],
  delete: ['remove', 'destroy', 'drop', 'unlink'],
  remove: ['delete', 'drop', 'unlink'],
  fetch: ['get', 'request', 'download', 'load'],
  init: ['initialize', 'setup', 'bootstrap', 'start'],
  start: ['init', 'begin', 'launch', 'run'],
  test: ['spec', 'assert', 'check'],
  user: ['account', 'member', 'profile'],
  retry: ['backoff', 'attempt', 'repeat'],
  cache: ['memo', 'lru', 'store'],
  log: ['logger', 'logging', 'trace'],
  parse: ['parser', 'decode', 'read'],
  send: ['emit', 'publish', 'post', 'write'],
  http: ['request', 'fetch', 'client', 'server'],
};

/** Levenshtein distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Near spellings of `term`, best first, and whether the index holds the term itself. */
async function nearTerms(reader: IndexReader, term: string): Promise<{ known: boolean; near: string[] }> {
  const lower = term.toLowerCase();
  if (lower.length < 3) return { known: false, near: [] };
  let known = false;
  const max = lower.length <= 5 ? 1 : SUGGESTIONS.maxEditDistance;
  // Candidates share the first letter: a sorted range scan of the vocabulary, bounded.
  const from = lower[0]!;
  const to = String.fromCharCode(from.charCodeAt(0) + 1);
  const scored: { term: string; score: number }[] = [];
  for (const row of await reader.vocabRange(from, to, SUGGESTIONS.vocabScan)) {
    if (row.term === lower) { known = true; continue; }
    const distance = editDistance(lower, row.term, max);
    if (distance <= max) scored.push({ term: row.term, score: distance * 1000 - row.doc });
    else if (row.term.startsWith(lower) && row.term.length <= lower.length + 6) scored.push({ term: row.term, score: 2500 - row.doc });
  }
  for (const name of await reader.symbolNames(`${likeLiteral(lower.slice(0, 3))}%`, 500)) {
    const distance = editDistance(lower, name.toLowerCase(), max);
    if (distance <= max && name.toLowerCase() !== lower) scored.push({ term: name, score: distance * 1000 - 500 });
  }
  return { known, near: [...new Set(scored.sort((a, b) => a.score - b.score).map((s) => s.term))] };
}

/** `text` with its first whole-word `term` (the first occurrence when none stands alone) replaced by `word`. */
function replaceWord(text: string, term: string, word: string): string {
  let at = -1;
  for (let from = text.indexOf(term); from >= 0; from = text.indexOf(term, from + 1)) {
    const before = text[from - 1];
    const after = text[from + term.length];
    if ((before === undefined || !/\w/.test(before)) && (after === undefined || !/\w/.test(after))) { at = from; break; }
  }
  if (at < 0) at = text.indexOf(term);
  return at < 0 ? text : text.slice(0, at) + word + text.slice(at + term.length);
}

/** Suggestions for a plan that found nothing (its words, its filters). */
export async function suggest(reader: IndexReader, plan: Plan, countWithoutFilters: () => Promise<number>): Promise<Suggestions> {
  const query = plan.engine === 'words' ? plan.query : plan.pattern;
  const { terms } = parseTextQuery(query);
  const didYouMean: string[] = [];
  const rewrite = query.length <= SUGGESTIONS.rewriteMaxChars;
  const spellings = [];
  for (const term of terms) spellings.push({ term, ...await nearTerms(reader, term) });
  // Every word the index does not know, corrected at once ("sesion cokie" -> "session cookie"), before the one-word fixes.
  const unknown = spellings.filter((s) => !s.known && s.near.length > 0);
  if (rewrite && unknown.length > 1) didYouMean.push(unknown.reduce((text, s) => replaceWord(text, s.term, s.near[0]!), query));
  for (const { term, near } of spellings) {
    for (const word of near) {
      const suggestion = rewrite ? replaceWord(query, term, word) : word;
      if (!didYouMean.includes(suggestion)) didYouMean.push(suggestion);
    }
  }
  const synonyms = [...new Set(terms.flatMap((t) => SYNONYMS[t.toLowerCase()] ?? []))];
  const hints: string[] = [];
  if (plan.engine === 'words' && (plan.filters.language || plan.filters.repository)) {
    const unfiltered = await countWithoutFilters();
    if (unfiltered > 0) {
      const filters = [plan.filters.language && `language=${plan.filters.language}`, plan.filters.repository && `repository=${plan.filters.repository}`].filter(Boolean).join(' and ');
      hints.push(message('search_code.hint_filter', { count: unfiltered, filters }));
    }
  }
  if (terms.length > 3) hints.push(message('search_code.hint_fewer_words'));
  return { did_you_mean: didYouMean.slice(0, SUGGESTIONS.maxPerKind), synonyms: synonyms.slice(0, SUGGESTIONS.maxPerKind * 2), hints };
}
