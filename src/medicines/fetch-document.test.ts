import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { fetchPdf } from './fetch-document.js';
import { importMedicines } from './importer.js';
import { makeTree } from '../test-support/temp-tree.js';
import { makePdf } from '../test-support/pdf.js';
import { MEDICINES_FIXTURES, PIL_PAGES, SUKL_FIXTURES } from '../test-support/medicines.js';

// SÚKL's document download cannot be reached from here; this local server
// replays its wire format (GET ?file=NAME&type=pil|spc -> application/pdf),
// failing the first request of each file with 503 to exercise the retry.
const requests: string[] = [];
let server: http.Server;
let base: string;
const pdf = makePdf(PIL_PAGES);

beforeAll(async () => {
  const failedOnce = new Set<string>();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = url.searchParams.get('file') ?? '';
    requests.push(`${file}:${url.searchParams.get('type')}`);
    if (file === 'slow.pdf') return void setTimeout(() => res.end(pdf), 2000);
    if (!/^(PI|SPC)\d+\.pdf$/.test(file)) { res.statusCode = 404; return void res.end('not found'); }
    if (!failedOnce.has(file)) { failedOnce.add(file); res.statusCode = 503; return void res.end('busy'); }
    res.setHeader('content-type', 'application/pdf');
    res.end(pdf);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/download.php?file={file}&type={type}`;
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
