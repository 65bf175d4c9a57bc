/**
 * The web page's live search (ripgrep/fd over the served folder, no index)
 * in a real browser against the built `quarry serve` on a tree without a
 * medicines registry: list_files with a file name regex and a file glob at
 * once, the listing as a table, content hits with context lines, and the
 * navigation, which offers no medicines tab when nothing was imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, launchBrowser, pageTreeFiles, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';

const POLL = { timeout: 10_000 };

describe.skipIf(!CHROMIUM.present)('web page: live search (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  beforeAll(async () => {
    const files = pageTreeFiles();
    files['notes/todo.txt'] = 'note-05 is not a markdown file\n';
    files['notes/note-0x.txt'] = 'a text note\n';
    server = await startServe(makeTree(files), ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    base = new URL(server.url).origin;
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  /** The listed paths: the listing table's path column. */
  const listedPaths = async () => (await browser.page.locator('[data-listing] td.path-cell').allTextContents()).sort();

  it('list_files keeps both the file name regex and the file glob', async () => {
    const { page } = browser;
    await page.goto(`${base}/live?tool=list_files&q=${encodeURIComponent('^note-0')}&roots=.&glob=${encodeURIComponent('*.md')}`);
    await page.waitForSelector('.live-result');
    await expect.poll(listedPaths, POLL).toEqual(Array.from({ length: 10 }, (_, i) => `notes/note-0${i}.md`));
    // A glob that is not a bare extension is checked on the page, after fd's regex.
    await page.goto(`${base}/live?tool=list_files&q=${encodeURIComponent('^note-0')}&roots=.&glob=${encodeURIComponent('notes/*.txt')}`);
    await page.waitForSelector('.live-result');
    await expect.poll(listedPaths, POLL).toEqual(['notes/note-0x.txt']);
    // The glob alone is a glob.
    await page.goto(`${base}/live?tool=list_files&roots=src&glob=${encodeURIComponent('c*.ts')}`);
    await page.waitForSelector('.live-result');
    await expect.poll(listedPaths, POLL).toEqual(['src/shapes/circle.ts']);
  });

  it('list_files is a table of path, size and modified time whose files open in the file view', async () => {
    const { page } = browser;
    await page.goto(`${base}/live?tool=list_files&roots=src`);
    await page.waitForSelector('[data-listing]');
    expect(await page.locator('[data-listing] th').allTextContents()).toEqual(['Path', 'Size', 'Modified']);
    const row = page.locator('[data-listing] tr', { hasText: 'src/shapes/shape.ts' });
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe(`${pageTreeFiles()['src/shapes/shape.ts']!.length} B`);
    expect(cells[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // A folder lists its own entries; a file opens in the file view.
    expect(await page.getAttribute('[data-listing] a:text-is("src/shapes/")', 'href')).toBe('/live?tool=list_files&roots=src%2Fshapes');
    expect(await page.locator('.live-result pre.json').isVisible()).toBe(false);
    for (const theme of ['light', 'dark']) {
      await page.goto(`${base}/live?tool=list_files&roots=src&theme=${theme}`);
      await page.waitForSelector('[data-listing]');
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.click('[data-listing] a:text-is("src/shapes/shape.ts")');
    await page.waitForSelector('.file-view .code');
    expect(page.url()).toContain('/file?path=src%2Fshapes%2Fshape.ts');
  });

  it('search_content shows each match with its context lines, merged where they touch, linked to the file view', async () => {
    const { page } = browser;
    // Lines 4 and 6 match; with two lines of context each, lines 2-8 show once, in order.
    await page.goto(`${base}/live?tool=search_content&q=${encodeURIComponent('super|return')}&roots=src%2Fshapes&glob=circle.ts&context=2`);
    await page.waitForSelector('.live-result tr.match');
    const lines = await page.locator('.live-result tr[data-line]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-line')}:${r.className}`));
    expect(lines).toEqual(['2:context', '3:context', '4:match', '5:context', '6:match', '7:context', '8:context']);
    expect(await page.locator('.live-result tr.match mark').allTextContents()).toEqual(['super', 'return']);
    expect(await page.textContent('.live-result .file-head')).toContain('2 matches');
    await page.goto(`${base}/live?tool=search_content&q=${encodeURIComponent('needle number 7 ')}&roots=notes&context=1`);
    await page.waitForSelector('.live-result tr.match');
    expect(await page.locator('.live-result tr[data-line]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-line')))).toEqual(['2', '3']);
    expect(await page.getAttribute('.live-result tr.match .ln a', 'href')).toBe('/file?path=notes%2Fnote-07.md#L3');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('offers no medicines tab where no registry is imported', async () => {
    const { page } = browser;
    await page.goto(`${base}/`);
    // The navigation is complete once the page knows the served tools.
    await page.waitForSelector('nav[aria-label="Main"][data-groups-known]');
    expect(await page.locator('nav[aria-label="Main"] a').allTextContents()).toEqual(['Search', 'Structural search', 'Live search', 'Projects']);
    // Reached by its address, the medicines view says how to get the registry instead of failing on an unknown tool.
    await page.goto(`${base}/medicines?tab=hledani&q=paralen`);
    await page.waitForSelector('[data-not-served]');
    expect(await page.textContent('[data-not-served]')).toContain('quarry medicines import DLP.zip LEKARNY.zip --root DIR');
    expect(await page.locator('.error').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

if (!CHROMIUM.present) describe('web page: live search', () => { it.skip(CHROMIUM.skipReason, () => {}); });
