import { describe, expect, it } from 'vitest';
import { EVAL_COSQA } from './eval-settings.js';
import { documentRank, summarizeRanks } from './ranking-metrics.js';

describe('documentRank', () => {
  it.each([
    { ranked: ['g', 'a', 'b'], want: 1 },
    { ranked: ['a', 'b', 'g'], want: 3 },
    // A document split into chunks holds one place: a, a, b, g is rank 3.
    { ranked: ['a', 'a', 'b', 'g', 'g'], want: 3 },
    { ranked: ['a', 'b'], want: null },
    { ranked: [], want: null },
  ])('ranks the gold document of $ranked at $want', ({ ranked, want }) => {
    expect(documentRank(ranked, 'g')).toBe(want);
  });
});

describe('summarizeRanks', () => {
  it('averages reciprocal ranks with not-found as 0 and counts accuracy at each cut-off', () => {
    const summary = summarizeRanks([1, 2, 10, 11, null], EVAL_COSQA.accuracyAt);
    expect(summary.queries).toBe(5);
    expect(summary.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 10 + 1 / 11 + 0) / 5, 12);
    expect(summary.accuracyAt).toEqual({ 1: 0.2, 10: 0.6 });
    expect(summary.found).toBe(4);
  });

  it('reports zeros for no queries instead of NaN', () => {
    expect(summarizeRanks([], [1])).toEqual({ queries: 0, mrr: 0, accuracyAt: { 1: 0 }, found: 0 });
  });
});
