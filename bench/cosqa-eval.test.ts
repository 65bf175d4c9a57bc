import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVAL_COSQA } from './eval-settings.js';
import { corpusFileName, evaluateQueries, indexCorpus, type CorpusIndex } from './cosqa-eval.js';

// A small corpus of our own (not CoSQA): each query's gold function is unambiguous.
const CORPUS = [
  'def add_numbers(a, b):\n    """Add two numbers."""\n    return a + b',
  'def read_lines(path):\n    """Read a text file into a list of lines."""\n    with open(path) as f:\n        return f.read().splitlines()',
  'def reverse_string(s):\n    """Reverse a string."""\n    return s[::-1]',
  'def merge_dicts(a, b):\n    """Merge two dictionaries into a new one."""\n    return {**a, **b}',
];

let index: CorpusIndex;
beforeAll(async () => { index = await indexCorpus(CORPUS); });
afterAll(() => index.dispose());

describe('evaluateQueries on a real index', () => {
  it('indexes one file per function and ranks the gold function among all of them', async () => {
    expect(index.summary.files).toBe(CORPUS.length);
    const result = await evaluateQueries(index.store, [
      { id: 'q1', text: 'python reverse a string', goldId: 2 },
      { id: 'q2', text: 'read lines of a text file', goldId: 1 },
      { id: 'q3', text: 'zebra giraffe', goldId: 0 },
    ], { window: EVAL_COSQA.windowDefault, cutoffs: EVAL_COSQA.accuracyAt });
    expect(result.outcomes.map((o) => o.rank)).toEqual([1, 1, null]);
    expect(result.mrr).toBeCloseTo(2 / 3, 12);
    expect(result.accuracyAt[1]).toBeCloseTo(2 / 3, 12);
    expect(result.found).toBe(2);
  });
});

describe('corpusFileName', () => {
  it('names each function by its id in letters, never with digits or words a query could match', () => {
    expect([0, 1, 25, 26, 27, 6266].map(corpusFileName)).toEqual(['qza.py', 'qzb.py', 'qzz.py', 'qzba.py', 'qzbb.py', 'qzjha.py']);
    const names = new Set(Array.from({ length: 7000 }, (_, i) => corpusFileName(i)));
    expect(names.size).toBe(7000);
  });
});
