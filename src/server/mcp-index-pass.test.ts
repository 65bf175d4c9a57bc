import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { makeTree, type TreeSpec } from '../test-support/temp-tree.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { connectHttp, startServe, type ServerProcess } from '../test-support/http-server.js';

/** Enough files that the first build takes about two seconds: searches arrive while it runs. */
const FILES = 6_000;

function treeOfFiles(): TreeSpec {
  const files: TreeSpec = {};
  for (let i = 0; i < FILES; i++) {
    files[`src/m${Math.floor(i / 250)}/retry${i}.ts`] = `export function retryWithBackoff${i}(attempts: number) {\n  // retry backoff ${i}\n  return attempts * ${i};\n}\n`;
  }
  return files;
}

const BUILDING = /^The index is being built/;
/** The warning with the pass's counts: files done, of all the files. */
const PROGRESS = /^The index is being built \((\d+) of (\d+) files so far\)/;

describe('quarry mcp while its first index pass runs (QUARRY_INDEX_WAIT_MS=0)', () => {
  let session: StdioSession;

  beforeAll(async () => {
    // No index yet: the pass at start builds it, and searches do not wait for it to end.
    session = await connectStdio(['--root', makeTree(treeOfFiles())], { QUARRY_INDEX_WAIT_MS: '0' });
  });
  afterAll(async () => { await session?.close(); });

  it('answers from what is indexed so far, says so with the progress, and answers whole once the pass is done', async () => {
    const search = () => callJson(session.client, 'search_code', { query: 'retry backoff', max_results: 3 });

    const first = await search();
    const references = await callJson(session.client, 'find_references', { symbol: 'retryWithBackoff0' });
    const located = await callJson(session.client, 'locate', { text: 'retryWithBackoff0 fails after the backoff' });
    expect(first.isError).toBe(false);
    expect(first.body.warnings).toEqual([expect.stringMatching(BUILDING)]);
    expect(first.text).toMatch(/warning: The index is being built/);
    expect(first.body.total).toBeLessThan(FILES);
    // A graph question says the same.
    expect(references.isError).toBe(false);
    expect(references.body.warnings).toEqual([expect.stringMatching(BUILDING)]);
    expect(references.text).toMatch(/warning: The index is being built/);
    // So does locate.
    expect(located.isError).toBe(false);
    expect(located.body.warnings).toEqual(expect.arrayContaining([expect.stringMatching(BUILDING)]));
    expect(located.text).toMatch(/warning: The index is being built/);

    // Until the pass ends: every answer says so, its total never shrinks, and the progress shows.
    const totals: number[] = [first.body.total];
    const progress: number[] = [];
    let last = first;
    for (let waited = 0; last.body.warnings && waited < 120_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await search();
      totals.push(last.body.total);
      const done = PROGRESS.exec(last.body.warnings?.[0] ?? '');
      if (done) progress.push(Number(done[1]));
      if (done) expect(Number(done[2])).toBe(FILES);
    }
    expect(last.body.warnings).toBeUndefined();
    expect(last.body.total).toBe(FILES);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((n) => n > 0 && n <= FILES)).toBe(true);
    const after = await callJson(session.client, 'find_references', { symbol: 'retryWithBackoff0' });
    expect(after.body.warnings).toBeUndefined();
  }, 150_000);
});

/** The warning of an answer from the pass's first stage: every file, read from the files themselves. */
const WHOLE = /^The index is being built \((\d+) of (\d+) files so far\)\. These exact or regex hits and their total cover every file/;
/** The warning of word hits from the first stage's words: every file, ranked by words alone. */
const WHOLE_WORDS = /^The index is being built \((\d+) of (\d+) files so far\)\. These word hits and their total cover every file/;

describe('quarry mcp while its first index pass runs, with a first stage (QUARRY_FIRST_STAGE_MIN_BYTES=0)', () => {
  let session: StdioSession;

  beforeAll(async () => {
    session = await connectStdio(['--root', makeTree(treeOfFiles())], { QUARRY_INDEX_WAIT_MS: '0', QUARRY_FIRST_STAGE_MIN_BYTES: '0' });
  });
  afterAll(async () => { await session?.close(); });

  it('answers exact and regex searches for every file, then word searches too, while the index is written', async () => {
    const exact = () => callJson(session.client, 'search_code', { query: 'retry backoff', mode: 'exact', max_results: 3 });
    // The first stage takes a moment to write: until then, answers cover what is indexed so far.
    let whole = await exact();
    for (let waited = 0; !WHOLE.test(whole.body.warnings?.[0] ?? '') && whole.body.warnings && waited < 60_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      whole = await exact();
    }
    const regex = await callJson(session.client, 'search_code', { query: 'retryWithBackoff[0-9]+', mode: 'regex', max_results: 2 });
    expect(whole.isError).toBe(false);
    expect(whole.body.warnings).toEqual([expect.stringMatching(WHOLE)]);
    expect(whole.text).toMatch(/warning: The index is being built .*cover every file/);
    expect(whole.body.total).toBe(FILES);
    expect(whole.body.items).toHaveLength(3);
    expect(whole.body.items[0]).toMatchObject({ file: 'src/m0/retry0.ts', start_line: 2 });
    expect(whole.body).not.toHaveProperty('first_stage');
    // A page further on, from the same first stage, while the pass still runs.
    expect(regex.body.total).toBe(FILES);
    expect(regex.body.has_more).toBe(true);

    // The words follow the trigrams: until they are written, word searches cover what is indexed so far.
    const text = () => callJson(session.client, 'search_code', { query: 'retry backoff', mode: 'text', max_results: 3 });
    let words = await text();
    for (let waited = 0; !WHOLE_WORDS.test(words.body.warnings?.[0] ?? '') && words.body.warnings && waited < 60_000; waited += 20) {
      expect(words.body.warnings).toEqual([expect.stringMatching(BUILDING)]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      words = await text();
    }
    expect(words.body.warnings).toEqual([expect.stringMatching(WHOLE_WORDS)]);
    expect(words.text).toMatch(/warning: The index is being built .*These word hits and their total cover every file/);
    expect(words.body.total).toBe(FILES);
    expect(words.body.items).toHaveLength(3);
    expect(words.body.items[0]).toMatchObject({ file: expect.stringMatching(/^src\/m\d+\/retry\d+\.ts$/), start_line: 1 });
    expect(words.body).not.toHaveProperty('first_stage');
    // A question of definitions does not ask the words: it says what the pass has indexed so far.
    const calls = await callJson(session.client, 'search_code', { query: 'what calls retryWithBackoff1', max_results: 3 });
    if (calls.body.warnings) expect(calls.body.warnings[0]).not.toMatch(WHOLE_WORDS);

    for (let waited = 0; whole.body.warnings && waited < 120_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      whole = await exact();
    }
    expect(whole.body.warnings).toBeUndefined();
    expect(whole.body.total).toBe(FILES);
  }, 150_000);
});

describe('quarry serve while its first index pass runs (QUARRY_INDEX_WAIT_MS=0)', () => {
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    server = await startServe(makeTree(treeOfFiles()), [], 60_000, { QUARRY_INDEX_WAIT_MS: '0' });
    client = await connectHttp(`${server.url}/mcp`);
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('answers MCP searches from what is indexed so far, saying so with the progress, then whole', async () => {
    const search = () => callJson(client, 'search_code', { query: 'retry backoff', max_results: 3 });
    const first = await search();
    expect(first.isError).toBe(false);
    expect(first.body.warnings).toEqual([expect.stringMatching(BUILDING)]);
    expect(first.body.total).toBeLessThan(FILES);
    const progress: number[] = [];
    let last = first;
    for (let waited = 0; last.body.warnings && waited < 120_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await search();
      const done = PROGRESS.exec(last.body.warnings?.[0] ?? '');
      if (done) progress.push(Number(done[1]));
      if (done) expect(Number(done[2])).toBe(FILES);
    }
    expect(last.body.warnings).toBeUndefined();
    expect(last.body.total).toBe(FILES);
    expect(progress.length).toBeGreaterThan(0);
  }, 150_000);
});

describe('quarry serve while its first index pass runs, with a first stage', () => {
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    server = await startServe(makeTree(treeOfFiles()), [], 60_000, { QUARRY_INDEX_WAIT_MS: '0', QUARRY_FIRST_STAGE_MIN_BYTES: '0' });
    client = await connectHttp(`${server.url}/mcp`);
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('answers a regex search over MCP for every file while the pass runs', async () => {
    const regex = () => callJson(client, 'search_code', { query: 'backoff [0-9]+$', mode: 'regex', max_results: 3 });
    let answer = await regex();
    for (let waited = 0; !WHOLE.test(answer.body.warnings?.[0] ?? '') && answer.body.warnings && waited < 60_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await regex();
    }
    expect(answer.body.warnings).toEqual([expect.stringMatching(WHOLE)]);
    expect(answer.body.total).toBe(FILES);
  }, 150_000);
});
