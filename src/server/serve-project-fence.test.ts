import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

describe('quarry serve: creating a project from a folder outside the allowed roots tells nothing about that folder', () => {
  const served = makeTree({ 'README.md': '# Served\n' });
  const allowed = makeTree({ 'lib/a.py': 'x = 1\n' });
  const outside = makeTree({ 'notes.txt': 'private\n', 'sub/b.txt': 'b\n' });
  fs.chmodSync(path.join(outside, 'sub'), 0o000);
  let server: ServerProcess;

  beforeAll(async () => { server = await startServe(served, ['--allow-root', allowed]); });
  afterAll(async () => {
    fs.chmodSync(path.join(outside, 'sub'), 0o755);
    await server?.stop();
  });

  it('answers an existing folder, a file, an unreadable folder and a missing path alike: 403, one message', async () => {
    const folders = [
      outside, path.join(outside, 'notes.txt'), path.join(outside, 'sub'), path.join(outside, 'sub', 'deeper'),
      path.join(outside, 'missing'), '/etc/shadow', '/root', '/root/.ssh', '/no/such/folder', '../../..',
    ];
    const replies = await Promise.all(folders.map((folder) => postJson(`${server.url}/api/projects`, { folder })));
    expect(replies.map((r) => r.status)).toEqual(folders.map(() => 403));
    // With the folder's own spelling taken out, every body is the same text.
    const bodies = replies.map((r, i) => r.text.replaceAll(JSON.stringify(folders[i]).slice(1, -1), '<folder>'));
    expect(new Set(bodies).size).toBe(1);
    expect(replies[0]!.json).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(replies[0]!.json.message).toContain('is outside the allowed roots');
  });

  it('still tells a missing folder inside the allowed roots from a file there', async () => {
    expect((await postJson(`${server.url}/api/projects`, { folder: path.join(allowed, 'nope') })).status).toBe(404);
    expect((await postJson(`${server.url}/api/projects`, { folder: path.join(allowed, 'lib', 'a.py') })).status).toBe(400);
    expect((await postJson(`${server.url}/api/projects`, { folder: allowed })).status).toBe(201);
  });
});
