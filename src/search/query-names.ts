/**
 * @module search/query-names
 * The definition names a text query may be asking for: its identifiers as
 * written (`parseConfig`, `auth.login`), and its adjacent words joined the two
 * ways code spells them ("validate token" -> `validatetoken`, matched without
 * case to validateToken and ValidateToken, and `validate_token`). A run that
 * ends on a stop word ("user by") names nothing; one that starts with one may
 * (`is_iterable`, `getUser`). A one-word query is itself a name. Prose
 * (an issue pasted whole) names only its identifiers: its runs of plain
 * words ("the model field") are too loose to put definitions first.
 */
import { RANKING } from '../store/ranking-weights.js';
import { foldCase, tokenize } from '../text/tokens.js';
import { isProse, STOP_WORDS } from './query-text.js';

/**
 * Candidate names of `searched` (the query without its question words), each once regardless of
 * case (the symbol table is asked without case), minus `known`; `query` as asked tells prose apart.
 */
export function queryNames(query: string, searched: string, identifiers: readonly string[], known: readonly string[] = []): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const key = foldCase(name);
    if (!names.has(key)) names.set(key, name);
  };
  known.forEach(add);
  const fresh = names.size;
  identifiers.forEach(add);
  const words = isProse(query) ? [] : tokenize(searched).map(foldCase);
  if (words.length === 1) add(words[0]!);
  for (let length = 2; length <= RANKING.nameRunMaxWords; length++) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      if (STOP_WORDS.has(run[run.length - 1]!)) continue;
      add(run.join(''));
      add(run.join('_'));
    }
  }
  return [...names.values()].slice(fresh, fresh + RANKING.nameCandidatesMax);
}
