/**
 * @module bench/kernel/first-stage
 * The query sets answered as during a first build, from a first stage (ingest/first-stage) written
 * here of the same tree: literal and regex candidates from its trigrams, lines verified against
 * the files; word searches from its words (search/first-stage-words). Through the engine in this
 * process (a first stage exists only while a pass runs, so `quarry mcp` on a finished index cannot
 * be asked). One warm-up query per kind, as for the MCP rows.
 */
import path from 'node:path';
import { INGEST } from '../../src/contracts/limits.js';
import { normalizeSearchCodeParams } from '../../src/contracts/search-code-params.js';
import { writeFirstStage } from '../../src/ingest/first-stage.js';
import { firstStageWordsPath, type FirstStageSummary } from '../../src/store/first-stage/first-stage-files.js';
import { walkFolder } from '../../src/ingest/walk.js';
import { searchCode } from '../../src/search/engine.js';
import { FirstStagePostings, withFirstStage } from '../../src/search/first-stage-reader.js';
import { FirstStageWords } from '../../src/search/first-stage-words.js';
import { withFirstStageWords } from '../../src/search/first-stage-words-view.js';
import { openStore } from '../../src/store/open-store.js';
import type { StoreLocation } from '../../src/store/store.js';
import type { QuarryAnswer } from './mcp-queries.js';
import { searchCodeArgs, type QuerySet } from './queries.js';

export interface FirstStageRun {
  written: FirstStageSummary;
  /** Its words, written after the trigrams; null when they could not be. */
  words: FirstStageSummary | null;
  answers: Map<string, QuarryAnswer>;
}

export async function timeFirstStage(dir: string, location: StoreLocation, file: string, sets: readonly QuerySet[]): Promise<FirstStageRun | null> {
  const walked = walkFolder(dir, { maxFileBytes: INGEST.maxFileBytesDefault, previous: new Map() });
  const written = await writeFirstStage(file, dir, path.basename(dir), walked.files);
  const stage = written && FirstStagePostings.open(file);
  if (!written || !stage) return null;
  const wordsWritten = await writeFirstStage(firstStageWordsPath(file), dir, path.basename(dir), walked.files, 'words');
  const wordsFile = wordsWritten && FirstStagePostings.open(firstStageWordsPath(file));
  const words = wordsFile && FirstStageWords.of(wordsFile);
  const store = await openStore(location, { readonly: true, root: dir });
  const answers = new Map<string, QuarryAnswer>();
  try {
    for (const set of sets) {
      for (const query of [set.warmUp, ...set.queries]) {
        const params = normalizeSearchCodeParams(searchCodeArgs(set, query));
        const start = performance.now();
        const reply = await store.read((reader) => {
          const lines = withFirstStage(reader, stage).reader;
          return searchCode(set.kind === 'bm25' && words ? withFirstStageWords(lines, words).reader : lines, params);
        });
        answers.set(query, { ms: performance.now() - start, total: reply.total, partial: reply.total_partial === true, error: null });
      }
    }
  } finally {
    stage.close();
    wordsFile?.close();
    await store.close();
  }
  return { written, words: wordsWritten, answers };
}
