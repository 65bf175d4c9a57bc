import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

const SECRET = 'API_KEY=sk-live-0123456789';

describe('quarry serve: the file view keeps hidden and ignored files out, and its errors name no path outside', () => {
  const outside = makeTree({ 'passwd': 'root:x:0:0:root:/root:/bin/bash\n' });
  const served = makeTree({
    'src/app.ts': 'export const app = 1;\n',
    '.env': `${SECRET}\n`,
    '.git/config': '[remote "origin"]\n\turl = https://token@example.test/repo.git\n',
    '.gitignore': 'logs/\n*.pem\n',
    'logs/app.log': 'session=abc\n',
    'certs/server.pem': '-----BEGIN PRIVATE KEY-----\n',
  });
  fs.symlinkSync(path.join(served, '.env'), path.join(served, 'src', 'env-link'));
  fs.symlinkSync(path.join(outside, 'passwd'), path.join(served, 'src', 'passwd-link'));
  let server: ServerProcess;
  const view = async (query: string) => {
    const reply = await fetch(`${server.url}/api/files/content?${query}`);
    return { status: reply.status, text: await reply.text() };
  };

  beforeAll(async () => { server = await startServe(served); });
  afterAll(async () => { await server?.stop(); });

  it.each([
    ['.env', /"\.env" is hidden.*Add hidden=true/],
    ['.git/config', /"\.git\/config" is hidden/],
    ['src/../.env', /"\.env" is hidden/],
    ['src/env-link', /"\.env" is hidden/],
    ['logs/app.log', /"logs\/app\.log" is left out by the ignore rules.*Add no_ignore=true/],
    ['certs/server.pem', /ignore rules/],
  ])('refuses %s as not found by default, without its content', async (asked, message) => {
    const reply = await view(`path=${encodeURIComponent(asked)}`);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text).message).toMatch(message);
    expect(reply.text).not.toMatch(/API_KEY|token@|session=|PRIVATE KEY/);
  });

  it('answers a hidden path the same whether it exists or not', async () => {
    const missing = await view('path=.env.production');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).message).toBe('".env.production" is hidden (a name starting with "."); the file view leaves hidden files out, as search_content does. Add hidden=true to show it.');
  });

  it('shows them with the explicit opt-ins search_content has (hidden, no_ignore)', async () => {
    expect(JSON.parse((await view('path=.env&hidden=true')).text).text).toBe(`${SECRET}\n`);
    expect((await view('path=.git/config&hidden=true')).status).toBe(200);
    expect(JSON.parse((await view('path=logs/app.log&no_ignore=true')).text).text).toBe('session=abc\n');
    // One opt-in does not open the other.
    expect((await view('path=logs/app.log&hidden=true')).status).toBe(404);
    expect((await view('path=src/app.ts')).status).toBe(200);
  });

  it('search_content applies the same defaults the file view does', async () => {
    const found = await postJson(`${server.url}/api/tools/search_content`, { roots: ['.'], query: 'API_KEY|session=', regex: true });
    expect(found.status).toBe(200);
    expect(found.text).not.toMatch(/API_KEY|session=/);
  });

  it('names neither the root\'s absolute path nor a symbolic link\'s target in its refusals', async () => {
    const refusals = [
      await view('path=src/passwd-link'),
      await view('path=../escape.txt'),
      await view('path=src/nope.ts'),
      await postJson(`${server.url}/api/tools/search_content`, { files: ['src/passwd-link'], query: 'root' }),
      await postJson(`${server.url}/api/tools/list_files`, { roots: ['no-such-folder'] }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 404, 403, 404]);
    for (const reply of refusals) {
      expect(reply.text).not.toContain(served);
      expect(reply.text).not.toContain(outside);
    }
    expect(JSON.parse(refusals[0]!.text).message).toBe('files "src/passwd-link" leads through a symbolic link outside the project root. Search the link\'s target only if it is inside the project.');
  });
});
