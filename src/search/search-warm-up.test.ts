/**
 * The warm-up queries a prestarted search worker runs (SEARCH_POOL.warmUpQueries) take turns with
 * real searches: through a real `quarry mcp`, searches sent the moment it starts, while the worker
 * is still warming up, get the same answers as the same searches run in this process.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_POOL } from '../contracts/limits.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { callJson, connectStdio } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchCodePage } from './search-code-service.js';

let root: string;
let indexPath: string;

beforeAll(async () => {
  // Every warm-up query finds hits, so the warm-up reads and ranks for a while after the worker opens the index.
  const words = SEARCH_POOL.warmUpQueries.join(' ').split(' ');
  const files: Record<string, string> = {};
  for (let f = 0; f < 600; f++) {
    const lines = Array.from({ length: 60 }, (_, l) => `// ${words[(f + l) % words.length]} ${words[(f * 3 + l) % words.length]} step ${l}: error handling ${f}`);
    files[`src/part${f}.ts`] = `${lines.join('\n')}\nexport function part${f}() { return ${f}; }\n`;
  }
  root = makeTree(files);
  indexPath = (await indexFolder({ root })).index;
}, 60_000);

/** What an agent may ask first (distinct each round, so none is answered from the result cache): a phrase, words, a literal and a regex. */
const firstSearches = (round: number) => [
  { query: `"error handling ${round}" step`, mode: 'text', max_results: 5 },
  { query: `retry failed request ${round}`, mode: 'text', max_results: 5 },
  { query: `error handling ${round}`, mode: 'exact', max_results: 5 },
  { query: `step [0-9]+: error handling ${round}`, mode: 'regex', max_results: 5 },
];
const ROUNDS = 8;

const answer = (body: { items: { id: string }[]; total: number }) => ({ ids: body.items.map((i) => i.id), total: body.total });

describe('a search worker warming up', () => {
  it('answers searches sent while it warms up as the index does in this process', async () => {
    const asked = Array.from({ length: ROUNDS }, (_, round) => firstSearches(round)).flat();
    const store = SqliteIndex.open(indexPath, { readonly: true });
    const expected = [];
    for (const args of asked) expected.push(answer(await store.read((reader) => searchCodePage(reader, normalizeSearchCodeParams(args), 0))));
    await store.close();

    const session = await connectStdio(['--root', root, '--index', indexPath, '--no-refresh']);
    try {
      // One after another from the start: the first calls meet the warm-up under way.
      for (const [i, args] of asked.entries()) {
        const { isError, body } = await callJson(session.client, 'search_code', args);
        expect(isError, JSON.stringify(body)).toBe(false);
        expect({ args, ...answer(body) }).toEqual({ args, ...expected[i] });
      }
    } finally {
      await session.close();
    }
  }, 60_000);
});
