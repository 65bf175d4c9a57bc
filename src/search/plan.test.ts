/**
 * The planner as a table: {query, params} -> the plan fields the engine will
 * execute (STYLE.md: tests assert on plans). The plan is plain JSON: what
 * `quarry search --explain` prints is exactly this object.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE, FTS_EXPRESSION, GRAPH_SEARCH, PHRASE_CHECK, SEARCH_CODE } from '../contracts/limits.js';
import { RANKING } from '../store/ranking-weights.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { planSearch, type LinesPlan, type WordsPlan } from './plan.js';

const plan = (args: Record<string, unknown>) => planSearch(normalizeSearchCodeParams(args));
const words = (args: Record<string, unknown>) => plan(args) as WordsPlan;
const retrieverNames = (p: WordsPlan) => p.retrievers.map((r) => r.name);

describe('planSearch: engine, classification and strategy', () => {
  it.each([
    [{ query: 'parse config' }, 'words', 'concept', 'bm25'],
    [{ query: 'TokenValidator' }, 'words', 'symbol', 'symbol_index_then_bm25'],
    [{ query: 'what calls validateToken' }, 'words', 'relationship', 'references_and_graph_expansion'],
    [{ query: 'how does login work' }, 'words', 'flow', 'broad_bm25_and_graph_expansion'],
    [{ query: '*Importer' }, 'words', 'pattern', 'pattern_filter_then_bm25'],
    [{ query: 'TokenValidator', mode: 'text' }, 'words', 'concept', 'bm25'],
    [{ query: 'foo->bar' }, 'lines', null, null],
    [{ query: 'foo', mode: 'exact' }, 'lines', null, null],
    [{ query: 'fo+', mode: 'regex' }, 'lines', null, null],
  ])('%j -> %s %s %s', (args, engine, type, strategy) => {
    const p = plan(args);
    expect(p.engine).toBe(engine);
    if (p.engine === 'words') {
      expect(p.classification.type).toBe(type);
      expect(p.strategy.name).toBe(strategy);
    }
  });
});

describe('planSearch: broadening and fallbacks are in the plan', () => {
  it.each([
    // [args, match, anyTerm, broadening]
    [{ query: 'exponential zebra', mode: 'text' }, '"exponenti" AND "zebra"', false, '"exponenti" OR "zebra"'],
    [{ query: 'read a csv file in python', mode: 'text' }, '"read" OR "csv" OR "file" OR "python"', true, null],
    // A flow question takes any term from the start: its signal words are gone.
    [{ query: 'how does login session work' }, '"login" OR "session"', true, null],
    [{ query: 'retry', mode: 'text' }, '"retri"', false, null],
  ])('%j', (args, match, anyTerm, broadening) => {
    const p = words(args);
    expect(p.match).toBe(match);
    expect(p.anyTerm).toBe(anyTerm);
    expect(p.broadening?.match ?? null).toBe(broadening);
  });

  it.each([
    [{ query: 'ENOENT' }, 'exact'],
    [{ query: 'parse config' }, null],
    [{ query: 'ENOENT', mode: 'text' }, null],
  ])('%j falls back to %s when it finds nothing', (args, fallbackMode) => {
    const p = words(args);
    expect(p.fallback?.mode ?? null).toBe(fallbackMode);
    if (p.fallback) expect(p.fallback).toMatchObject({ engine: 'lines', literal: true, caseInsensitive: true, pattern: args.query });
  });

  it('puts every retriever of a routed query in the plan with its budget and weights', () => {
    const relationship = words({ query: 'what calls validateToken' });
    expect(retrieverNames(relationship)).toEqual(['bm25', 'symbol_definitions', 'references', 'graph_expansion']);
    expect(relationship.retrievers).toContainEqual({
      name: 'references', names: ['validateToken'], kinds: ['CALLS'], limitPerName: GRAPH_SEARCH.extrasMax, boost: RANKING.referenceBoost,
    });
    expect(relationship.retrievers).toContainEqual(expect.objectContaining({ name: 'symbol_definitions', boost: RANKING.relationshipDefinitionBoost }));
    expect(relationship.retrievers).toContainEqual({
      name: 'graph_expansion', parents: GRAPH_SEARCH.expansionParents, perRelation: GRAPH_SEARCH.expansionPerRelation, scoreFactor: GRAPH_SEARCH.expansionScoreFactor,
    });
    expect(retrieverNames(words({ query: 'get*Config' }))).toEqual(['bm25', 'pattern_definitions']);
    expect(words({ query: 'get*Config' }).retrievers).toContainEqual(expect.objectContaining({ like: 'get%Config' }));
    expect(words({ query: 'snake_*' }).retrievers).toContainEqual(expect.objectContaining({ like: 'snake\\_%' }));
    // Unrouted text mode still looks up the definitions its words name (parseConfig, parse_config).
    expect(retrieverNames(words({ query: 'parse config', mode: 'text' }))).toEqual(['bm25', 'name_definitions']);
  });

  it('looks up the definitions a query\'s words name, both ways code spells them, and nothing for a name pattern', () => {
    expect(words({ query: 'validate token' }).retrievers).toContainEqual({
      name: 'name_definitions', names: ['validatetoken', 'validate_token'], limitPerName: RANKING.nameDefinitionsPerName, lead: RANKING.definitionLead,
    });
    // A run ending on a stop word names nothing; one starting with it may (get_user).
    const names = (words({ query: 'get user for session' }).retrievers.find((r) => r.name === 'name_definitions') as { names: string[] }).names;
    expect(names).toEqual(expect.arrayContaining(['get_user', 'getuser', 'forsession']));
    expect(names).not.toContain('user_for');
    // A symbol question's own name is looked up by symbol_definitions, not again.
    expect(retrieverNames(words({ query: 'TokenValidator' }))).toEqual(['bm25', 'symbol_definitions']);
    expect(retrieverNames(words({ query: '*Importer' }))).not.toContain('name_definitions');
    // Prose names only the identifiers it writes.
    const prose = words({ query: 'The exporter crashes when the settings file is read twice by parse_config after a reload' });
    expect(prose.retrievers).toContainEqual(expect.objectContaining({ name: 'name_definitions', names: ['parse_config'] }));
  });

  it('checks quoted phrases within the phrase budget', () => {
    const p = words({ query: '"exponential backoff" retry' });
    expect(p.phrases).toEqual(['exponential backoff']);
    expect(p.retrievers).toContainEqual({ name: 'phrase_check', phrases: ['exponential backoff'], maxCandidates: PHRASE_CHECK.maxCandidates, maxChars: PHRASE_CHECK.maxChars });
  });

  it('plans the second stage: its pool, field weights, the query words with their index forms, and file roles', () => {
    const p = words({ query: 'sorting dict entries' });
    expect(p.rerank).toMatchObject({ pool: RANKING.rerankPool, quoted: null, diversity: { perFile: RANKING.perFileInFirstPage, firstPage: SEARCH_CODE.maxResults.max } });
    expect(p.rerank.scoring.terms).toEqual([
      { word: 'sorting', forms: ['sort'] }, { word: 'dict', forms: ['dict', 'dictionari'] }, { word: 'entries', forms: ['entri'] },
    ]);
    expect(p.rerank.scoring).toMatchObject({ weights: RANKING.bm25Weights, k1: RANKING.bm25K1, b: RANKING.bm25B });
    expect(p.rerank.roles).toEqual(RANKING.rolePriors);
  });

  it.each([
    ['failing test for discounts', 'test'],
    ['docs about discounts', 'docs'],
    ['discount code in tests/test_pricing.py', 'test'],
    ['extern/widget discount', 'vendored'],
    ['minified bundle discount', 'minified'],
  ])('%j points at %s files, which then count as much as code', (query, role) => {
    const roles = words({ query }).rerank.roles as Record<string, number>;
    expect(roles[role]).toBe(1);
    for (const [other, prior] of Object.entries(roles)) if (other !== role) expect(prior).toBeLessThan(1);
  });

  it('does not spread the first page over files when the query names a file', () => {
    expect(words({ query: 'order status in orders.py' }).rerank.diversity).toBeNull();
    expect(words({ query: 'shop/orders status' }).rerank.diversity).toBeNull();
    expect(words({ query: 'auth.login' }).rerank.diversity).not.toBeNull();
  });

  it('reads quoted strings of prose as evidence, and of a short query as required phrases', () => {
    const prose = words({ query: 'The report is wrong because "GROUP BY" drops "x" column when totals are computed per customer' });
    expect(prose.phrases).toEqual([]);
    expect(prose.quoted).toEqual(['GROUP BY', 'x']);
    expect(prose.rerank.quoted).toEqual({ strings: ['GROUP BY', 'x'], factor: RANKING.quotedPhraseFactor });
    expect(prose.terms).toEqual(expect.arrayContaining(['GROUP', 'report', 'customer']));
    expect(prose.classification).toMatchObject({ type: 'concept', reason: 'prose' });
    expect(retrieverNames(prose)).not.toContain('phrase_check');
    const short = words({ query: '"GROUP BY" customer report' });
    expect(short.phrases).toEqual(['GROUP BY']);
    expect(short.quoted).toEqual([]);
  });

  it('gives line plans their trigram candidates and verification budget', () => {
    const p = plan({ query: 'PM_RESUME', mode: 'exact' }) as LinesPlan;
    expect(p).toMatchObject({ literal: true, caseInsensitive: true, candidatesWidened: false, verifyBudgetMs: ENGINE.verifyBudgetMs });
    // The trigram index keeps case: an exact search (case-insensitive by default) asks for every spelling.
    expect(p.candidates).toMatch(/^\("pm_" OR "pM_" OR "Pm_" OR "PM_"\) AND \("m_r" OR /);
    const sensitive = plan({ query: 'PM_RESUME', mode: 'exact', case_sensitive: true }) as LinesPlan;
    expect(sensitive.candidates).toBe('"PM_" AND "M_R" AND "_RE" AND "RES" AND "ESU" AND "SUM" AND "UME"');
    expect((plan({ query: 'a.c', mode: 'regex' }) as LinesPlan).candidates).toBeNull();
    expect((plan({ query: 'Foo', mode: 'regex', case_sensitive: false }) as LinesPlan).caseInsensitive).toBe(true);
  });

  it('widens a plan that holds a NUL or nests deeper than FTS5 takes, and says so', () => {
    const nul = plan({ query: 'abc\u0000def', mode: 'exact', case_sensitive: true }) as LinesPlan;
    expect(nul.candidatesWidened).toBe(true);
    expect(nul.candidates).toBe('"abc" AND "def"');
    let deep = 'xyz';
    for (let i = 0; i < 30; i++) deep = `(abc${deep}|abd)`;
    const nested = plan({ query: deep, mode: 'regex' }) as LinesPlan;
    expect(nested.candidatesWidened).toBe(true);
    expect((nested.candidates!.match(/\(/g) ?? []).length).toBeLessThanOrEqual(FTS_EXPRESSION.maxDepth * 2);
  });

  it('is plain JSON: it survives a round trip unchanged', () => {
    for (const args of [{ query: 'what calls validateToken' }, { query: 'ENOENT' }, { query: 'fo(o|a)+', mode: 'regex' }]) {
      const p = plan(args);
      expect(JSON.parse(JSON.stringify(p))).toEqual(p);
    }
  });
});
