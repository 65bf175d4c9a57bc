/**
 * @module search/first-stage-words-view
 * Which word searches the first stage's words answer while a first build runs
 * (search/first-stage-words), and the index reader they answer through: the
 * word questions go to the words, the rest to the index as it is.
 */
import type { IndexReader } from '../store/store.js';
import type { FirstStageWords } from './first-stage-words.js';
import type { Plan, Retriever } from './plan.js';

/** The retrievers a search from the first stage's words can run: words only, no definitions or graph. */
const WORD_RETRIEVERS: ReadonlySet<Retriever['name']> = new Set(['bm25', 'phrase_check', 'name_definitions']);

/**
 * Whether the first stage's words can answer `plan`: a word search whose retrievers need no
 * definitions or graph (those questions answer from what the index has committed, saying so).
 * Definitions the query's words name (`name_definitions`) only raise hits in the second stage: without
 * definitions yet, none are raised. A search with the query's vectors ranks by the index's.
 */
export function firstStageWordsAnswer(plan: Plan, withVectors: boolean): boolean {
  return plan.engine === 'words' && !withVectors && plan.retrievers.every((r) => WORD_RETRIEVERS.has(r.name));
}

/**
 * `reader` with its word questions answered by the first stage's `words`: the word index's
 * questions, and those of chunks and their rows, for the stage's chunk ids (below 0). Definitions,
 * symbols and the graph are left out (the stage has none yet, and the index's partial ones would
 * name other chunks), so the search is the index's over a tree without definitions. `used` tells
 * whether a search asked it.
 */
export function withFirstStageWords(reader: IndexReader, words: FirstStageWords): { reader: IndexReader; used: () => boolean } {
  let used = false;
  const ask = <T>(answer: () => T): Promise<T> => {
    used = true;
    return Promise.resolve().then(answer);
  };
  const byId = <T>(ids: readonly number[], stage: (ids: readonly number[]) => (T | undefined)[], index: (ids: number[]) => Promise<(T | undefined)[]>) => async () => {
    const own = stage(ids);
    const others = ids.filter((id) => id >= 0);
    const theirs = others.length > 0 ? await index(others) : [];
    const fromIndex = new Map(others.map((id, i) => [id, theirs[i]]));
    return ids.map((id, i) => (id < 0 ? own[i] : fromIndex.get(id)));
  };
  const overrides: Partial<IndexReader> = {
    wordsCount: (filter, match) => ask(() => words.count(filter, match)),
    wordsPage: (filter, match, window) => ask(() => words.page(filter, match, window)),
    wordsRanked: (filter, match) => { used = true; return words.rankedText(filter, match); },
    wordsMatching: (match, chunkIds) => ask(() => words.matchingAmong(match, chunkIds)),
    chunkCount: () => ask(() => words.chunkCount()),
    vocabDocs: (terms) => ask(() => words.vocabDocs(terms)),
    chunkHits: (ids) => byId(ids, (all) => words.hits(all), (own) => reader.chunkHits(own))(),
    chunkHit: async (id) => (await byId([id], (all) => words.hits(all), (own) => reader.chunkHits(own))())[0],
    chunkFiles: (ids) => byId(ids, (all) => all.map((id) => words.fileOf(id)), (own) => reader.chunkFiles(own))(),
    wordRowLengths: (ids) => byId(ids, (all) => all.map((id) => words.rowLengths(id)), (own) => reader.wordRowLengths(own))(),
    symbolsNamed: () => Promise.resolve([]),
    symbolsLike: () => Promise.resolve([]),
    symbolAt: () => Promise.resolve(undefined),
    symbolsAt: (spots) => Promise.resolve(spots.map(() => undefined)),
    chunksAtLines: (spots) => Promise.resolve(spots.map(() => undefined)),
    edgesTo: () => Promise.resolve([]),
    edgesToCount: () => Promise.resolve(0),
    edgesFrom: () => Promise.resolve([]),
    graphLookupsReady: () => Promise.resolve(false),
  };
  const wrapped = new Proxy(reader, {
    get(target, key) {
      const own = (overrides as Record<PropertyKey, unknown>)[key];
      if (own !== undefined) return own;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { reader: wrapped, used: () => used };
}
