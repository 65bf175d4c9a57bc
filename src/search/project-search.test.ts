import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_SEARCH } from '../contracts/limits.js';
import { searchRequest } from '../contracts/rest-api.js';
import { addMessage, putFile } from '../ingest/put-content.js';
import { createConversation } from '../store/content-store.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchProject } from './project-search.js';

let store: SqliteStore;
let conversationId: string;
const search = (body: Record<string, unknown>) => new SqliteIndex(store).read((reader) => searchProject(reader, searchRequest.parse(body)));

beforeAll(async () => {
  store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
  await putFile(store, 'docs/authentication.md', '# Authentication System\n\nOur authentication flow uses JWT tokens for secure access.');
  await putFile(store, 'src/auth.js', '// Authentication module\nfunction authenticate(username, password) {\n  return jwt.sign({ id: 1 }, SECRET);\n}');
  await putFile(store, 'docs/database.md', '# Database Schema\n\nWe use SQLite for data persistence. The main tables are users, projects, and conversations.');
  await putFile(store, 'docs/sql.md', 'Never write OR 1=1 or "; DROP TABLE users; -- into a query. NEAR and * are FTS5 operators.');
  for (let i = 0; i < 25; i++) await putFile(store, `notes/n${String(i).padStart(2, '0')}.txt`, `pagination marker ${i}`);
  conversationId = (await createConversation(store, 'chat')).id;
  await addMessage(store, { conversationId, speaker: 'user', content: 'How does the authentication flow refresh tokens?' });
  await addMessage(store, { conversationId, speaker: 'assistant', content: 'It calls refreshSession when the token expires.' });
});
afterAll(() => store.close());

describe('searchProject: FTS5 syntax in user text is only text (the REST API contract\'s injection cases)', () => {
  it.each([
    ['OR 1=1', 'docs/sql.md'],
    ['"; DROP TABLE users; --', 'docs/sql.md'],
    ['* OR *', 'docs/sql.md'],
    ['"quoted text"', null],
    ['text with "quotes" inside', null],
    ['NEAR(jwt tokens)', 'docs/authentication.md'],
    ['path:docs body:jwt', 'docs/authentication.md'],
    ['jwt*', 'docs/authentication.md'],
    ['   whitespace   ', null],
    ['AND', null],
    ['(unbalanced', null],
  ])('%j runs without error', async (query, expectedPath) => {
    const response = (await search({ query }));
    expect(response.total_results).toBeGreaterThanOrEqual(response.results.length);
    if (expectedPath) expect(response.results.map((r) => r.path)).toContain(expectedPath);
    // The tables an injection would target are intact.
    expect(store.counts().files).toBeGreaterThan(25);
  });

  it('refuses a query with no word to search for, rather than answering "nothing found"', async () => {
    await expect(search({ query: '*** ""' })).rejects.toThrow(/no words/);
  });
});

describe('searchProject: results in the REST API contract\'s shape', () => {
  it('ranks, highlights with ** and locates file chunks', async () => {
    const response = (await search({ query: 'authentication' }));
    const first = response.results[0]!;
    expect(['docs/authentication.md', 'src/auth.js']).toContain(first.path);
    expect(first.highlighted).toContain('**Authentication**');
    expect(first.location).toEqual({ path: first.path, start_line: 1, end_line: expect.any(Number) });
    expect(first.relevance_score).toBeGreaterThan(0);
    expect(first.token_count).toBeGreaterThan(0);
    expect(first.chunk_id).toMatch(/^chunk_\d+$/);
    expect(first.source_id).toMatch(/^file_\d+$/);
    const scores = response.results.map((r) => r.relevance_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('finds conversation messages with their round and speaker', async () => {
    const response = (await search({ query: 'refreshSession' }));
    expect(response.results).toHaveLength(1);
    expect(response.results[0]).toMatchObject({
      source_type: 'conversation_message', path: null, conversation_id: conversationId, round_number: 2, speaker: 'assistant',
    });
  });

  it.each([
    [{ file_types: ['.md'] }, ['docs/authentication.md']],
    [{ file_types: ['JS'] }, ['src/auth.js']],
    [{ paths: ['src/*'] }, ['src/auth.js']],
    [{ paths: ['docs/*', 'src/*'] }, ['docs/authentication.md', 'src/auth.js']],
    [{ paths: ['%'] }, []],
    [{ source_type: 'conversation_message' }, [null]],
    [{ exclude_conversations: true }, ['docs/authentication.md', 'src/auth.js']],
  ])('filters %j', async (filters, paths) => {
    const response = (await search({ query: 'authentication', filters }));
    expect(response.results.map((r) => r.path).sort()).toEqual([...paths].sort());
    expect(response.total_results).toBe(paths.length);
  });

  it('pages with an exact total and no repeats', async () => {
    const first = (await search({ query: 'pagination', limit: 10, offset: 0 }));
    const second = (await search({ query: 'pagination', limit: 10, offset: 10 }));
    const third = (await search({ query: 'pagination', limit: 10, offset: 20 }));
    expect(first.total_results).toBe(25);
    expect(third.results).toHaveLength(5);
    const ids = [...first.results, ...second.results, ...third.results].map((r) => r.chunk_id);
    expect(new Set(ids).size).toBe(25);
  });

  it('defaults the limit and clamps it to the maximum', async () => {
    expect((await search({ query: 'pagination' })).results).toHaveLength(REST_SEARCH.limit.default);
    expect((await search({ query: 'pagination', limit: 1000 })).limit).toBe(REST_SEARCH.limit.max);
  });

  it('replaces an earlier version of an uploaded file', async () => {
    await putFile(store, 'docs/replace.md', 'original wording xylophone');
    const replaced = await putFile(store, 'docs/replace.md', 'new wording marimba');
    expect(replaced.replaced).toBe(true);
    expect((await search({ query: 'xylophone' })).total_results).toBe(0);
    expect((await search({ query: 'marimba' })).results[0]!.path).toBe('docs/replace.md');
  });

  it('rejects invalid requests by contract', async () => {
    for (const body of [{ query: '' }, { query: 'x', limit: 0 }, { query: 'x', filters: { source_type: 'email' } }, { query: 'x', filters: { unknown: 1 } }]) {
      expect(searchRequest.safeParse(body).success).toBe(false);
    }
  });
});
