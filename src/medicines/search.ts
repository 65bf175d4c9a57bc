/**
 * @module medicines/search
 * search-medicine: a SÚKL code finds its product directly; words are matched
 * as prefixes against name, substances (Czech, INN, English), holder, ATC name
 * and code, diacritics- and case-insensitively (FTS5 unicode61), ranked by
 * exact name, name prefix, then bm25 with the name weighted highest. When no
 * product matches, words unknown to the vocabulary are corrected to the
 * nearest known words (edit distance 1-2) and the search runs again, so
 * "ibuprofn" still finds ibuprofen; the answer says which words were corrected.
 * Several words that match nothing together fall back to "any of them"
 * (match: "partial"), ranked by bm25, which favours products matching more.
 */
import { MEDICINES } from '../contracts/limits.js';
import { matchAll } from './fts-query.js';
import { editDistance, foldText, isSuklCodeLike, normalizeSuklCode, words } from './normalize.js';
import { productSummary } from './product-view.js';
import type { ProductRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export interface SearchInput { query: string; limit: number; offset: number }

export function searchMedicines(store: MedicinesStore, input: SearchInput) {
  const s = store.statements;
  const folded = foldText(input.query);
  const terms = words(input.query);
  const base = { query: input.query, limit: input.limit, offset: input.offset };

  // A bare SÚKL code (with or without leading zeros) is an exact lookup first.
  if (isSuklCodeLike(input.query)) {
    const product = s.productByCode.get(normalizeSuklCode(input.query));
    if (product) return answer(store, base, 1, input.offset === 0 ? [product] : [], 'code', []);
  }
  if (terms.length === 0) return answer(store, base, 0, [], 'words', []);

  const run = (groups: string[][]) => {
    const match = matchAll(groups);
    const total = s.searchCount.get({ match })?.n ?? 0;
    const rows = total > input.offset ? s.searchPage.all({ match, folded, prefix: folded, limit: input.limit, offset: input.offset }) : [];
    return { total, rows };
  };

  const exact = run(terms.map((t) => [t]));
  if (exact.total > 0) return answer(store, base, exact.total, exact.rows, 'words', []);

  const corrections: { word: string; candidates: string[] }[] = [];
  const groups = terms.map((term) => {
    const candidates = corrected(store, term);
    if (candidates.length > 0) corrections.push({ word: term, candidates });
    return candidates.length > 0 ? candidates : [term];
  });
  if (corrections.length > 0) {
    const fuzzy = run(groups);
    if (fuzzy.total > 0 || terms.length === 1) return answer(store, base, fuzzy.total, fuzzy.rows, 'fuzzy', corrections);
  }
  // Several words that never occur together: rank products matching any of them (bm25 favours more words).
  if (terms.length > 1) {
    const partial = run([groups.flat()]);
    return answer(store, base, partial.total, partial.rows, 'partial', corrections);
  }
  return answer(store, base, 0, [], 'words', []);
}

/** Nearest vocabulary words to `term`, or none when it is too short or already known as a prefix. */
function corrected(store: MedicinesStore, term: string): string[] {
  if (term.length < MEDICINES.fuzzyMinWordChars || /^\d+$/.test(term)) return [];
  const vocabulary = store.vocabulary();
  if (vocabulary.some((w) => w.startsWith(term))) return [];
  const max = term.length >= MEDICINES.fuzzyLongWordChars ? MEDICINES.fuzzyMaxDistanceLong : MEDICINES.fuzzyMaxDistanceShort;
  const scored: { word: string; d: number }[] = [];
  for (const word of vocabulary) {
    // Compare with the word cut to the query's length too, so "ibuprof" typos match "ibuprofen" as a prefix would.
    const d = Math.min(editDistance(term, word, max), word.length > term.length ? editDistance(term, word.slice(0, term.length), max) : max + 1);
    if (d <= max) scored.push({ word, d });
  }
  scored.sort((a, b) => a.d - b.d || a.word.length - b.word.length || a.word.localeCompare(b.word));
  return scored.slice(0, MEDICINES.fuzzyMaxCandidates).map((x) => x.word);
}

function answer(
  store: MedicinesStore, base: { query: string; limit: number; offset: number }, total: number, rows: ProductRow[],
  match: 'code' | 'words' | 'fuzzy' | 'partial', corrections: { word: string; candidates: string[] }[],
) {
  const results = rows.map((row) => productSummary(store, row));
  const next = base.offset + results.length;
  return {
    ok: true as const,
    ...base,
    total_count: total,
    count: results.length,
    has_more: next < total,
    ...(next < total ? { next_offset: next } : {}),
    match,
    ...(corrections.length > 0 ? { corrections } : {}),
    results,
    data_set: store.dataSet(),
  };
}
