/**
 * @module test-support/browser
 * A real browser for the web page's tests: Debian's chromium driven by
 * playwright-core, headless, with a fresh profile folder per launch. When
 * /usr/bin/chromium is missing (a newcomer's laptop) `CHROMIUM.present` is
 * false and the browser tests skip, saying why. Also the tree the page tests
 * search: a few real TypeScript files, enough hits for two pages, and the
 * committed SÚKL fixtures imported into the same root.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { runCli } from './cli.js';
import { MEDICINES_FIXTURES, SUKL_FIXTURES } from './medicines.js';

const EXECUTABLE = '/usr/bin/chromium';
export const CHROMIUM = {
  present: fs.existsSync(EXECUTABLE),
  skipReason: `browser tests skipped: ${EXECUTABLE} is missing (apt-get install chromium)`,
};

export interface BrowserSession { context: BrowserContext; page: Page; close: () => Promise<void> }

export async function launchBrowser(viewport = { width: 1200, height: 900 }): Promise<BrowserSession> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? await context.newPage();
  return {
    context, page,
    close: async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); },
  };
}

/** Runs axe-core (the npm package, injected as a script) on the page; returns the A/AA violations. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated over the DevTools protocol, which the page's CSP (rightly) does not let a <script> tag do.
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ')) }));
  });
}

/** TypeScript sources with a class hierarchy, calls and imports, plus 30 files that all mention `needle` (no vitest here: the screenshots script uses it too). */
export function pageTreeFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'src/shapes/shape.ts': [
      'export abstract class Shape {', '  abstract area(): number;', '  describe(): string {', '    return `area ${this.area()}`;', '  }', '}', '',
    ].join('\n'),
    'src/shapes/circle.ts': [
      "import { Shape } from './shape';", '', 'export class Circle extends Shape {', '  constructor(private readonly radius: number) { super(); }',
      '  area(): number {', '    return Math.PI * this.radius * this.radius;', '  }', '}', '',
    ].join('\n'),
    'src/main.ts': [
      "import { Circle } from './shapes/circle';", '', 'export function totalArea(radii: number[]): number {',
      '  return radii.map((r) => new Circle(r).area()).reduce((a, b) => a + b, 0);', '}', '',
      'export function report(): string {', '  return `total ${totalArea([1, 2, 3])}`;', '}', '',
    ].join('\n'),
  };
  for (let i = 0; i < 30; i++) {
    files[`notes/note-${String(i).padStart(2, '0')}.md`] = `# Note ${i}\n\nThe needle number ${i} is hidden here.\n`;
  }
  return files;
}

/** Imports the committed SÚKL fixtures into ROOT/.quarry/medicines.db. */
export async function importMedicines(root: string): Promise<void> {
  const result = await runCli(['medicines', 'import', SUKL_FIXTURES, MEDICINES_FIXTURES, '--root', root]);
  if (result.code !== 0) throw new Error(`medicines import failed: ${result.stderr}`);
}
