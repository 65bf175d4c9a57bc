/**
 * Word searches from a first stage (store/first-stage/first-stage-word-postings, search/first-stage-words): on a tree
 * the index also cuts into chunks of lines (no definitions: text, Markdown, files of no known
 * language), they find what the finished index finds, in its order and with its total.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { writeFirstStage } from '../ingest/first-stage.js';
import { indexFolder } from '../ingest/indexer.js';
import { walkFolder } from '../ingest/walk.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchCode } from './engine.js';
import { FirstStagePostings, withFirstStage } from './first-stage-reader.js';
import { FirstStageWords } from './first-stage-words.js';
import { firstStageWordsAnswer, withFirstStageWords } from './first-stage-words-view.js';
import { planSearch } from './plan.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-first-stage-words-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Enough lines for several chunks, with the query words spread unevenly. */
function longNotes(): string {
  const lines: string[] = [];
  for (let i = 0; i < 900; i++) {
    if (i % 37 === 0) lines.push(`Line ${i}: retry the request with exponential backoff (retryCount ${i}).`);
    else if (i % 53 === 0) lines.push(`Line ${i}: the cache keeps parsed config files; parseConfigFile reads them.`);
    else if (i % 11 === 0) lines.push('');
    else lines.push(`Line ${i}: nothing much happens here, filler text about queues and workers.`);
  }
  return `${lines.join('\n')}\n`;
}

const TREE = {
  'docs/retry-policy.md': '# Retry policy\n\nRetries use exponential backoff.\nA retried request waits longer each time.\n',
  'docs/config.md': '# Configuration\n\nThe parser reads `parseConfigFile` output.\nCONFIG_PATH names the file.\n',
  'notes/long.txt': longNotes(),
  'notes/crlf.txt': 'Retry on timeout\r\nBackoff doubles\r\n',
  'notes/cafe.txt': 'Le café est fermé.\nCAFÉ crème, retry demain.\n日本語のテキスト retry 再試行\n',
  'notes/latin1.txt': iconv.encode('Café crème: retry later\nthe naïve café\n', 'latin1'),
  // One line of many distinct words: one chunk, whose table of words grows far past its first size.
  'notes/minified.txt': `${Array.from({ length: 70_000 }, (_, i) => `w${i}`).join(' ')} retry\n`,
  'notes/plain': 'no extension here, but a retry and a backoff\n',
  'notes/empty.txt': '',
};

/** Queries a first stage's words answer (each is checked to be one: no definitions or graph needed). */
const QUERIES: Record<string, unknown>[] = [
  { query: 'retry' },
  { query: 'retry backoff' },
  { query: 'backoff retry', mode: 'text' },
  { query: 'café' },
  { query: 'cafe' },
  { query: 'parse config' },
  { query: 'retries' },
  { query: 'policy' },
  { query: '"exponential backoff"' },
  { query: 'filler queues workers nothing', mode: 'text' },
  { query: 'retry', language: 'markdown' },
  { query: 'retry', repository: 'elsewhere' },
  { query: 'zzzunheardof' },
  { query: '再試行' },
  { query: 'w69999' },
  { query: 'w0 w35000', mode: 'text' },
];

describe('word searches from a first stage, against the finished index', () => {
  let root: string;
  let store: Store;
  let stage: FirstStagePostings;
  let wordsFile: FirstStagePostings;
  let words: FirstStageWords;

  beforeAll(async () => {
    root = makeTree(TREE);
    const file = path.join(scratch, 'index.db');
    await indexFolder({ root, indexPath: file });
    store = await openStore({ kind: 'sqlite', file }, { readonly: true });
    const walked = walkFolder(root, { maxFileBytes: 1 << 20, previous: new Map() });
    const summary = await writeFirstStage(path.join(scratch, 'stage'), root, path.basename(root), walked.files);
    const wordsSummary = await writeFirstStage(path.join(scratch, 'stage-words'), root, path.basename(root), walked.files, 'words');
    expect(summary?.words).toBe(false);
    expect(wordsSummary?.words).toBe(true);
    stage = FirstStagePostings.open(path.join(scratch, 'stage'))!;
    wordsFile = FirstStagePostings.open(path.join(scratch, 'stage-words'))!;
    expect(FirstStageWords.of(stage)).toBeNull();
    words = FirstStageWords.of(wordsFile)!;
    expect(words).not.toBeNull();
  });
  afterAll(async () => {
    stage?.close();
    wordsFile?.close();
    await store?.close();
  });

  it.each(QUERIES)('$query ($mode, $language, $repository) finds what the index finds, in its order', async (query) => {
    const params = normalizeSearchCodeParams({ max_results: 30, ...query });
    expect(firstStageWordsAnswer(planSearch(params), false)).toBe(true);
    await store.read(async (reader) => {
      const index = await searchCode(reader, params);
      const staged = withFirstStageWords(withFirstStage(reader, stage).reader, words);
      const first = await searchCode(staged.reader, params);
      expect(staged.used()).toBe(true);
      const shown = (r: typeof index) => ({ total: r.total, matched: r.matched, items: r.items.map(({ id: _id, ...item }) => item) });
      expect(shown(first)).toEqual(shown(index));
      if (query.repository === undefined && query.query !== 'zzzunheardof') expect(index.total).toBeGreaterThan(0);
    });
  });

  it('pages through the same hits as the index', async () => {
    await store.read(async (reader) => {
      const staged = withFirstStageWords(reader, words).reader;
      const pages = async (r: typeof reader) => {
        const seen: string[] = [];
        for (let skip = 0; ; skip += 4) {
          const page = await searchCode(r, normalizeSearchCodeParams({ query: 'retry', max_results: 4, skip }));
          seen.push(...page.items.map((item) => `${String(item.file)}:${String(item.start_line)}`));
          if (!page.has_more) return { total: page.total, seen };
        }
      };
      const [first, index] = [await pages(staged), await pages(reader)];
      expect(first).toEqual(index);
      expect(new Set(first.seen).size).toBe(first.total);
    });
  });

  it('leaves questions that need definitions to the index', () => {
    for (const query of ['what calls parseConfigFile', 'parseConfigFile']) {
      expect(firstStageWordsAnswer(planSearch(normalizeSearchCodeParams({ query })), false)).toBe(false);
    }
    expect(firstStageWordsAnswer(planSearch(normalizeSearchCodeParams({ query: 'retry' })), true)).toBe(false);
  });

  it('shows a file changed since the walk as it is now', async () => {
    const notes = path.join(root, 'notes', 'crlf.txt');
    const kept = fs.readFileSync(notes);
    fs.writeFileSync(notes, 'Retry on timeout, now edited\r\nBackoff doubles\r\n');
    try {
      await store.read(async (reader) => {
        const found = await searchCode(withFirstStageWords(reader, words).reader, normalizeSearchCodeParams({ query: 'timeout' }));
        expect(found.items).toEqual([expect.objectContaining({ file: 'notes/crlf.txt', start_line: 1 })]);
        expect(JSON.stringify(found.items[0])).toContain('now edited');
      });
    } finally {
      fs.writeFileSync(notes, kept);
    }
  });
});
