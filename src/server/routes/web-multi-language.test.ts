/**
 * The page on a small multi-language tree shaped like a kernel slice (C
 * sources and headers, Markdown and reStructuredText docs, a Python script,
 * a shell script) in a real browser against the built `quarry serve`: the
 * language filter offers the index's languages with their file counts,
 * list_files renders as a listing, and the medicines tab is absent while no
 * registry is imported, then present on the next page load once one is
 * imported while the server runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, axeViolations, importMedicines, launchBrowser, type BrowserSession } from '../../test-support/browser.js';
import { makeTree } from '../../test-support/temp-tree.js';
import { startServe, type ServerProcess } from '../../test-support/http-server.js';

const POLL = { timeout: 10_000 };

function sliceTree(): Record<string, string> {
  return {
    'kernel/sched/core.c': '#include <linux/sched.h>\n\nvoid schedule_tail(struct task_struct *prev)\n{\n\tfinish_task_switch(prev);\n}\n',
    'kernel/sched/fair.c': '#include <linux/sched.h>\n\nstatic void update_curr(struct cfs_rq *cfs_rq)\n{\n\tfinish_task_switch(NULL);\n}\n',
    'kernel/fork.c': '#include <linux/sched.h>\n\nlong kernel_clone(struct kernel_clone_args *args)\n{\n\treturn 0;\n}\n',
    'include/linux/sched.h': '#ifndef _LINUX_SCHED_H\n#define _LINUX_SCHED_H\nstruct task_struct { int pid; };\nvoid finish_task_switch(struct task_struct *prev);\n#endif\n',
    'Documentation/scheduler/index.rst': 'Scheduler\n=========\n\nThe scheduler picks the next task.\n',
    'Documentation/process/howto.md': '# How to\n\nSend patches to the scheduler list.\n',
    'scripts/checkpatch.py': 'def check_patch(lines):\n    return [l for l in lines if "schedule" in l]\n',
    'scripts/build.sh': '#!/bin/sh\nmake -j4 kernel/\n',
  };
}

describe.skipIf(!CHROMIUM.present)('web page: a multi-language tree (chromium)', () => {
  let server: ServerProcess;
  let browser: BrowserSession;
  let base: string;
  let root: string;
  beforeAll(async () => {
    root = makeTree(sliceTree());
    server = await startServe(root, ['--refresh', 'off', '--mcp-rate-limit', '10000']);
    base = new URL(server.url).origin;
    browser = await launchBrowser();
  });
  afterAll(async () => { await browser?.close(); await server?.stop(); });

  it('the language filter offers each language the index holds, with its file count', async () => {
    const { page } = browser;
    await page.goto(`${base}/?q=schedule`);
    await page.waitForSelector('[data-hit]');
    const options = () => page.locator('label:has-text("Language") select option').allTextContents();
    await expect.poll(options, POLL).toEqual(expect.arrayContaining(['any', 'c (4)', 'markdown (1)', 'python (1)']));
    expect((await options()).length).toBeGreaterThanOrEqual(6);
    await page.selectOption('label:has-text("Language") select', 'python');
    await expect.poll(() => page.locator('.file-head a').allTextContents(), POLL).toEqual(['scripts/checkpatch.py']);
  });

  it('list_files renders as a listing of path, size and modified time, not as JSON', async () => {
    const { page } = browser;
    await page.goto(`${base}/live?tool=list_files&roots=kernel`);
    await page.waitForSelector('[data-listing]');
    expect(await page.locator('[data-listing] th').allTextContents()).toEqual(['Path', 'Size', 'Modified']);
    expect((await page.locator('[data-listing] td.path-cell').allTextContents()).sort()).toEqual(['kernel/fork.c', 'kernel/sched/', 'kernel/sched/core.c', 'kernel/sched/fair.c']);
    expect(await page.locator('.live-result pre.json').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no medicines tab without a registry, and shows it on the next load once one is imported while the server runs', async () => {
    const { page } = browser;
    const tabs = () => page.locator('nav[aria-label="Main"] a').allTextContents();
    await page.goto(`${base}/`);
    await page.waitForSelector('nav[aria-label="Main"][data-groups-known]');
    expect(await tabs()).toEqual(['Search', 'Structural search', 'Live search', 'Projects']);
    await importMedicines(root);
    await expect.poll(async () => {
      await page.reload();
      await page.waitForSelector('nav[aria-label="Main"][data-groups-known]');
      return tabs();
    }, POLL).toContain('Léčiva (SÚKL)');
    await page.click('nav[aria-label="Main"] a:has-text("Léčiva (SÚKL)")');
    await page.goto(`${base}/medicines?tab=hledani&q=paralen`);
    await page.waitForSelector('[data-total]');
    expect(await page.textContent('[data-total]')).toBe('Nalezeno 4 přípravků.');
  });
});

if (!CHROMIUM.present) describe('web page: a multi-language tree', () => { it.skip(CHROMIUM.skipReason, () => {}); });
