import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

/** About `bytes` of plain JavaScript: many small functions, each calling the next (symbols and edges to extract). */
function javascript(bytes: number, name: string): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `function ${name}${i}(request, reply) {\n  const value = request.body.items.map((item) => item.price * ${i}).reduce((a, b) => a + b, 0);\n  return reply.send(${name}${i + 1}(value));\n}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/** Polls /healthz every 50 ms while `work` runs; the slowest answer, in ms (a frozen event loop answers late or never). */
async function slowestHealthDuring<T>(base: string, work: Promise<T>): Promise<{ result: T; slowestMs: number; polls: number }> {
  let done = false;
  const finished = work.finally(() => { done = true; });
  let slowestMs = 0;
  let polls = 0;
  while (!done) {
    const started = performance.now();
    const reply = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(20_000) });
    expect(reply.status).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    polls++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { result: await finished, slowestMs, polls };
}

const QUOTA_MB = 12;

describe('quarry serve: uploads are prepared off the serving thread, within a per-project quota', () => {
  let server: ServerProcess;
  let project: string;
  const big = javascript(9_900_000, 'handler');

  beforeAll(async () => {
    server = await startServe(makeTree({ 'README.md': '# Served\n' }), [], 30_000, { QUARRY_UPLOAD_QUOTA_MB: String(QUOTA_MB) });
    project = (await postJson(`${server.url}/api/projects`, { name: 'uploads' })).json.id;
  });
  afterAll(async () => { await server?.stop(); });

  it('a 9.9 MB upload does not hold /healthz', async () => {
    // Serialised before the clock starts: this process's own JSON.stringify would hold its polls too.
    const body = JSON.stringify({ path: 'src/big.js', content: big });
    const { result, slowestMs, polls } = await slowestHealthDuring(server.url, postJson(`${server.url}/api/projects/${project}/files`, body));
    expect(result.status, result.text).toBe(201);
    expect(result.json.chunks).toBeGreaterThan(100);
    console.log(`upload of ${big.length} bytes: /healthz answered ${polls} times, slowest ${Math.round(slowestMs)} ms`);
    expect(polls).toBeGreaterThan(3);
    expect(slowestMs).toBeLessThan(1_500);
  });

  it('past the quota the upload is refused with 413 and the catalogue message; replacing a file counts it once', async () => {
    const refused = await postJson(`${server.url}/api/projects/${project}/files`, { path: 'src/more.js', content: javascript(3_000_000, 'extra') });
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'payload_too_large' });
    expect(refused.json.message).toMatch(new RegExp(`past its quota of ${QUOTA_MB * 1024 * 1024} bytes \\(\\d+ bytes stored\\)`));
    const replaced = await postJson(`${server.url}/api/projects/${project}/files`, { path: 'src/big.js', content: big.replaceAll('handler', 'endpoint') });
    expect(replaced.status, replaced.text).toBe(200);
    // The refused upload left nothing behind.
    const search = await postJson(`${server.url}/api/projects/${project}/search`, { query: 'extra0' });
    expect(search.json.total_results).toBe(0);
  });

  it('a refusal made in the upload worker comes back as the same catalogue error', async () => {
    const binary = await postJson(`${server.url}/api/projects/${project}/files`, { path: 'bin/blob.dat', content: 'a\u0000b' });
    expect(binary.status).toBe(400);
    expect(binary.json).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'File content is binary (contains NUL bytes); only text is indexed.' });
    // The worker is still there for the next upload.
    expect((await postJson(`${server.url}/api/projects/${project}/files`, { path: 'notes.md', content: '# notes\n' })).status).toBe(201);
  });

  it('messages count against the same quota', async () => {
    const conversation = (await postJson(`${server.url}/api/projects/${project}/conversations`, { title: 'notes' })).json.id;
    const message = await postJson(`${server.url}/api/projects/${project}/conversations/${conversation}/messages`, { speaker: 'user', content: 'x '.repeat(1_500_000) });
    expect(message.status).toBe(413);
  });
});
