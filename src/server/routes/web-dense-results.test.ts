/**
 * Dense search results in a real browser (chromium) against the built
 * `quarry serve`: on a tree where each hit sits in a forty-line function,
 * the page shows the matching lines with a line of context instead of the
 * whole chunk, so the first screen at 1280×900 holds four files' hits; each
 * hit names its symbol, each file its match count; "Show all" opens the
 * chunk; a file's header stays in view while its hits scroll by. A regex
 * hit shows the context lines search_code sends with it, merged with the
 * file's next hit where they touch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, launchBrowser, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';

const POLL = { timeout: 10_000 };
const FILES = 8;

/** Eight handlers, each one function of 36 lines using `sessionToken` on its 3rd and 34th lines. */
function handlerTree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) {
    const body = ["import { store } from '../store';", '', `/** Handler ${i}: checks the session and answers. */`, `export function handle${i}(request: { headers: Record<string, string> }) {`];
    body.push(`  const sessionToken = request.headers['x-session-${i}'];`);
    for (let j = 0; j < 30; j++) body.push(`  const step${j} = store.read('key-${i}-${j}') ?? ${j};`);
    body.push("  if (!sessionToken) throw new Error('no session');", '  return { ok: true, total: step0 + step29 };', '}', '');
    files[`src/handlers/handler-${i}.ts`] = body.join('\n');
  }
  return files;
}

describe.skipIf(!CHROMIUM.present)('web page: dense search results (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  beforeAll(async () => {
    server = await startServe(makeTree(handlerTree()), ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    base = new URL(server.url).origin;
    browser = await launchBrowser({ width: 1280, height: 900 });
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  const open = async (query: string, theme = 'light') => {
    await browser.page.goto(`${base}/?q=${encodeURIComponent(query)}&theme=${theme}`);
    await expect.poll(() => browser.page.locator('.file').count(), POLL).toBe(FILES);
  };

  it('shows at least four files\' matching lines on the first screen at 1280×900', async () => {
    await open('sessionToken');
    const seen = await browser.page.locator('.file').evaluateAll((files) => files.filter((file) => {
      const mark = file.querySelector('mark');
      return mark !== null && mark.getBoundingClientRect().bottom <= window.innerHeight;
    }).length);
    expect(seen).toBeGreaterThanOrEqual(4);
  });

  it('shows each match with a line of context, the symbol it sits in, and the file\'s match count', async () => {
    await open('sessionToken');
    const file = browser.page.locator('.file', { hasText: 'src/handlers/handler-3.ts' });
    expect(await file.locator('.file-head').textContent()).toContain('2 matches');
    expect(await file.locator('[data-hit]').textContent()).toMatch(/^handle3 · lines 3–38$/);
    const lines = async () => file.locator('.code .ln').allTextContents();
    expect(await lines()).toEqual(['4', '5', '6', '35', '36', '37']);
    const more = file.locator('button.more');
    expect(await more.textContent()).toBe('Show all 36 lines');
    await more.click();
    await expect.poll(lines).toHaveLength(36);
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await more.click();
    await expect.poll(lines).toEqual(['4', '5', '6', '35', '36', '37']);
  });

  it('a regex hit is headed by its line and shows two lines of context each side, not the line alone', async () => {
    const { page } = browser;
    await page.goto(`${base}/?q=${encodeURIComponent('!sessionToken\\)')}&mode=regex`);
    await expect.poll(() => page.locator('.file').count(), POLL).toBe(FILES);
    const file = page.locator('.file', { hasText: 'handler-3.ts' });
    expect(await file.locator('[data-hit]').allTextContents()).toEqual(['Line 36']);
    expect(await file.locator('.code .ln').allTextContents()).toEqual(['34', '35', '36', '37', '38']);
    expect(await file.locator('.code tr', { has: page.locator('mark') }).locator('.ln').allTextContents()).toEqual(['36']);
  });

  it('regex hits whose context lines touch are shown as one piece, each line once', async () => {
    const { page } = browser;
    await page.goto(`${base}/?q=${encodeURIComponent('const step[01] =')}&mode=regex`);
    await expect.poll(() => page.locator('.file').count(), POLL).toBe(FILES);
    const file = page.locator('.file', { hasText: 'handler-3.ts' });
    expect(await file.locator('[data-hit]').allTextContents()).toEqual(['Lines 6, 7']);
    expect(await file.locator('.code .ln').allTextContents()).toEqual(['4', '5', '6', '7', '8', '9']);
    expect(await file.locator('.code tr', { has: page.locator('mark') }).locator('.ln').allTextContents()).toEqual(['6', '7']);
    expect(await file.locator('.file-head').textContent()).toContain('2 matches');
  });

  it('keeps a file\'s header in view while its hits scroll by', async () => {
    await open('sessionToken');
    const { page } = browser;
    const file = page.locator('.file').first();
    await file.locator('button.more').click();
    await expect.poll(() => file.locator('.code .ln').count()).toBe(36);
    const box = (await file.boundingBox())!;
    await page.evaluate((y) => window.scrollTo(0, y), box.y + 200);
    const head = await file.locator('.file-head').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(head)).toBeLessThanOrEqual(1);
  });

  it('has no axe-core A/AA violations, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      await open('sessionToken', theme);
      expect(await axeViolations(browser.page)).toEqual([]);
    }
  });
});

if (!CHROMIUM.present) describe('web page: dense search results', () => { it.skip(CHROMIUM.skipReason, () => {}); });
