import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTree } from '../src/test-support/temp-tree.js';
import { CORPUS_FILE, loadCosqa, splitFile } from './cosqa-data.js';

const CORPUS = { 'def add(a, b):\n    return a + b': 0, 'def read_lines(path):\n    return open(path).read().splitlines()': 1 };

function dataDir(overrides: Record<string, string> = {}): string {
  const query = (idx: string, doc: string, code: string, retrieval_idx: number) => ({ idx, doc, code, retrieval_idx, label: 1 });
  return makeTree({
    [CORPUS_FILE]: JSON.stringify(CORPUS),
    [splitFile('dev')]: JSON.stringify([query('d-1', 'python add two numbers', Object.keys(CORPUS)[0]!, 0)]),
    [splitFile('test')]: JSON.stringify([query('t-1', 'read file lines python', Object.keys(CORPUS)[1]!, 1)]),
    ...overrides,
  });
}

describe('loadCosqa', () => {
  it('reads the corpus by id and each query with its gold id', () => {
    const data = loadCosqa(dataDir());
    expect(data.corpus).toEqual(Object.keys(CORPUS));
    expect(data.splits.dev).toEqual([{ id: 'd-1', text: 'python add two numbers', goldId: 0 }]);
    expect(data.splits.test).toEqual([{ id: 't-1', text: 'read file lines python', goldId: 1 }]);
  });

  it('refuses a query whose code is not the corpus entry its retrieval_idx names', () => {
    const bad = [{ idx: 'd-1', doc: 'python add', code: Object.keys(CORPUS)[0], retrieval_idx: 1 }];
    expect(() => loadCosqa(dataDir({ [splitFile('dev')]: JSON.stringify(bad) }))).toThrow(/query 0 \(d-1\): its code is not corpus entry 1/);
  });

  it('refuses a corpus whose ids are not 0..n-1 once each', () => {
    expect(() => loadCosqa(dataDir({ [CORPUS_FILE]: JSON.stringify({ a: 0, b: 0 }) }))).toThrow(/id 0 is used twice/);
    expect(() => loadCosqa(dataDir({ [CORPUS_FILE]: JSON.stringify({ a: 0, b: 5 }) }))).toThrow(/id 5 is not an integer in 0\.\.1/);
  });

  it('refuses another version of the data when sizes are expected', () => {
    expect(() => loadCosqa(dataDir(), { corpusSize: 6267, queriesPerSplit: 500 })).toThrow(/2 functions, expected 6267/);
  });

  it('says which file is missing and how to point at the data', () => {
    const dir = dataDir();
    fs.rmSync(path.join(dir, splitFile('test')));
    expect(() => loadCosqa(dir)).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(splitFile('test')) }));
  });
});
