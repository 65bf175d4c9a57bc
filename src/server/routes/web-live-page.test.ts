/**
 * The web page's live search (ripgrep/fd over the served folder, no index)
 * in a real browser against the built `quarry serve` on a tree without a
 * medicines registry: list_files with a file name regex and a file glob at
 * once, the listing as a table, content hits with context lines, and the
 * navigation, which offers no medicines tab when nothing was imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser, pageTreeFiles, type BrowserSession } from '../../test-support/browser.js';
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

  /** The listed paths, whatever form the listing takes. */
  const listedPaths = async () => {
    const text = await browser.page.textContent('.live-result') ?? '';
    return [...new Set(text.match(/notes\/[\w.-]+|src\/[\w/.-]+/g) ?? [])].sort();
  };

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

  it('offers no medicines tab where no registry is imported', async () => {
    const { page } = browser;
    await page.goto(`${base}/`);
    // The navigation is complete once the served tools are known: the live search tab is always there.
    await page.waitForSelector('nav[aria-label="Main"] a[href="/live"]');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('nav[aria-label="Main"] a').allTextContents()).toEqual(['Search', 'Live search', 'Projects']);
  });
});

if (!CHROMIUM.present) describe('web page: live search', () => { it.skip(CHROMIUM.skipReason, () => {}); });
