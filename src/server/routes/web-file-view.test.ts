/**
 * The file view and the folder browser in a real browser (chromium) against
 * the built `quarry serve`: breadcrumbs whose folders open the folder
 * browser, a header that stays at the top, outline names shown whole, the
 * references panel in view beside the chosen symbol's line, the home view
 * (projects, example queries), the language facet from the index, and axe-core with both themes and at phone
 * width.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, launchBrowser, pageTreeFiles, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';

const LONG_CLASS = 'SecureCookieSessionInterfaceWithAVeryLongName';
const POLL = { timeout: 10_000 };

/** The page tree plus one long file: a class with a long name and eighty methods, then a subclass of Shape. */
function treeFiles(): Record<string, string> {
  const lines = [`export class ${LONG_CLASS} {`];
  for (let i = 0; i < 80; i++) lines.push(`  get_signing_serializer_${i}(): number { return ${i}; }`);
  lines.push('}', '', "import { Shape } from './shapes/shape';", 'export class Square extends Shape {', '  area(): number { return 1; }', '}', '');
  return { ...pageTreeFiles(), 'src/long.ts': lines.join('\n') };
}

describe.skipIf(!CHROMIUM.present)('web page: file view and folder browser (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  let root: string;
  beforeAll(async () => {
    root = makeTree(treeFiles());
    server = await startServe(root, ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    base = new URL(server.url).origin;
    browser = await launchBrowser({ width: 1280, height: 900 });
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('breadcrumbs lead to the folder browser, which lists folders then files and opens them', async () => {
    const { page } = browser;
    await page.goto(`${base}/file?path=src%2Fshapes%2Fcircle.ts`);
    await page.waitForSelector('.file-view .code');
    expect(await page.locator('.file-header .crumbs li').allTextContents()).toEqual(['root', 'src', 'shapes', 'circle.ts']);
    await page.click('.crumbs a:text-is("src")');
    await page.waitForSelector('[data-listing]');
    expect(page.url()).toBe(`${base}/folder?path=src`);
    expect(await page.locator('[data-listing] td.path-cell').allTextContents()).toEqual(['shapes/', 'long.ts', 'main.ts']);
    await page.click('[data-listing] a:text-is("shapes/")');
    await expect.poll(() => page.locator('[data-listing] td.path-cell').allTextContents()).toEqual(['circle.ts', 'shape.ts']);
    await page.click('.crumbs a:text-is("root")');
    await expect.poll(() => page.locator('[data-listing] td.path-cell').allTextContents()).toEqual(['notes/', 'src/']);
    await page.goto(`${base}/folder?path=src%2Fshapes`);
    await page.click('[data-listing] a:text-is("shape.ts")');
    await page.waitForSelector('.file-view .code');
    expect(page.url()).toBe(`${base}/file?path=src%2Fshapes%2Fshape.ts`);
  });

  it('keeps the header with the path at the top and shows outline names whole', async () => {
    const { page } = browser;
    await page.goto(`${base}/file?path=src%2Flong.ts`);
    await page.waitForSelector('.file-view .code');
    await page.evaluate(() => window.scrollTo(0, 1500));
    const header = await page.locator('.file-header').evaluate((el) => ({ top: el.getBoundingClientRect().top, text: el.textContent }));
    expect(Math.abs(header.top)).toBeLessThanOrEqual(1);
    expect(header.text).toContain('long.ts');
    const entry = page.locator('.outline li', { hasText: 'get_signing_serializer_79' });
    expect(await entry.locator('.name').textContent()).toBe(`${LONG_CLASS}.get_signing_serializer_79`);
    const fits = await entry.locator('.name').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    // The kind label stays on one line beside the name.
    expect(await entry.locator('.kind').evaluate((el) => el.getClientRects().length)).toBe(1);
  });

  it('shows the references panel in view beside the chosen symbol\'s line', async () => {
    const { page } = browser;
    await page.goto(`${base}/file?path=src%2Flong.ts`);
    await page.waitForSelector('.file-view .code');
    await page.click('.outline button:has-text("Square")');
    await page.waitForSelector('.refs h3');
    const inView = (selector: string) => page.locator(selector).first().evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await inView('.refs')).toBe(true);
    expect(await inView('tr.sel')).toBe(true);
    expect(await page.textContent('.refs')).toContain('src/long.ts:85');
  });

  it('home: the served project with its file count and index state, and example queries from the index that find something', async () => {
    const { page } = browser;
    await page.goto(`${base}/`);
    await expect.poll(() => page.textContent('[data-home-project="proj_default"] [data-counts]'), { timeout: 15_000 })
      .toMatch(/^34 files · \d+ chunks · ready$/);
    await page.waitForSelector('[data-examples] a');
    const examples = await page.locator('[data-examples] a').allTextContents();
    // The tree's own names by the files that call them: area (shape.ts, main.ts), then Circle and totalArea (main.ts).
    expect(examples).toEqual(['area', 'Circle', 'totalArea']);
    await page.click('[data-examples] a >> nth=0');
    await page.waitForSelector('[data-hit]');
    expect(page.url()).toContain(`q=${encodeURIComponent(examples[0]!)}`);
    for (const theme of ['light', 'dark']) {
      await page.goto(`${base}/?theme=${theme}`);
      await page.waitForSelector('[data-examples] a');
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('the language and repository filters offer what the index holds, with file counts; filters show as removable chips', async () => {
    const { page } = browser;
    await page.goto(`${base}/?q=area`);
    await page.waitForSelector('[data-hit]');
    const select = 'label:has-text("Language") select';
    await expect.poll(() => page.locator(`${select} option`).allTextContents(), POLL).toEqual(['any', 'markdown (30)', 'typescript (4)']);
    // The repository box suggests the index's repositories, with their file counts.
    expect(await page.locator('#repository-facet option').evaluateAll((options) => options.map((o) => `${(o as HTMLOptionElement).value}: ${o.textContent}`)))
      .toEqual([`${path.basename(root)}: 34 files`]);
    await page.selectOption(select, 'markdown');
    await expect.poll(() => page.url()).toContain('lang=markdown');
    await expect.poll(() => page.locator('.file-head a').allTextContents(), POLL).not.toContain('src/shapes/shape.ts');
    // Filters in force show as chips; a chip's button takes its filter away.
    await page.fill('label:has-text("Path glob") input', 'notes/*');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('.chips .chip').allTextContents(), POLL).toEqual(['Remove filter language: markdown ×', 'Remove filter path: notes/* ×']);
    await page.click('.chip:has-text("language: markdown")');
    await expect.poll(() => page.url()).not.toContain('lang=');
    expect(page.url()).toContain('path=notes');
    expect(await page.locator('.chips .chip').allTextContents()).toEqual(['Remove filter path: notes/* ×']);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no axe-core A/AA violations in the folder browser and file view, in both themes, and fits a phone', async () => {
    const { page } = browser;
    for (const theme of ['light', 'dark']) {
      await page.goto(`${base}/folder?path=src&theme=${theme}`);
      await page.waitForSelector('[data-listing]');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${base}/file?path=src%2Flong.ts&theme=${theme}`);
      await page.waitForSelector('.file-view .code');
      await page.click('.outline button:has-text("Square")');
      await page.waitForSelector('.refs h3');
      expect(await axeViolations(page)).toEqual([]);
    }
    const phone = await launchBrowser({ width: 375, height: 740 });
    try {
      await phone.page.goto(`${base}/folder?path=src%2Fshapes`);
      await phone.page.waitForSelector('[data-listing]');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await axeViolations(phone.page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

if (!CHROMIUM.present) describe('web page: file view and folder browser', () => { it.skip(CHROMIUM.skipReason, () => {}); });
