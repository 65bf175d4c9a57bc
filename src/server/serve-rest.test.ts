import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../contracts/rest-api.js';
import { postJson, rawRequest, startServe, type ServerProcess } from '../test-support/http-server.js';
import { sharedPart } from '../test-support/shared-data.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';

const SEED_PART = sharedPart('seeds/003_959f0c3285feda04.txt');
const SEED = SEED_PART.path;

/** The REST API contract's "3. Test Search API" script, exactly as written but for its base URL. */
function seedScript(baseUrl: string): string {
  const text = fs.readFileSync(SEED, 'utf8');
  const section = text.slice(text.indexOf('### 3. Test Search API'));
  const script = /```bash\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (!script) throw new Error(`no bash block in section 3 of ${SEED}`);
  const withUrl = script.replace(/^BASE_URL=.*$/m, `BASE_URL="${baseUrl}"`);
  if (withUrl === script) throw new Error('the REST API contract\'s script has no BASE_URL line');
  return withUrl;
}

/** Splits the script's output into its numbered steps and parses each step's JSON (jq output). */
function stepsOf(output: string): Map<number, any> {
  const steps = new Map<number, any>();
  const parts = output.split(/^(\d+)\. .*$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const body = parts[i + 1]!.replace(/=== Tests complete ===/, '').trim();
    steps.set(Number(parts[i]), body.startsWith('{') ? JSON.parse(body) : body);
  }
  return steps;
}

describe('quarry serve: REST API contract', () => {
  let served: string;
  let other: string;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    served = makeTree({ 'src/session.ts': 'export function refreshSession(token: string) {\n  return token;\n}\n', 'README.md': '# Served folder\n' });
    other = makeTree({ 'lib/ledger.py': 'def reconcile_ledger(entries):\n    return sum(entries)\n' });
    // This suite sends more searches than the default 30 a minute; the limit itself is tested in serve-limits.
    server = await startServe(served, ['--allow-root', served, '--allow-root', other, '--search-rate-limit', '1000']);
    base = server.url;
  });
  afterAll(async () => { await server?.stop(); });

  it.skipIf(!SEED_PART.present)(`runs the REST API contract's curl script with only its base URL changed, with sensible results (${SEED_PART.reason})`, () => {
    const run = spawnSync('bash', ['-c', seedScript(base)], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Using project: proj_default');
    const steps = stepsOf(run.stdout);
    const basic = steps.get(2);
    expect(basic.total_results).toBe(2);
    expect(basic.results.map((r: any) => r.path).sort()).toEqual(['docs/authentication.md', 'src/auth.js']);
    expect(basic.results[0].highlighted).toContain('**Authentication**');
    expect(steps.get(3)).toEqual({ total_results: 1, results: [{ path: 'docs/authentication.md' }] });
    expect(steps.get(4).results).toEqual([{ path: 'docs/database.md', location: { path: 'docs/database.md', start_line: 1, end_line: 3 } }]);
    expect(steps.get(5)).toMatchObject({ limit: 2, offset: 0, returned: 2 });
    expect(steps.get(5).total_results).toBeGreaterThanOrEqual(2);
    expect(steps.get(6).total_results).toBe(1);
    expect(steps.get(7)).toMatchObject({ error: 'invalid_request', code: 'INVALID_ARGUMENT' });
    expect(steps.get(8)).toMatchObject({ error: 'project_not_found' });
  });

  it('answers 400 for an empty query and 404 project_not_found for an unknown project', async () => {
    const empty = await postJson(`${base}/api/projects/proj_default/search`, { query: '   ' });
    expect(empty.status).toBe(400);
    const missing = await postJson(`${base}/api/projects/proj_invalid/search`, { query: 'test' });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'project_not_found' });
    const traversal = await postJson(`${base}/api/projects/..%2F..%2Fetc/search`, { query: 'test' });
    expect(traversal.status).toBe(404);
  });

  it.each(['OR 1=1', '"; DROP TABLE users; --', '* OR *', '"quoted text"', 'text with "quotes" inside', 'NEAR(a b)', 'body:x'])(
    'searches %j without an error', async (query) => {
      const response = await postJson(`${base}/api/projects/proj_default/search`, { query });
      expect(response.status).toBe(200);
      expect(response.json.query).toBe(query.trim());
    });

  it('searches the served folder\'s own files', async () => {
    const response = await postJson(`${base}/api/projects/proj_default/search`, { query: 'refreshSession' });
    expect(response.json.results[0]).toMatchObject({ path: 'src/session.ts', source_type: 'file' });
  });

  it('rejects invalid filters with 400', async () => {
    for (const filters of [{ source_type: 'email' }, { file_types: 'md' }, { typo: true }]) {
      const response = await postJson(`${base}/api/projects/proj_default/search`, { query: 'x', filters });
      expect(response.status).toBe(400);
      expect(response.json.error).toBe('invalid_request');
    }
  });

  it('re-indexes the served folder when a file changes', async () => {
    writeTree(served, { 'src/fresh.ts': 'export const quokkaCounter = 1;\n' });
    let found = 0;
    for (let i = 0; i < 60 && found === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      found = (await postJson(`${base}/api/projects/proj_default/search`, { query: 'quokkaCounter' })).json.total_results;
    }
    expect(found).toBe(1);
  });

  it('keeps uploaded files when the folder is re-indexed', async () => {
    await postJson(`${base}/api/projects/proj_default/files`, { path: 'notes/upload.md', content: 'wombat burrow notes' });
    writeTree(served, { 'src/trigger.ts': 'export const pangolinTrigger = 2;\n' });
    // Wait until the re-index has happened (the new file is found), then look for the upload.
    let reindexed = 0;
    for (let i = 0; i < 60 && reindexed === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      reindexed = (await postJson(`${base}/api/projects/proj_default/search`, { query: 'pangolinTrigger' })).json.total_results;
    }
    expect(reindexed).toBe(1);
    const response = await postJson(`${base}/api/projects/proj_default/search`, { query: 'wombat' });
    expect(response.json.results.map((r: any) => r.path)).toEqual(['notes/upload.md']);
  });

  it('creates a project from an allowed folder, searches, lists, gets and deletes it', async () => {
    const created = await postJson(`${base}/api/projects`, { name: 'ledger', folder: other });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'ledger', kind: 'folder', folder: other, files: 1 });
    const id = created.json.id;
    const hit = await postJson(`${base}/api/projects/${id}/search`, { query: 'reconcile_ledger' });
    expect(hit.json.results[0].path).toBe('lib/ledger.py');
    // Projects are separate indexes.
    expect((await postJson(`${base}/api/projects/proj_default/search`, { query: 'reconcile_ledger' })).json.total_results).toBe(0);
    const list = api.projectList.parse(await (await fetch(`${base}/api/projects`)).json());
    expect(list.projects.map((p) => p.id)).toEqual(expect.arrayContaining(['proj_default', id]));
    expect((await fetch(`${base}/api/projects/${id}`)).status).toBe(200);
    expect((await fetch(`${base}/api/projects/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${base}/api/projects/${id}`)).status).toBe(404);
    expect(fs.existsSync(path.join(served, '.quarry', 'projects', id))).toBe(false);
  });

  it('refuses folders outside the allowed roots, including through a symlink', async () => {
    const outside = makeTree({ 'secret.txt': 'top secret' });
    fs.symlinkSync(outside, path.join(served, 'escape'));
    for (const folder of [outside, path.join(served, 'escape'), '/']) {
      const response = await postJson(`${base}/api/projects`, { folder });
      expect(response.status).toBe(403);
      expect(response.json.code).toBe('PATH_OUTSIDE_ROOT');
    }
    expect((await fetch(`${base}/api/projects/proj_default`, { method: 'DELETE' })).status).toBe(400);
  });

  it('stores, replaces and searches files in an empty project', async () => {
    const created = await postJson(`${base}/api/projects`, { name: 'scratch' });
    expect(created.json).toMatchObject({ kind: 'empty', files: 0 });
    const id = created.json.id;
    const first = await postJson(`${base}/api/projects/${id}/files`, { path: 'a/notes.md', content: 'alpha pelican' });
    expect(first.status).toBe(201);
    const second = await postJson(`${base}/api/projects/${id}/files`, { path: 'a/notes.md', content: 'beta heron' });
    expect(second.json).toMatchObject({ replaced: true });
    expect(second.json.index_version).toBeGreaterThan(first.json.index_version);
    expect((await postJson(`${base}/api/projects/${id}/search`, { query: 'pelican' })).json.total_results).toBe(0);
    expect((await postJson(`${base}/api/projects/${id}/search`, { query: 'heron' })).json.total_results).toBe(1);
    for (const bad of ['../x.md', '/etc/passwd', 'a//b', 'a/./b']) {
      expect((await postJson(`${base}/api/projects/${id}/files`, { path: bad, content: 'x' })).status).toBe(400);
    }
  });

  it('indexes conversation messages and lists conversations with their project', async () => {
    const created = await postJson(`${base}/api/projects`, { name: 'chats' });
    const id = created.json.id;
    const conversation = await postJson(`${base}/api/projects/${id}/conversations`, { title: 'design review' });
    expect(conversation.json).toMatchObject({ project_id: id, title: 'design review' });
    const url = `${base}/api/projects/${id}/conversations/${conversation.json.id}/messages`;
    await postJson(url, { speaker: 'user', content: 'Should the cache use an LRU eviction?' });
    const reply = await postJson(url, { speaker: 'assistant', content: 'Yes: LRU eviction keeps hot entries.' });
    expect(reply.json).toMatchObject({ source_type: 'conversation_message', round_number: 2, speaker: 'assistant' });
    await postJson(`${base}/api/projects/${id}/files`, { path: 'cache.md', content: 'The eviction policy is documented here.' });

    const all = await postJson(`${base}/api/projects/${id}/search`, { query: 'eviction' });
    expect(all.json.total_results).toBe(3);
    const messages = await postJson(`${base}/api/projects/${id}/search`, { query: 'eviction', filters: { source_type: 'conversation_message' } });
    expect(messages.json.results.map((r: any) => [r.round_number, r.speaker]).sort()).toEqual([[1, 'user'], [2, 'assistant']]);
    const files = await postJson(`${base}/api/projects/${id}/search`, { query: 'eviction', filters: { exclude_conversations: true } });
    expect(files.json.results.map((r: any) => r.path)).toEqual(['cache.md']);

    expect((await (await fetch(`${base}/api/projects/${id}`)).json())).toMatchObject({ files: 1, messages: 2 });
    const list = api.conversationList.parse(await (await fetch(`${base}/api/conversations`)).json());
    expect(list.conversations[0]?.project_id).toBe('proj_default');
    expect(list.conversations).toContainEqual(expect.objectContaining({ id: conversation.json.id, project_id: id, message_count: 2 }));
    expect((await postJson(`${base}/api/projects/${id}/conversations/conv_nope/messages`, { speaker: 'u', content: 'x' })).status).toBe(404);
  });

  it('answers exactly in the shapes the published contracts describe (no undocumented fields)', async () => {
    // zod drops unknown keys, so a reply equal to its parse has only documented fields.
    const conforms = (schema: { parse: (v: unknown) => unknown }, value: unknown) => expect(schema.parse(value)).toEqual(value);
    const created = await postJson(`${base}/api/projects`, { name: 'shapes' });
    conforms(api.project, created.json);
    const id = created.json.id;
    conforms(api.putFileResponse, (await postJson(`${base}/api/projects/${id}/files`, { path: 'x.md', content: 'okapi facts' })).json);
    const conversation = await postJson(`${base}/api/projects/${id}/conversations`, {});
    conforms(api.conversation, conversation.json);
    conforms(api.addMessageResponse, (await postJson(`${base}/api/projects/${id}/conversations/${conversation.json.id}/messages`, { speaker: 'user', content: 'okapi question' })).json);
    const search = (await postJson(`${base}/api/projects/${id}/search`, { query: 'okapi' })).json;
    expect(search.results.map((r: any) => r.source_type).sort()).toEqual(['conversation_message', 'file']);
    conforms(api.searchResponse, search);
    conforms(api.projectList, await (await fetch(`${base}/api/projects`)).json());
    conforms(api.conversationList, await (await fetch(`${base}/api/conversations`)).json());
    conforms(api.healthResponse, await (await fetch(`${base}/healthz`)).json());
    conforms(api.errorResponse, (await postJson(`${base}/api/projects/proj_nope/search`, { query: 'x' })).json);
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const doc = (await rawRequest(`${base}/api/openapi.json`)).json;
    expect(doc.openapi).toBe('3.1.0');
    const search = doc.paths['/api/projects/{projectId}/search'].post;
    expect(Object.keys(search.requestBody.content['application/json'].schema.properties)).toEqual(['query', 'filters', 'limit', 'offset']);
    expect(search.responses['200'].content['application/json'].schema.properties.results.items.required).toContain('relevance_score');
    expect(doc.paths['/api/tools/search_code'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('query');
  });

  it('documents the file view and the progress events in OpenAPI, and what they send matches the contracts', async () => {
    const doc = await (await fetch(`${base}/api/openapi.json`)).json();
    const file = doc.paths['/api/files/content'].get;
    expect(file.parameters).toEqual([
      expect.objectContaining({ name: 'path', in: 'query', required: true }),
      expect.objectContaining({ name: 'hidden', in: 'query', required: false }),
      expect.objectContaining({ name: 'no_ignore', in: 'query', required: false }),
    ]);
    expect(file.responses['200'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['path', 'language', 'text', 'symbols']));
    expect(Object.keys(file.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
    const events = doc.paths['/api/events/projects'].get;
    expect(events.responses['200'].content['text/event-stream'].itemSchema.properties.projects.items.properties.state.enum)
      .toEqual([...api.PROJECT_BUILD_STATES]);

    const served = await fetch(`${base}/api/files/content?path=src/session.ts`);
    expect(served.status).toBe(200);
    const view = api.fileContentResponse.parse(await served.json());
    expect(view.symbols.map((s) => s.name)).toContain('refreshSession');
    expect((await fetch(`${base}/api/files/content?path=../outside.ts`)).status).toBe(403);
    expect((await fetch(`${base}/api/files/content?path=src/nope.ts`)).status).toBe(404);

    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events/projects`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The first event may still say indexing until the route has seen the build settle; the next one says ready.
    for (;;) {
      text += decoder.decode((await reader.read()).value);
      const events = [...text.matchAll(/^event: projects\ndata: (.*)$/gm)].map((m) => api.projectsEvent.parse(JSON.parse(m[1]!)));
      if (events.at(-1)?.projects.find((p) => p.id === 'proj_default')?.state === 'ready') break;
    }
    controller.abort();
  });

  it('documents the bearer token and the Host/Origin refusals', async () => {
    const doc = await (await fetch(`${base}/api/openapi.json`)).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }, {}]);
    const search = doc.paths['/api/projects/{projectId}/search'].post;
    expect(search.responses['401'].headers).toHaveProperty('WWW-Authenticate');
    expect(search.responses['403'].description).toMatch(/Host or Origin/);
    expect(doc.paths['/api/projects'].post.responses['403'].description).toMatch(/allowed roots.*Host or Origin/);
    // /healthz answers without the token, and the document says so.
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/healthz'].get.responses).not.toHaveProperty('401');
  });

  it('calls registry tools over REST with the same contract as MCP', async () => {
    const ok = await postJson(`${base}/api/tools/search_code`, { query: 'refreshSession', detail_level: 'ultra' });
    expect(ok.status).toBe(200);
    expect(ok.json.items[0].file).toBe('src/session.ts');
    const invalid = await postJson(`${base}/api/tools/search_code`, { query: '   ' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('Validation failed: Query cannot be empty or whitespace-only');
    expect((await postJson(`${base}/api/tools/no_such_tool`, {})).status).toBe(404);
  });

  it('answers malformed JSON with 400 and unknown routes with 404, in JSON', async () => {
    const malformed = await postJson(`${base}/api/projects/proj_default/search`, '{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/not valid JSON/);
    const unknown = await fetch(`${base}/api/nope`);
    expect(unknown.status).toBe(404);
    expect(api.errorResponse.parse(await unknown.json()).error).toBe('route_not_found');
  });

  it('reports health', async () => {
    const health = api.healthResponse.parse(await (await fetch(`${base}/healthz`)).json());
    expect(health).toMatchObject({ ok: true, default_project: 'proj_default' });
    expect(health.index_version).toBeGreaterThan(0);
  });
});
