/**
 * @module web/scripts/screenshots
 * `npm run screenshots`: starts the built server on the page tests' tree
 * (with the committed SÚKL fixtures imported), opens each page in chromium
 * in both themes and writes PNGs to docs/screenshots/ for the docs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/test-support/cli.js';
import { CHROMIUM, importMedicines, launchBrowser, pageTreeFiles } from '../../src/test-support/browser.js';
import { startServe } from '../../src/test-support/http-server.js';

const OUT = path.join(PROJECT_ROOT, 'docs', 'screenshots');
const PAGES: { name: string; url: string; ready: string; then?: string; wait?: string }[] = [
  { name: 'home', url: '/', ready: '[data-examples] a' },
  { name: 'search', url: '/?q=area', ready: '[data-hit]' },
  { name: 'regex', url: `/?q=${encodeURIComponent('area\\(\\)')}&mode=regex`, ready: '[data-hit]' },
  { name: 'file', url: '/file?path=src%2Fshapes%2Fshape.ts#L3-L5', ready: '.file-view .code', then: '.outline button:has-text("Shape")', wait: '.refs h3' },
  { name: 'folder', url: '/folder?path=src', ready: '[data-listing]' },
  { name: 'live', url: '/live?tool=search_content&q=needle&roots=notes&format=group_by_file', ready: '.live-result mark' },
  { name: 'list', url: '/live?tool=list_files&roots=src', ready: '[data-listing]' },
  { name: 'projects', url: '/projects', ready: '[data-project="proj_default"]' },
  { name: 'medicines', url: '/medicines?tab=hledani&q=paralen', ready: '[data-total]' },
  { name: 'pharmacies', url: '/medicines?tab=lekarny&mesto=Plzen', ready: '.hours' },
];

async function main(): Promise<void> {
  if (!CHROMIUM.present) { console.error(CHROMIUM.skipReason); process.exit(1); }
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-shots-')));
  for (const [rel, text] of Object.entries(pageTreeFiles())) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  await importMedicines(root);
  const server = await startServe(root, ['--refresh', 'off']);
  const browser = await launchBrowser({ width: 960, height: 620 });
  try {
    fs.mkdirSync(OUT, { recursive: true });
    const base = new URL(server.url).origin;
    for (const theme of ['light', 'dark']) {
      for (const shot of PAGES) {
        const [pathPart, hash] = shot.url.split('#');
        await browser.page.goto(`${base}${pathPart}${pathPart!.includes('?') ? '&' : '?'}theme=${theme}${hash ? `#${hash}` : ''}`);
        await browser.page.waitForSelector(shot.ready);
        if (shot.then) { await browser.page.click(shot.then); await browser.page.waitForSelector(shot.wait!); }
        const file = path.join(OUT, `${shot.name}-${theme}.png`);
        await browser.page.screenshot({ path: file });
        console.log(`${path.relative(PROJECT_ROOT, file)} ${fs.statSync(file).size} B`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
