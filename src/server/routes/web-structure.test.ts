/**
 * The web page's structural search in a real browser: a pattern from the
 * URL, the matches by file with their captures and links into the file view,
 * a catalogue error for a pattern that does not parse, and the axe-core report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, launchBrowser, type BrowserSession } from '../../test-support/browser.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';
import { copyFixture } from '../../test-support/temp-tree.js';

describe.skipIf(!CHROMIUM.present)('web page: structural search (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  beforeAll(async () => {
    server = await startServe(copyFixture('structure'), ['--mcp-rate-limit', '10000'], 30_000, { QUARRY_INDEX_WAIT_MS: '120000' });
    base = new URL(server.url).origin;
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('lists the matches of a pattern by file, with captures and links to their lines', async () => {
    const { page } = browser;
    await page.goto(`${base}/structure?q=${encodeURIComponent('kmalloc_array($N, $S, $F)')}&lang=c`);
    await page.waitForSelector('[data-structure-total]');
    expect(await page.textContent('[data-structure-total]')).toContain('3 of 3 matches, candidates by “kmalloc_array”');
    const rows = await page.$$eval('[data-structure-match]', (items) => items.map((li) => li.textContent));
    expect(rows[0]).toBe('10:13 kmalloc_array(count, size, GFP_KERNEL) N=count S=size F=GFP_KERNEL');
    expect(await page.getAttribute('[data-structure-match] a', 'href')).toBe('/file?path=c%2Fpool.c#L10-L10');
    expect(await page.getAttribute('nav a[href="/structure"]', 'aria-current')).toBe('page');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the catalogue\'s words for a pattern that does not parse', async () => {
    const { page } = browser;
    await page.fill('[data-search-box]', 'g(');
    await page.click('button:has-text("Search")');
    await page.waitForSelector('[role=alert]');
    expect(await page.textContent('[role=alert]')).toContain('pattern does not parse as c: it has a syntax error at "g("');
  });
});
