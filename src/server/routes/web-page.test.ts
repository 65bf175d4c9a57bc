/**
 * The web page in a real browser (chromium via playwright-core) against the
 * built `quarry serve` on a real indexed tree: search with filters, paging
 * and highlights, the keyboard flow, the file view with references, the CSP
 * and first-load budget, and the axe-core report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB } from '../../contracts/limits.js';
import { CHROMIUM, axeViolations, launchBrowser, pageTreeFiles, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';
// The build's own first-load measure (a plain ESM script, type-checked with checkJs).
import { firstLoad } from '../../../web/scripts/first-load.mjs';

/** Polls wait as the project page's do: the suite runs two test files at once, one of them may be building an index. */
const POLL = { timeout: 10_000 };

describe.skipIf(!CHROMIUM.present)('web page: search and file view (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let served: string;
  beforeAll(async () => {
    served = makeTree(pageTreeFiles());
    server = await startServe(served, ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('serves the page under a CSP without inline script, within the first-load budget', async () => {
    const response = await fetch(`${server.url.replace(/\/mcp$/, '')}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const load = firstLoad();
    console.log(`web first load: ${(load.gzip / 1024).toFixed(1)} KB gzipped JS+CSS`);
    expect(load.gzip).toBeLessThanOrEqual(WEB.firstLoadMaxGzipBytes);
  });

  it('searches as you type, groups by file, highlights matches, keeps filters in the URL, pages with next_cursor', async () => {
    const { page } = browser;
    const base = origin(server);
    await page.goto(`${base}/`);
    await page.waitForSelector('[data-search-box]');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await page.keyboard.type('needle');
    await page.waitForSelector('[data-total]');
    expect(page.url()).toContain('q=needle');
    await expect.poll(() => page.textContent('[data-total]'), POLL).toMatch(/^30 results in \d+ ms · page 1/);
    await expect.poll(() => page.locator('.file').count(), POLL).toBe(20); // the first hits render with the answer, the rest just after
    expect(await page.locator('.file mark').first().textContent()).toBe('needle');
    // Hits show plain first and are syntax-coloured just after; the match stays marked.
    await page.waitForSelector('.file .hljs-section');
    expect(await page.locator('.file mark').first().textContent()).toBe('needle');
    await page.click('text=Next page');
    await expect.poll(() => page.textContent('[data-total]'), POLL).toContain('page 2');
    await expect.poll(() => page.locator('.file').count(), POLL).toBe(10); // the first hits render with the answer, the rest just after
    const files = await page.locator('.file-head a').allTextContents();
    expect(files).toContain('notes/note-29.md');

    await page.selectOption('label:has-text("Mode") select', 'exact');
    await page.fill('label:has-text("Path glob") input', 'notes/note-0*.md');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.textContent('[data-total]'), POLL).toContain('of 20 on this page match notes/note-0*.md');
    await expect.poll(() => page.locator('.file').count(), POLL).toBe(10); // the first hits render with the answer, the rest just after
    expect(page.url()).toContain('mode=exact');
    await page.reload();
    await page.waitForSelector('[data-total]');
    expect(await page.inputValue('label:has-text("Path glob") input')).toBe('notes/note-0*.md');
    expect(await page.inputValue('label:has-text("Mode") select')).toBe('exact');
  });

  it('shows suggestions as links when nothing is found', async () => {
    const { page } = browser;
    await page.goto(`${origin(server)}/?q=zzqqxxnothing&mode=exact&lang=typescript`);
    await page.waitForSelector('.suggestions');
    expect(await page.textContent('.suggestions')).toContain('Nothing found for zzqqxxnothing');
    await page.click('text=Search without filters');
    expect(page.url()).not.toContain('lang=');
  });

  it('moves through results with j/k and opens one with Enter', async () => {
    const { page } = browser;
    await page.goto(`${origin(server)}/?q=totalArea`);
    await page.waitForSelector('[data-hit]');
    await page.locator('main').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('j');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(first).toMatch(/^\/file\?path=src%2Fmain\.ts#L\d+/);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.file-view .code');
    expect(page.url()).toContain('/file?path=src%2Fmain.ts');
  });

  it('file view: whole file, line anchors, outline and references', async () => {
    const { page } = browser;
    await page.goto(`${origin(server)}/file?path=src%2Fshapes%2Fshape.ts#L3-L5`);
    await page.waitForSelector('.file-view .code');
    expect(await page.locator('.file-view tr').count()).toBe(7);
    expect(await page.locator('tr.sel').count()).toBe(3);
    await page.click('.outline button:has-text("Shape")');
    await page.waitForSelector('.refs h3');
    const refs = await page.textContent('.refs');
    expect(refs).toContain('Subclasses (1)');
    expect(refs).toContain('src/shapes/circle.ts:3');
    await page.click('.refs a:has-text("src/shapes/circle.ts:3")');
    await page.waitForSelector('tr.sel');
    expect(page.url()).toContain('circle.ts#L3');
  });

  it('refuses a path outside the root with the catalogue words', async () => {
    const { page } = browser;
    await page.goto(`${origin(server)}/file?path=..%2F..%2Fetc%2Fpasswd`);
    await page.waitForSelector('.error');
    expect(await page.textContent('.error')).toContain('PATH_OUTSIDE_ROOT');
  });

  it('keeps a hidden file out of the file view until the reader asks for it explicitly', async () => {
    const { page } = browser;
    fs.writeFileSync(path.join(served, '.env.local'), 'PAGE_SECRET=swordfish\n');
    await page.goto(`${origin(server)}/file?path=.env.local`);
    await page.waitForSelector('.error');
    expect(await page.textContent('.error')).toContain('is hidden');
    expect(await page.textContent('.file-view')).not.toContain('swordfish');
    await page.click('text=Show this hidden or ignored file anyway');
    await page.waitForSelector('.file-view .code');
    expect(page.url()).toContain('hidden=true');
    expect(await page.textContent('.file-view .code')).toContain('PAGE_SECRET=swordfish');
    // A file that is simply missing offers no such link.
    await page.goto(`${origin(server)}/file?path=src%2Fnope.ts`);
    await page.waitForSelector('.error');
    expect(await page.locator('text=Show this hidden or ignored file anyway').count()).toBe(0);
  });

  it('has no axe-core A/AA violations on search and file views, in both themes', async () => {
    const { page } = browser;
    for (const theme of ['light', 'dark']) {
      await page.goto(`${origin(server)}/?q=area&theme=${theme}`);
      await page.waitForSelector('[data-hit]');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${origin(server)}/file?path=src%2Fmain.ts&theme=${theme}`);
      await page.waitForSelector('.file-view .code');
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});

describe.skipIf(!CHROMIUM.present)('web page with a bearer token (chromium)', () => {
  const token = 'web-page-test-token-0123456789';
  let server: ServerProcess;
  let browser: BrowserSession;
  beforeAll(async () => {
    server = await startServe(makeTree(pageTreeFiles()), ['--refresh', 'off', '--token', token]);
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('takes the token from the fragment, drops it from the address bar, searches with it, never logs it', async () => {
    const { page } = browser;
    const base = origin(server);
    expect((await fetch(`${base}/api/tools`)).status).toBe(401);
    await page.goto(`${base}/?q=Circle#token=${token}`);
    await page.waitForSelector('[data-hit]');
    expect(page.url()).not.toContain(token);
    expect(JSON.stringify(server.lines())).not.toContain(token);
  });
});

if (!CHROMIUM.present) describe('web page', () => { it.skip(CHROMIUM.skipReason, () => {}); });

function origin(server: ServerProcess): string {
  return new URL(server.url).origin;
}
