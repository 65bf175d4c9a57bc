/**
 * The first stage of a first build (ingest/first-stage, search/first-stage-reader): exact and regex
 * searches that take their candidates from it find what the finished index finds, line for line,
 * and ripgrep's hits on a real corpus; the pass writes it only for a first build, and removes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_STAGE } from '../contracts/limits.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { writeFirstStage } from '../ingest/first-stage.js';
import { firstStagePath, firstStageWordsPath } from '../store/first-stage/first-stage-files.js';
import { indexFolder } from '../ingest/indexer.js';
import { walkFolder } from '../ingest/walk.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { rgParityContract } from '../test-support/rg-parity-contract.js';
import { scratchSqlite } from '../test-support/store-contract.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchCode } from './engine.js';
import { FirstStagePostings, withFirstStage } from './first-stage-reader.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-first-stage-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

rgParityContract('SQLite, candidates from a first stage', scratchSqlite, undefined, path.join(scratch, 'zod-first-stage'));

/** Files the indexer decodes in every way it can, and the ones it leaves out. */
const TREE = {
  'src/retry.ts': 'export function retryWithBackoff(attempts: number) {\n  // TODO retry\n  return attempts * 2;\n}\n',
  'src/crlf.c': 'static int probe(void)\r\n{\r\n\treturn -EINVAL;\r\n}\r\n',
  'src/no-newline.py': 'def retry():\n    return "Résumé"',
  'docs/latin1.txt': iconv.encode('Café crème: retry later\nthe naïve café\n', 'latin1'),
  'docs/utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('UTF-16 text: retry here\nsecond line café\n', 'utf16le')]),
  'docs/bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Retry\n\nTODO: café\n')]),
  'docs/empty.txt': '',
  'bin/blob.dat': Buffer.from([0x72, 0x65, 0x74, 0x72, 0x79, 0x00, 0x01, 0x02]),
  'scripts/run': '#!/usr/bin/env python3\nprint("retry")\n',
  'src/blank-lines.txt': 'a\n\n\nTODO\n\n',
  // Several blocks (FIRST_STAGE.blockBytes): matches on either side of their edges, and a line longer than a block.
  'src/big.c': bigFile(),
  'docs/big-latin1.txt': iconv.encode(Array.from({ length: 1500 }, (_, i) => (i % 97 === 0 ? `café ${i} retry` : `ligne ${i} sans rien`)).join('\n'), 'latin1'),
};

function bigFile(): string {
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) lines.push(i % 151 === 0 ? `static int retry_${i}(void) { return -EINVAL; }` : `/* filler line ${i} */`);
  lines.splice(1700, 0, `${'x'.repeat(FIRST_STAGE.blockBytes + 500)} TODO café retry`);
  return `${lines.join('\n')}\n`;
}

describe('a first stage against the finished index, on text in every encoding', () => {
  let root: string;
  let store: Store;
  let stage: FirstStagePostings;

  beforeAll(async () => {
    root = makeTree(TREE);
    fs.symlinkSync(path.join(scratch), path.join(root, 'outside'));
    const file = path.join(scratch, 'index.db');
    await indexFolder({ root, indexPath: file });
    store = await openStore({ kind: 'sqlite', file }, { readonly: true });
    const walked = walkFolder(root, { maxFileBytes: 1 << 20, previous: new Map() });
    const summary = await writeFirstStage(path.join(scratch, 'stage'), root, path.basename(root), walked.files);
    expect(summary?.files).toBe(walked.files.length);
    stage = FirstStagePostings.open(path.join(scratch, 'stage'))!;
  });
  afterAll(async () => {
    stage?.close();
    await store?.close();
  });

  async function both(query: Record<string, unknown>) {
    const params = normalizeSearchCodeParams({ max_results: 50, ...query });
    return store.read(async (reader) => {
      const index = await searchCode(reader, params);
      const staged = withFirstStage(reader, stage);
      const first = await searchCode(staged.reader, params);
      expect(staged.used()).toBe(true);
      // Every field but the id, which names a chunk of the index or a file of the first stage.
      const lines = (r: typeof index) => r.items.map(({ id: _id, ...item }) => item);
      return { index: { total: index.total, lines: lines(index) }, first: { total: first.total, lines: lines(first) } };
    });
  }

  it.each([
    { query: 'retry', mode: 'exact' },
    { query: 'RETRY', mode: 'exact', case_sensitive: true },
    { query: 'café', mode: 'exact' },
    { query: 'CAFÉ', mode: 'exact' },
    { query: 'résumé', mode: 'exact' },
    { query: 'return -EINVAL;', mode: 'exact' },
    { query: 'TODO', mode: 'exact' },
    { query: '^$', mode: 'regex' },
    { query: ';$', mode: 'regex' },
    { query: 'ret(ry|urn)', mode: 'regex' },
    { query: '(?i)utf-16', mode: 'regex' },
    { query: 're', mode: 'exact' },
    { query: 'retry', mode: 'exact', language: 'python' },
    { query: 'retry', mode: 'exact', repository: 'elsewhere' },
  ])('$query ($mode) finds what the index finds', async (query) => {
    const { index, first } = await both(query);
    expect(first).toEqual(index);
    if (query.repository === undefined && query.query !== 'RETRY') expect(index.total).toBeGreaterThan(0);
  });

  it('reads no file outside the root, and none the walk left out', async () => {
    const { first } = await both({ query: 'retry', mode: 'exact' });
    const paths = first.lines.map((item) => item.file);
    expect(paths).not.toContain('bin/blob.dat');
    expect(paths.some((file) => String(file).startsWith('outside'))).toBe(false);
    // Both exotic encodings are found, as decoded text.
    expect(paths).toEqual(expect.arrayContaining(['docs/latin1.txt', 'docs/utf16.txt', 'scripts/run']));
  });

  it('reads a file changed since it was read whole, as it is now', async () => {
    const big = path.join(root, 'src', 'big.c');
    const kept = fs.readFileSync(big);
    fs.appendFileSync(big, 'int retry_added(void);\n');
    try {
      // "retry_" in its older blocks makes it a candidate; the added line is then found where it is now.
      const ask = (skip: number) => store.read((reader) =>
        searchCode(withFirstStage(reader, stage).reader, normalizeSearchCodeParams({ query: 'retry_', mode: 'exact', skip })));
      const [first, index] = [await ask(0), await store.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query: 'retry_', mode: 'exact' })))];
      expect(first.total).toBe(index.total + 1);
      const last = await ask(first.total - 1);
      expect(last.items).toEqual([expect.objectContaining({ file: 'src/big.c', start_line: 3002 })]);
    } finally {
      fs.writeFileSync(big, kept);
    }
  });

  it('leaves out a file replaced by a link outside the root since it was read', async () => {
    const victim = path.join(root, 'src', 'retry.ts');
    const kept = fs.readFileSync(victim);
    fs.writeFileSync(path.join(scratch, 'secret.ts'), 'retry secret\n');
    fs.rmSync(victim);
    fs.symlinkSync(path.join(scratch, 'secret.ts'), victim);
    try {
      const { first } = await both({ query: 'retry', mode: 'exact' });
      expect(first.lines.map((item) => item.file)).not.toContain('src/retry.ts');
    } finally {
      fs.rmSync(victim);
      fs.writeFileSync(victim, kept);
    }
  });
});

describe('quarry index and its first stage', () => {
  it('writes one for a first build, removes it at the end, and leaves none for a later pass', async () => {
    const root = makeTree({ 'a.ts': 'export const retry = 1;\n', 'b.ts': 'export const backoff = 2;\n' });
    const file = path.join(scratch, 'pass.db');
    const seen: boolean[] = [];
    const first = await indexFolder({
      root, indexPath: file, firstStageMinBytes: 0, onProgress: () => { seen.push(fs.existsSync(firstStagePath(file))); },
    });
    expect(first.first_stage).toMatchObject({ files: 2 });
    // There while the pass wrote the index, gone when it ended.
    expect(seen[0]).toBe(true);
    expect(fs.existsSync(firstStagePath(file))).toBe(false);

    // A stale one (a killed pass leaves it) goes with the next pass, which writes none: the index is no longer empty.
    fs.writeFileSync(firstStagePath(file), 'stale');
    fs.appendFileSync(path.join(root, 'a.ts'), 'export const more = 3;\n');
    const second = await indexFolder({ root, indexPath: file, firstStageMinBytes: 0 });
    expect(second.first_stage).toBeUndefined();
    expect(fs.existsSync(firstStagePath(file))).toBe(false);
  });

  it('leaves the pass as it was when its words cannot be written, trigrams and index whole', async () => {
    const root = makeTree({ 'a.ts': 'export const retry = 1;\n', 'b.ts': 'export const backoff = 2;\n' });
    const file = path.join(scratch, 'no-words.db');
    // Where the words would be written first, a folder: the file cannot be opened.
    fs.mkdirSync(`${firstStageWordsPath(firstStagePath(file))}.${process.pid}.tmp`, { recursive: true });
    const seen: boolean[] = [];
    const summary = await indexFolder({
      root, indexPath: file, firstStageMinBytes: 0, onProgress: () => { seen.push(fs.existsSync(firstStagePath(file))); },
    });
    expect(summary.first_stage).toMatchObject({ files: 2, words: false });
    expect(summary.first_stage_words).toBeUndefined();
    expect(seen[0]).toBe(true);
    expect(summary.added).toBe(2);
    expect(fs.existsSync(firstStageWordsPath(firstStagePath(file)))).toBe(false);
  });

  it('writes none below its threshold', async () => {
    const root = makeTree({ 'a.ts': 'export const retry = 1;\n' });
    const summary = await indexFolder({ root, indexPath: path.join(scratch, 'small.db'), firstStageMinBytes: 1 << 20 });
    expect(summary.first_stage).toBeUndefined();
  });

  it('is not read when it is cut short or is not a first stage', () => {
    const file = path.join(scratch, 'broken');
    fs.writeFileSync(file, 'not a first stage at all');
    expect(FirstStagePostings.open(file)).toBeNull();
    expect(FirstStagePostings.open(path.join(scratch, 'absent'))).toBeNull();
  });
});
