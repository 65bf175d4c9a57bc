import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson } from '../test-support/cli.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';

const files = {
  'src/a.ts': 'TODO one\nTODO two\n',
  'src/b.py': 'TODO three\n',
};

describe('live tools through quarry call (the built CLI)', () => {
  const root = makeTree(files);

  it('search_content total_only prints a bare integer', async () => {
    const result = await runCli(['call', 'search_content', '{"roots":["."],"query":"TODO","total_only":true}', '--root', root]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('3\n');
  });

  it('list_files prints the entries relative to the root, as the page does; absolute ones when asked', async () => {
    const { code, json } = await runCliJson(['call', 'list_files', '{"roots":["src"],"extensions":["py"]}', '--root', root]);
    expect(code).toBe(0);
    expect(json.files.map((f: any) => f.path)).toEqual(['src/b.py']);
    const text = await runCli(['call', 'list_files', '{"roots":["src"],"extensions":["py"]}', '--root', root, '--text']);
    expect(text.stdout).toBe('1 of 1 entries\nsrc:\nb.py\n');
    const absolute = await runCliJson(['call', 'list_files', '{"roots":["src"],"extensions":["py"],"absolute":true}', '--root', root]);
    expect(absolute.json.files.map((f: any) => f.path)).toEqual([`${root}/src/b.py`]);
  });

  it('find_and_grep reads its arguments from stdin', async () => {
    const { json } = await runCliJson(['call', 'find_and_grep', '--root', root], { input: '{"roots":["."],"extensions":["ts"],"query":"TODO","count_only_matches":true}' });
    expect(json).toMatchObject({ ok: true, total_matches: 2, files: { 'src/a.ts': 2 }, meta: { searched_file_count: 1 } });
  });

  it('names how to install ripgrep when it cannot be found (QUARRY_RG wrong, PATH empty)', async () => {
    const { code, json } = await runCliJson(['call', 'search_content', '{"roots":["."],"query":"TODO"}', '--root', root], {
      env: { QUARRY_RG: '/nonexistent/rg', PATH: '' },
    });
    expect(code).toBe(1);
    expect(json).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    expect(json.error).toMatch(/^ripgrep is not installed: QUARRY_RG=\/nonexistent\/rg is not an executable file\. Install it \(Debian\/Ubuntu: sudo apt-get install ripgrep/);
  });

  it('names how to install fd when it cannot be found, in Japanese with QUARRY_LOCALE=ja', async () => {
    const { json } = await runCliJson(['call', 'list_files', '{"roots":["."]}', '--root', root], { env: { PATH: '', QUARRY_LOCALE: 'ja' } });
    expect(json.error).toMatch(/^fd がインストールされていません.*sudo apt-get install fd-find/);
  });
});

describe('live tools through quarry mcp (official SDK client over stdio)', () => {
  let session: StdioSession;
  const root = makeTree(files);

  beforeAll(async () => {
    session = await connectStdio(['--root', root, '--tools', 'live', '--no-refresh']);
  });
  afterAll(async () => { await session?.close(); });

  it('lists the three live tools, search_content with its formats cheapest first', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['find_and_grep', 'list_files', 'search_content']);
    const search = tools.find((t) => t.name === 'search_content')!;
    expect(search.description).toMatch(/Cheapest first.*total_only.*count_only_matches.*summary_only.*group_by_file/);
    expect(search.inputSchema.properties).toHaveProperty('count_only_matches');
    expect(search.inputSchema.properties).toHaveProperty('encoding');
  });

  it('answers count_only_matches, then total_only from the cache', async () => {
    const counts = await callJson(session.client, 'search_content', { roots: ['.'], query: 'TODO', count_only_matches: true });
    expect(counts).toMatchObject({ isError: false, body: { total_matches: 3, files: { 'src/a.ts': 2, 'src/b.py': 1 }, cached: false } });
    const again = await callJson(session.client, 'search_content', { roots: ['.'], query: 'TODO', count_only_matches: true, optimize_paths: true });
    expect(again.body).toMatchObject({ cached: true, base: 'src', files: { 'a.ts': 2, 'b.py': 1 } });
    expect((await callJson(session.client, 'search_content', { roots: ['.'], query: 'TODO', total_only: true })).body).toBe(3);
  });

  it('returns refusals as error results in the caller\'s locale', async () => {
    const { isError, body } = await callJson(session.client, 'search_content', { roots: ['/etc'], query: 'x', locale: 'ja' });
    expect(isError).toBe(true);
    expect(body).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    expect(body.error).toContain('プロジェクトルート');
  });
});
