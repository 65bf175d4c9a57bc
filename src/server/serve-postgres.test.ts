/**
 * Several `quarry serve` processes on one PostgreSQL index (`--store`): they
 * answer alike, and each sees a change published by `quarry index --store`
 * as one new index version, without a restart. The served folder's shared
 * index takes no uploads. Skipped, saying why, without the shared server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../contracts/messages/index.js';
import { runCliJson } from '../test-support/cli.js';
import { postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { scratchSchema, sharedPostgres } from '../test-support/postgres.js';
import { CONTRACT_TREE } from '../test-support/store-contract.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';

const PG = await sharedPostgres();

describe.skipIf(!PG.present)(`quarry serve --store postgres://… (${PG.reason})`, () => {
  let scratch: Awaited<ReturnType<typeof scratchSchema>>;
  let root: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await scratchSchema();
    root = makeTree(CONTRACT_TREE);
    const built = await runCliJson(['index', root, '--store', scratch.url, '--json']);
    expect(built.code, built.stderr).toBe(0);
    for (let i = 0; i < 2; i++) servers.push(await startServe(root, ['--store', scratch.url, '--refresh', 'off']));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch?.drop();
  });

  const health = async (server: ServerProcess) => (await (await fetch(`${server.url}/healthz`)).json()) as { index_version: number };
  const search = async (server: ServerProcess, query: string) => (await postJson(`${server.url}/api/tools/search_code`, { query, mode: 'exact' })).json;

  it('answers alike from every server, and each sees a new index version without a restart', async () => {
    const before = await Promise.all(servers.map(health));
    expect(before[1]!.index_version).toBe(before[0]!.index_version);
    expect((await Promise.all(servers.map((s) => search(s, 'osprey')))).map((r) => r.total)).toEqual([0, 0]);

    writeTree(root, { 'birds/osprey.txt': 'an osprey dives\nosprey again\n' });
    const reindexed = await runCliJson(['index', root, '--store', scratch.url, '--json']);
    expect(reindexed.json).toMatchObject({ added: 1, index_version: before[0]!.index_version + 1 });

    for (const server of servers) {
      expect((await health(server)).index_version).toBe(before[0]!.index_version + 1);
      const found = await search(server, 'osprey');
      expect(found).toMatchObject({ total: 2, index_version: before[0]!.index_version + 1 });
      expect(found.items.map((i: { file: string }) => i.file)).toEqual(['birds/osprey.txt', 'birds/osprey.txt']);
    }
  });

  it('answers a NUL byte or a backwards glob range with 400 and the catalogue message, as on SQLite, never 500', async () => {
    const [server] = servers;
    const cases: [string, unknown, string][] = [
      ['/api/projects/proj_default/search', { query: 'retry', filters: { paths: ['[z-a]*'] } }, message('input.glob_range_reversed', { param: 'filters.paths', glob: '[z-a]*', range: 'z-a', fixed: 'a-z' })],
      ['/api/projects/proj_default/search', { query: 'retry', filters: { paths: ['src/\u0000*'] } }, message('input.nul_byte', { param: 'filters.paths' })],
      ['/api/projects/proj_default/search', { query: 'retry', filters: { file_types: ['t\u0000s'] } }, message('input.nul_byte', { param: 'filters.file_types' })],
      ['/api/tools/find_references', { symbol: 'log\u0000in' }, message('input.nul_byte', { param: 'symbol' })],
    ];
    for (const [route, body, text] of cases) {
      const refused = await postJson(`${server!.url}${route}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.message).toContain(text);
    }
    const mcp = await postJson(`${server!.url}/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_references', arguments: { symbol: 'log\u0000in' } } }, { accept: 'application/json, text/event-stream' });
    expect(JSON.stringify(mcp.json)).toContain('NUL');
    expect(JSON.stringify(mcp.json)).not.toContain('INTERNAL');
    expect(server!.lines().filter((l) => l.level >= 50)).toEqual([]);
  });

  it('searches the shared index through the default project, and sends uploads to projects of their own', async () => {
    const [server] = servers;
    const found = await postJson(`${server!.url}/api/projects/proj_default/search`, { query: 'exponential backoff' });
    expect(found.status).toBe(200);
    expect(found.json.results.map((r: { path: string }) => r.path).sort()).toEqual(['docs/guide.md', 'lib/retry.py', 'src/auth/signature.ts']);
    const project = (await (await fetch(`${server!.url}/api/projects/proj_default`)).json()) as { files: number; languages: Record<string, number>; repositories: Record<string, number> };
    expect(project.files).toBeGreaterThanOrEqual(Object.keys(CONTRACT_TREE).length);
    // The page's language facet: the shared index's files per language, adding up to its files.
    expect(project.languages).toMatchObject({ python: expect.any(Number), typescript: expect.any(Number), markdown: expect.any(Number) });
    expect(Object.values(project.languages).reduce((a, b) => a + b, 0)).toBe(project.files);
    expect(Object.values(project.repositories).reduce((a, b) => a + b, 0)).toBe(project.files);
    const upload = await postJson(`${server!.url}/api/projects/proj_default/files`, { path: 'notes.md', content: 'hello' });
    expect(upload.status).toBe(400);
    expect(upload.json.message).toContain(`The served folder's index is in PostgreSQL (${scratch.url}), shared by every server`);
  });
});
