import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../contracts/rest-api.js';
import { PROJECT_ROOT, runCli } from '../../test-support/cli.js';
import { postJson, startServe, type ServerProcess } from '../../test-support/http-server.js';
import { makeTree, writeTree } from '../../test-support/temp-tree.js';

/** Polls /healthz back to back until stopped; the slowest answer is how long the event loop was held. */
function pollHealth(base: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.text();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return { stop: async () => { running = false; await loop; return latencies; } };
}

/** Code-like files, enough for an index pass of several transactions. */
function bigTree(files: number): Record<string, string> {
  const tree: Record<string, string> = {};
  for (let f = 0; f < files; f++) {
    const lines: string[] = [];
    for (let l = 0; l < 120; l++) lines.push(`export function handler_${f}_${l}(value_${l}: number) { return compute_${(f * 7 + l) % 997}(value_${l}) + ${l}; }`);
    tree[`gen/file_${f}.ts`] = lines.join('\n');
  }
  return tree;
}

/** Another process holding the index's write lock for `ms` (as `quarry index` in a terminal would). */
function holdWriteLock(indexPath: string, ms: number): Promise<void> {
  const script = `
    const Database = require(${JSON.stringify(path.join(PROJECT_ROOT, 'node_modules', 'better-sqlite3'))});
    const db = new Database(${JSON.stringify(indexPath)});
    db.exec('BEGIN IMMEDIATE');
    db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('lock_holder', 'x')").run();
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', () => resolve());
    child.once('exit', (code) => { if (code !== 0) reject(new Error(`lock holder exited with ${code}`)); });
  });
}

describe('quarry serve: writes while the index is busy', () => {
  let served: string;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    served = makeTree({ 'README.md': '# served\n' });
    // No watch: the index passes here are started by the tests (a recursive fs.watch rescans big folders on the event loop).
    server = await startServe(served, ['--search-rate-limit', '1000', '--refresh', 'off']);
    base = server.url;
    expect((await fetch(`${base}/api/projects/proj_default`)).status).toBe(200); // first index built
  });
  afterAll(async () => { await server?.stop(); });

  it('stores every upload and message sent during a big index pass, and /healthz keeps answering', async () => {
    const files = 1000;
    writeTree(served, bigTree(files));
    // The pass runs in another process (`quarry index` on the same index): the serving process can only wait for its lock.
    const pass = runCli(['index', served], { timeoutMs: 150_000 });
    let passDone = false;
    void pass.then(() => { passDone = true; });
    await new Promise((r) => setTimeout(r, 1500));
    const health = pollHealth(base);
    const conversation = await postJson(`${base}/api/projects/proj_default/conversations`, { title: 'during indexing' });
    expect(conversation.status).toBe(201);
    const statuses: number[] = [];
    const bodies: string[] = [];
    const streams = Array.from({ length: 4 }, async (_, s) => {
      for (let i = 0; i < 10; i++) {
        const upload = await postJson(`${base}/api/projects/proj_default/files`, { path: `uploads/s${s}/u${i}.md`, content: `upload marker zebu${s}x${i}\n` });
        statuses.push(upload.status);
        if (upload.status !== 201) bodies.push(upload.text);
      }
      const added = await postJson(`${base}/api/projects/proj_default/conversations/${conversation.json.id}/messages`, { speaker: 'user', content: `message ${s}` });
      statuses.push(added.status);
    });
    await Promise.all(streams);
    const uploadsDoneDuringPass = !passDone;
    const indexed = await pass;
    const latencies = await health.stop();
    const worst = Math.max(...latencies);
    console.log(`uploads during an index pass of ${files} files: statuses ${[...new Set(statuses)].join(',')}; /healthz answers: ${latencies.length}, slowest ${worst.toFixed(0)} ms`);
    expect(indexed.code, indexed.stderr).toBe(0);
    expect(bodies).toEqual([]);
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(uploadsDoneDuringPass).toBe(true);
    const project = api.project.parse(await (await fetch(`${base}/api/projects/proj_default`)).json());
    expect(project.files).toBe(1 + files + 40);
    expect(project.messages).toBe(4);
    const found = await postJson(`${base}/api/projects/proj_default/search`, { query: 'zebu3x9' });
    expect(found.json.results.map((r: { path: string }) => r.path)).toEqual(['uploads/s3/u9.md']);
    expect(worst).toBeLessThan(1000);
  }, 200_000);

  it('answers 20 concurrent POST /api/projects for the served folder with the default project, 200', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => postJson(`${base}/api/projects`, { folder: '.' })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(replies.map((r) => r.json.id))).toEqual(new Set(['proj_default']));
    expect(api.projectList.parse(await (await fetch(`${base}/api/projects`)).json()).projects).toHaveLength(1);
  });

  it('creates a conversation without holding the event loop while another process holds the write lock', async () => {
    await holdWriteLock(path.join(served, '.quarry', 'index.db'), 2000);
    const health = pollHealth(base);
    const started = performance.now();
    const created = await postJson(`${base}/api/projects/proj_default/conversations`, { title: 'behind a lock' });
    const waited = performance.now() - started;
    const latencies = await health.stop();
    const worst = Math.max(...latencies);
    console.log(`conversation behind a 2 s lock: ${created.status} after ${waited.toFixed(0)} ms; /healthz slowest ${worst.toFixed(0)} ms of ${latencies.length}`);
    expect(created.status).toBe(201);
    expect(waited).toBeGreaterThan(1000); // it waited for the lock, and then it was stored
    expect(worst).toBeLessThan(500);
  }, 30_000);
});
