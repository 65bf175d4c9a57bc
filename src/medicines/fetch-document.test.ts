import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { fetchDocument, fetchPdf } from './fetch-document.js';
import { importMedicines } from './importer.js';
import { makeTree } from '../test-support/temp-tree.js';
import { makePdf } from '../test-support/pdf.js';
import { MEDICINES_FIXTURES, PIL_PAGES, SUKL_FIXTURES } from '../test-support/medicines.js';

// SÚKL's document download cannot be reached from here; this local server
// replays its wire format (GET ?file=NAME&type=pil|spc -> application/pdf),
// failing the first request of each file with 503 to exercise the retry.
// A few file names stand for the hostile answers the fetcher must fence off.
const requests: string[] = [];
let server: http.Server;
let base: string;
let port: number;
const pdf = makePdf(PIL_PAGES);
const docUrl = (file: string, type = 'pil') => base.replace('{file}', file).replace('{type}', type);
const requested = (file: string) => requests.filter((r) => r.startsWith(`${file}:`)).length;

beforeAll(async () => {
  const failedOnce = new Set<string>();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = url.searchParams.get('file') ?? '';
    requests.push(`${file}:${url.searchParams.get('type')}`);
    if (file === 'slow.pdf') return void setTimeout(() => res.end(pdf), 2000);
    // Same host, another path: followed.
    if (file === 'moved.pdf') { res.writeHead(302, { location: '/download.php?file=SPC900.pdf&type=spc' }); return void res.end(); }
    // The same server under another host name: not SÚKL's host, refused.
    if (file === 'away.pdf') { res.writeHead(302, { location: `http://localhost:${port}/download.php?file=PI901.pdf&type=pil` }); return void res.end(); }
    if (file === 'loop.pdf') { res.writeHead(302, { location: req.url }); return void res.end(); }
    // A body with no Content-Length that streams past the cap.
    if (file === 'huge.pdf') {
      res.setHeader('content-type', 'application/pdf');
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024, 0x20));
      return void res.end();
    }
    if (file === 'declared-huge.pdf') { res.writeHead(200, { 'content-length': String(100 * 1024 * 1024) }); return void res.end(); }
    if (file === 'once.pdf') { res.setHeader('content-type', 'application/pdf'); return void setTimeout(() => res.end(pdf), 50); }
    if (!/^(PI|SPC)\d+\.pdf$/.test(file)) { res.statusCode = 404; return void res.end('not found'); }
    if (!failedOnce.has(file)) { failedOnce.add(file); res.statusCode = 503; return void res.end('busy'); }
    res.setHeader('content-type', 'application/pdf');
    res.end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}/download.php?file={file}&type={type}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('online PIL/SPC fetching (opt-in)', () => {
  it('is off by default: no request leaves, the answer says how to get the text', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [SUKL_FIXTURES, MEDICINES_FIXTURES] });
    const ctx = new ToolContext({ root, env: { QUARRY_SUKL_DOCS_URL: base } });
    const body = await callTool('get-spc-content', { sukl_code: '3813' }, ctx) as any;
    ctx.close();
    expect(body.text_available).toBe(false);
    expect(requests).toEqual([]);
  });

  it('when enabled, fetches the PDF (retrying a 503), returns its sections and keeps them', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [SUKL_FIXTURES, MEDICINES_FIXTURES] });
    const ctx = new ToolContext({ root, env: { QUARRY_SUKL_FETCH: '1', QUARRY_SUKL_DOCS_URL: base } });
    const first = await callTool('get-spc-content', { sukl_code: '3813' }, ctx) as any;
    expect(first).toMatchObject({ fetched_online: true, text_available: true, section_count: 7 });
    expect(requests.filter((r) => r === 'SPC200100.pdf:spc')).toHaveLength(2);
    const again = await callTool('get-spc-content', { sukl_code: '3813', query: 'davkovani' }, ctx) as any;
    expect(again.fetched_online).toBeUndefined();
    expect(again.matching_sections).toBe(1);
    expect(requests.filter((r) => r === 'SPC200100.pdf:spc')).toHaveLength(2);
    ctx.close();
  });

  it('does not retry a 404 and stops a slow server at the timeout', async () => {
    const before = requests.length;
    await expect(fetchPdf(base.replace('{file}', 'missing.pdf').replace('{type}', 'pil'), { attempts: 3, backoffMs: 1 })).rejects.toThrow(/after 1 attempt\(s\): HTTP 404/);
    expect(requests.length - before).toBe(1);
    await expect(fetchPdf(base.replace('{file}', 'slow.pdf').replace('{type}', 'pil'), { attempts: 2, timeoutMs: 200, backoffMs: 1 })).rejects.toThrow(/after 2 attempt\(s\)/);
  });
});

describe('online fetch limits', () => {
  it('follows a redirect on the SÚKL host, refuses one to another host without requesting it', async () => {
    expect(Buffer.from(await fetchPdf(docUrl('moved.pdf'), { attempts: 2, backoffMs: 1 })).equals(pdf)).toBe(true);
    const error = await fetchPdf(docUrl('away.pdf'), { attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
    expect(error.message).toBe(`The document ${docUrl('away.pdf')} redirects to http://localhost:${port}/download.php?file=PI901.pdf&type=pil, which is not the SÚKL host 127.0.0.1:${port}; the redirect was not followed.`);
    expect(requested('PI901.pdf')).toBe(0);
    expect(requested('away.pdf')).toBe(1);
    await expect(fetchPdf(docUrl('loop.pdf'), { attempts: 1 })).rejects.toThrow(/redirects more than 5 times/);
  });

  it('cuts a body that streams past the cap, and refuses a declared oversize body, with a clear error in the caller\'s language', async () => {
    const cut = await fetchPdf(docUrl('huge.pdf'), { maxBytes: 4096, attempts: 3, backoffMs: 1 }).catch((e) => e);
    expect(cut).toMatchObject({ code: 'LIMIT_EXCEEDED', message: `The document ${docUrl('huge.pdf')} is larger than 4096 bytes; the download was stopped.` });
    expect(requested('huge.pdf')).toBe(1);
    const declared = await fetchPdf(docUrl('declared-huge.pdf'), { locale: 'cs' }).catch((e) => e);
    expect(declared).toMatchObject({ code: 'LIMIT_EXCEEDED', message: `Dokument ${docUrl('declared-huge.pdf')} je větší než 20971520 bajtů; stahování bylo přerušeno.` });
  });

  it('merges concurrent fetches of one document into one request', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => fetchDocument(docUrl('once.pdf'))));
    expect(requested('once.pdf')).toBe(1);
    for (const bytes of [a, b, c]) expect(Buffer.from(bytes!).equals(pdf)).toBe(true);
  });

  it('answers a recent failure from memory, and asks again once it expired', async () => {
    const first = await fetchDocument(docUrl('gone.pdf'), { attempts: 1 }).catch((e) => e);
    expect(first.message).toMatch(/after 1 attempt\(s\): HTTP 404/);
    const again = await fetchDocument(docUrl('gone.pdf'), { attempts: 1 }).catch((e) => e);
    expect(again).toBe(first);
    expect(requested('gone.pdf')).toBe(1);
    await fetchDocument(docUrl('gone2.pdf'), { attempts: 1, failureCacheMs: 0 }).catch(() => undefined);
    await fetchDocument(docUrl('gone2.pdf'), { attempts: 1, failureCacheMs: 0 }).catch(() => undefined);
    expect(requested('gone2.pdf')).toBe(2);
  });

  it('two concurrent tool calls for one SPC make one request and store its sections once', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [SUKL_FIXTURES, MEDICINES_FIXTURES] });
    const ctx = new ToolContext({ root, env: { QUARRY_SUKL_FETCH: '1', QUARRY_SUKL_DOCS_URL: base } });
    const before = requested('SPC200101.pdf');
    const answers = await Promise.all([0, 1].map(() => callTool('get-spc-content', { sukl_code: '3850' }, ctx) as Promise<any>));
    const after = await callTool('get-spc-content', { sukl_code: '3850' }, ctx) as any;
    ctx.close();
    // One failed attempt (the replayed 503) and its retry: two requests for both calls together.
    expect(requested('SPC200101.pdf') - before).toBe(2);
    for (const body of answers) expect(body).toMatchObject({ text_available: true, section_count: 7 });
    expect(after.section_count).toBe(7);
  });
});
