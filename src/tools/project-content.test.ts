import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryError } from '../contracts/errors.js';
import { message, type Locale } from '../contracts/messages/index.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { addConversationMessage, putProjectFile, searchProjectContent, startConversation, type ProjectTarget } from './project-content.js';

let project: ProjectTarget;
let release: () => void;

beforeAll(() => {
  const store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
  project = {
    meta: { id: 'proj_t', folder: null }, store, index: { kind: 'sqlite', file: store.file }, shared: false,
    ready: new Promise<void>((resolve) => { release = resolve; }),
  };
});
afterAll(() => project.store.close());

describe('project content through the tool layer', () => {
  it('waits for the project\'s first index before it stores or searches', async () => {
    let stored = false;
    const upload = putProjectFile(project, { path: 'docs/auth.md', content: '# Authentication\nJWT tokens.' }).then((r) => { stored = true; return r; });
    await new Promise((r) => setTimeout(r, 20));
    expect(stored).toBe(false);
    release();
    expect(await upload).toMatchObject({ project_id: 'proj_t', path: 'docs/auth.md', replaced: false });
    expect(await searchProjectContent(project, { query: 'authentication' })).toMatchObject({ total_results: 1, results: [{ path: 'docs/auth.md' }] });
  });

  it('says what is wrong with a body in the catalogue\'s words and the caller\'s locale, never zod\'s', async () => {
    const cases: [unknown, Locale, string][] = [
      [{ query: '' }, 'en', message('http.invalid_request', { reason: message('search_code.query_empty') })],
      [{ query: 'a', limit: -1 }, 'ja', message('http.invalid_request', { reason: message('search_code.below_min', { param: 'limit', min: 1, value: -1 }, 'ja') }, 'ja')],
      [{ query: 'a', bogus: 1 }, 'cs', message('http.invalid_request', { reason: message('search_code.unknown_param', { param: 'bogus', known: 'query, filters, limit, offset' }, 'cs') }, 'cs')],
    ];
    for (const [body, locale, expected] of cases) {
      const failure = await searchProjectContent(project, body, { locale }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(QuarryError);
      expect([(failure as QuarryError).code, (failure as QuarryError).message]).toEqual(['INVALID_ARGUMENT', expected]);
      expect((failure as QuarryError).message).not.toMatch(/✖|Too small|expected/);
    }
  });

  it('validates bodies with the published contracts before any work', async () => {
    await expect(searchProjectContent(project, { query: '' })).rejects.toThrow();
    await expect(putProjectFile(project, { path: '../escape.md', content: 'x' })).rejects.toThrow(QuarryError);
  });

  it('adds messages to a conversation it started, and refuses an unknown one as NOT_FOUND', async () => {
    const conversation = await startConversation(project, { title: 'chat' });
    expect(conversation).toMatchObject({ project_id: 'proj_t', title: 'chat', message_count: 0 });
    expect(await addConversationMessage(project, conversation.id, { speaker: 'user', content: 'refresh the session' }))
      .toMatchObject({ conversation_id: conversation.id, round_number: 1, source_type: 'conversation_message' });
    await expect(addConversationMessage(project, 'conv_missing', { speaker: 'user', content: 'x' }))
      .rejects.toThrow(expect.objectContaining({ code: 'NOT_FOUND', details: { resource: 'conversation' } }));
    expect((await searchProjectContent(project, { query: 'session' })).results[0]).toMatchObject({ source_type: 'conversation_message', speaker: 'user' });
  });
});
