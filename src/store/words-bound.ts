/**
 * @module store/words-bound
 * A page of an any-term word query ("a OR b OR c") by FTS5's bm25 without
 * scoring every row that holds a common word. bm25 adds, per word of the
 * expression, idf x f where f < k1 + 1, so a row holding only words of a set
 * L scores below the sum of their bounds. Once the rows holding a rarer word
 * (H) give a page whose last score is above that sum, no other row can enter
 * the page: the page is the best rows of H, scored as the whole expression
 * scores them, in two questions whose words are the whole expression's in
 * one order (`H AND L`, `H NOT L`), so each row's score is the same number.
 * Before that, the rows holding every group are asked for alone: they usually
 * fill most of the page, and a row lacking groups scores below the bounds of
 * the groups it holds, so the sets of rows lacking groups are asked for one
 * by one, highest bound first, only until the page's last score is above the
 * next set's bound (most rows hold one or two common words, and are never
 * scored).
 */
import { WORDS_BOUND } from '../contracts/limits.js';

/** FTS5's idf (fts5_aux.c): log((N - n + 0.5) / (n + 0.5)), and 1e-6 where that is not above 0. */
export function fts5Idf(rows: number, docs: number): number {
  const idf = Math.log((rows - docs + 0.5) / (docs + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/** The most one alternative (a group of FTS terms, any of which matches) can add to a row's bm25. */
export function groupBound(rows: number, docs: readonly number[]): number {
  return docs.reduce((sum, n) => sum + fts5Idf(rows, n) * (WORDS_BOUND.fts5K1 + 1), 0) * (1 + WORDS_BOUND.margin);
}

/** A group as one FTS5 operand (several terms in parentheses). */
const operand = (group: readonly string[]) => (group.length === 1 ? group[0]! : `(${group.join(' OR ')})`);

/** An OR of groups as FTS5 text. */
export function anyOf(groups: readonly (readonly string[])[]): string {
  return groups.map(operand).join(' OR ');
}

/** An AND of groups as FTS5 text: the rows holding a word of every group. */
export function allOf(groups: readonly (readonly string[])[]): string {
  return groups.map(operand).join(' AND ');
}

export interface BoundedGroup {
  terms: readonly string[];
  /** Chunks holding one of its terms, summed (at least the rows that hold the group). */
  docs: number;
  bound: number;
}

/** The groups rarest first (highest bound), so the expressions below keep one word order. */
export function byBound(groups: readonly BoundedGroup[]): BoundedGroup[] {
  return [...groups].sort((a, b) => b.bound - a.bound);
}

/** Every way to split `items` into a non-empty part held and the rest, each part in the items' order (2^n - 1 splits). */
export function* splits<T>(items: readonly T[]): Generator<{ held: T[]; lacked: T[] }> {
  for (let mask = 1; mask < 1 << items.length; mask++) {
    yield { held: items.filter((_, i) => (mask & (1 << i)) !== 0), lacked: items.filter((_, i) => (mask & (1 << i)) === 0) };
  }
}

/** Rows that hold some groups and lack the others: at most `bound` each, found by `match`. */
export interface LackingSet {
  bound: number;
  match: string;
}

/**
 * Every set of rows that hold some of the groups and lack the others (`(A AND B) NOT (C)`), highest
 * bound first: once a page's last score is above one set's bound, no later set can enter the page.
 * The words keep the order of `sorted`, and a word a row lacks adds nothing, so each row's score is
 * the same number as in the whole expression. Null past WORDS_BOUND.lackingGroupsMax groups.
 */
export function lackingSets(sorted: readonly BoundedGroup[]): LackingSet[] | null {
  if (sorted.length > WORDS_BOUND.lackingGroupsMax) return null;
  const sets: LackingSet[] = [];
  for (const { held, lacked } of splits(sorted)) {
    if (lacked.length === 0) continue; // the rows holding every group: asked for first, by themselves
    sets.push({
      bound: held.reduce((sum, g) => sum + g.bound, 0),
      match: `(${allOf(held.map((g) => g.terms))}) NOT (${anyOf(lacked.map((g) => g.terms))})`,
    });
  }
  return sets.sort((a, b) => b.bound - a.bound);
}

/**
 * How many of the (rarest-first) groups must be searched so that the rest, whose rows score
 * at most the sum of their bounds, cannot reach `floor` (a score some page row already has):
 * the fewest, at least 1; null when every group is needed.
 */
export function groupsNeeded(sorted: readonly BoundedGroup[], floor: number): number | null {
  let rest = 0;
  for (let cut = sorted.length - 1; cut >= 1; cut--) {
    rest += sorted[cut]!.bound;
    if (rest >= floor) return cut + 1 < sorted.length ? cut + 1 : null;
  }
  return 1;
}

/** The fewest rarest-first groups whose chunks may fill `need` places (all of them when none do). */
export function firstCut(sorted: readonly BoundedGroup[], need: number): number {
  let docs = 0;
  for (let cut = 1; cut <= sorted.length; cut++) {
    docs += sorted[cut - 1]!.docs;
    if (docs >= need) return cut;
  }
  return sorted.length;
}

/** The two expressions that score exactly the rows holding a word of the first `cut` groups. */
export function splitExpressions(sorted: readonly BoundedGroup[], cut: number): { both: string; only: string } {
  const high = anyOf(sorted.slice(0, cut).map((g) => g.terms));
  const low = anyOf(sorted.slice(cut).map((g) => g.terms));
  return { both: `(${high}) AND (${low})`, only: `(${high}) NOT (${low})` };
}
