/**
 * @module bench/cosqa-data
 * Reads the CoSQA retrieval sets in place (code_idx_map.txt and the dev/test
 * query files, see SOURCE.md beside them) and checks them before anything is
 * scored: the corpus ids are exactly 0..n-1, and each query's gold function
 * is the corpus entry whose id equals its `retrieval_idx`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { QuarryError } from '../src/contracts/errors.js';
import { message } from '../src/contracts/messages/index.js';

export const COSQA_SPLITS = ['dev', 'test'] as const;
export type CosqaSplit = (typeof COSQA_SPLITS)[number];

export interface CosqaQuery {
  /** The query's own id in the data set (`cosqa-train-8333`). */
  id: string;
  /** The natural-language query (`doc`). */
  text: string;
  /** Corpus id of the function that answers it. */
  goldId: number;
}

export interface CosqaData {
  /** Function sources by corpus id. */
  corpus: string[];
  splits: Record<CosqaSplit, CosqaQuery[]>;
}

export const CORPUS_FILE = 'code_idx_map.txt';
export const splitFile = (split: CosqaSplit): string => `cosqa-retrieval-${split}-500.json`;

function invalid(file: string, reason: string): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message('eval.data_invalid', { file, reason }), { file });
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new QuarryError('NOT_FOUND', message('eval.data_missing', { file }), { file }, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalid(file, (error as Error).message);
  }
}

/** Sources indexed by id; every id 0..n-1 present once, every source a non-empty string. */
function readCorpus(file: string): string[] {
  const raw = readJson(file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid(file, 'expected a JSON object of source -> id');
  const entries = Object.entries(raw as Record<string, unknown>);
  const corpus: string[] = new Array<string>(entries.length);
  for (const [source, id] of entries) {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= entries.length) {
      throw invalid(file, `id ${JSON.stringify(id)} is not an integer in 0..${entries.length - 1}`);
    }
    if (corpus[id] !== undefined) throw invalid(file, `id ${id} is used twice`);
    corpus[id] = source;
  }
  return corpus;
}

function readSplit(file: string, ids: Map<string, number>): CosqaQuery[] {
  const raw = readJson(file);
  if (!Array.isArray(raw)) throw invalid(file, 'expected a JSON array of queries');
  return raw.map((entry: unknown, i): CosqaQuery => {
    const q = entry as { idx?: unknown; doc?: unknown; code?: unknown; retrieval_idx?: unknown };
    if (typeof q.doc !== 'string' || q.doc.trim() === '') throw invalid(file, `query ${i} has no doc text`);
    if (typeof q.retrieval_idx !== 'number') throw invalid(file, `query ${i} has no retrieval_idx`);
    // The gold function must be the corpus entry with that id, byte for byte.
    if (typeof q.code !== 'string' || ids.get(q.code) !== q.retrieval_idx) {
      throw invalid(file, `query ${i} (${String(q.idx)}): its code is not corpus entry ${q.retrieval_idx}`);
    }
    return { id: String(q.idx ?? i), text: q.doc, goldId: q.retrieval_idx };
  });
}

/**
 * Loads and checks the data. `expected` (corpus size, queries per split)
 * guards against scoring another version of the data under this name.
 */
export function loadCosqa(dir: string, expected?: { corpusSize: number; queriesPerSplit: number }): CosqaData {
  const corpusPath = path.join(dir, CORPUS_FILE);
  const corpus = readCorpus(corpusPath);
  if (expected && corpus.length !== expected.corpusSize) {
    throw invalid(corpusPath, `${corpus.length} functions, expected ${expected.corpusSize}`);
  }
  const ids = new Map(corpus.map((source, id) => [source, id]));
  const splits = {} as Record<CosqaSplit, CosqaQuery[]>;
  for (const split of COSQA_SPLITS) {
    const file = path.join(dir, splitFile(split));
    splits[split] = readSplit(file, ids);
    if (expected && splits[split].length !== expected.queriesPerSplit) {
      throw invalid(file, `${splits[split].length} queries, expected ${expected.queriesPerSplit}`);
    }
  }
  return { corpus, splits };
}
