/**
 * The web page's medicines (Czech, on the committed SÚKL fixtures), projects
 * (create, upload with progress from the live event stream, delete) and live
 * search views in a real browser, at desktop and phone width, with the
 * axe-core report for each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, importMedicines, launchBrowser, pageTreeFiles, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';

describe.skipIf(!CHROMIUM.present)('web page: medicines, projects, live search (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  beforeAll(async () => {
    const root = makeTree(pageTreeFiles());
    await importMedicines(root);
    server = await startServe(root, ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    base = new URL(server.url).origin;
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('medicines: the tab is in the navigation where a registry is imported; search ignoring diacritics, details, availability and a batch check, in Czech', async () => {
    const { page } = browser;
    await page.goto(`${base}/`);
    await page.click('nav[aria-label="Main"] a:has-text("Léčiva (SÚKL)")');
    expect(page.url()).toBe(`${base}/medicines`);
    await page.goto(`${base}/medicines?tab=hledani&q=paralen`);
    await page.waitForSelector('[data-total]');
    expect(await page.textContent('[data-total]')).toBe('Nalezeno 4 přípravků.');
    expect(await page.getAttribute('section[lang]', 'lang')).toBe('cs');
    await page.click('a:has-text("0003813")');
    await page.waitForSelector('#detail-name');
    expect(await page.textContent('#detail-name')).toContain('PARALEN EXTRA PROTI BOLESTI');
    expect(await page.textContent('.facts')).toContain('PARACETAMOL 500 MG, KOFEIN 65 MG');
    await page.click('text=Ověřit dostupnost');
    await page.waitForSelector('[data-availability]');
    expect(await page.textContent('[data-availability]')).toContain('dostupný');
    await page.fill('#batch-codes', '0003813\n0003924, 9999999');
    await page.click('text=Zkontrolovat');
    await page.waitForSelector('[data-batch]');
    expect(await page.textContent('[data-batch]')).toContain('Zadáno 3, nalezeno 2. Nenalezeno: 9999999.');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('medicines: the ATC tree opens level by level, pharmacies show opening hours', async () => {
    const { page } = browser;
    await page.goto(`${base}/medicines?tab=atc`);
    await page.click('[data-atc="N"] > button');
    await page.waitForSelector('[data-atc="N02"]');
    await page.click('[data-atc="N02"] > button');
    await page.waitForSelector('[data-atc="N02B"]');
    expect(await page.getAttribute('[data-atc="N02"] > button', 'aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${base}/medicines?tab=lekarny&mesto=Plzen`);
    await page.waitForSelector('.hours');
    expect(await page.textContent('.cards')).toContain('pondělí');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('projects: create, upload files with progress, the live counts grow, delete', async () => {
    const { page } = browser;
    await page.goto(`${base}/projects`);
    await page.waitForSelector('[data-project="proj_default"]');
    await page.fill('label:has-text("Name") input', 'uploads');
    await page.click('button:has-text("Create")');
    await page.waitForSelector('text=Created uploads');
    // The new project reaches the upload form's list through the event stream.
    await expect.poll(() => page.inputValue('label:has-text("Project") select')).toMatch(/^proj_/);
    const id = await page.inputValue('label:has-text("Project") select');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-upload-'));
    const files = ['a.md', 'b.ts', 'c.txt'].map((name, i) => {
      fs.writeFileSync(path.join(dir, name), `upload number ${i}\nfunction f${i}() { return ${i}; }\n`);
      return path.join(dir, name);
    });
    await page.setInputFiles('input[type=file]', files);
    await page.click('button:has-text("Upload")');
    await page.waitForSelector('text=Uploaded 3 of 3');
    // The count comes from the server's event stream, not from the page's own tally.
    await expect.poll(() => page.textContent(`[data-project="${id}"] [data-files]`), { timeout: 10_000 }).toBe('3');
    expect(await axeViolations(page)).toEqual([]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click(`[data-project="${id}"] button:has-text("Delete")`);
    await expect.poll(() => page.locator(`[data-project="${id}"]`).count(), { timeout: 10_000 }).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('projects: a refused folder shows the catalogue message', async () => {
    const { page } = browser;
    await page.goto(`${base}/projects`);
    await page.fill('label:has-text("Folder") input', '/etc');
    await page.click('button:has-text("Create")');
    await page.waitForSelector('.error');
    expect(await page.textContent('.error')).toContain('is outside the allowed roots');
  });

  it('live search: ripgrep grouped by file with marks, and the total-only format', async () => {
    const { page } = browser;
    await page.goto(`${base}/live?tool=search_content&q=needle&roots=notes&format=group_by_file`);
    await page.waitForSelector('.live-result mark');
    expect(await page.textContent('[data-live-total]')).toContain('30 matches in 30 files');
    await page.goto(`${base}/live?tool=search_content&q=needle&roots=.&format=total_only`);
    await page.waitForSelector('[data-live-total]');
    expect(await page.textContent('[data-live-total]')).toContain('Total: 30');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('works at phone width with no axe violations', async () => {
    const phone = await launchBrowser({ width: 375, height: 740 });
    try {
      await phone.page.goto(`${base}/?q=Circle&theme=dark`);
      await phone.page.waitForSelector('[data-hit]');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(phone.page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

if (!CHROMIUM.present) describe('web page (medicines, projects)', () => { it.skip(CHROMIUM.skipReason, () => {}); });
