import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuarryError } from '../../contracts/errors.js';
import { PROJECTS } from '../../contracts/limits.js';
import { indexFolder } from '../../ingest/indexer.js';
import { makeTree } from '../../test-support/temp-tree.js';
import type { IndexRunner } from '../../ingest/index-runner.js';
import { ProjectRegistry } from './project-registry.js';

const open: ProjectRegistry[] = [];
afterEach(async () => { for (const r of open.splice(0)) await r.close(); });

function registry(root: string, allowedRoots: string[], events: string[] = [], builds: string[] = []) {
  const runIndex: IndexRunner = async (job) => { builds.push(job.root); return indexFolder({ ...job, workers: 0 }); };
  const created = ProjectRegistry.open({
    root, indexPath: path.join(root, '.quarry', 'index.db'), dataDir: path.join(makeTree(), 'projects'), allowedRoots, runIndex,
    refresh: { mode: 'poll', intervalMs: 100, log: (_level, fields) => { events.push(String(fields.event)); } },
  });
  open.push(created);
  return created;
}

describe('ProjectRegistry', () => {
  it('gives 20 concurrent requests for one folder one project and one build', async () => {
    const served = makeTree({ 'a.txt': 'served\n' });
    const folder = makeTree({ 'lib/x.py': 'def reconcile(): pass\n' });
    const builds: string[] = [];
    const projects = registry(served, [served, folder], [], builds);
    await projects.defaultProject.ready;
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => projects.create({ folder: i % 2 ? folder : `${folder}/lib/..` })));
    expect(new Set(outcomes.map((o) => o.project.id)).size).toBe(1);
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(builds.filter((b) => b === folder)).toHaveLength(1);
    expect(await projects.list()).toHaveLength(2);
    // The served folder is the default project's: asking for "." returns it.
    const again = await projects.create({ folder: '.' });
    expect(again).toMatchObject({ created: false, project: { id: 'proj_default' } });
  });

  it('refuses the project after the cap, and the folder after the folder cap, with LIMIT_EXCEEDED', async () => {
    const served = makeTree({ 'a.txt': 'served\n' });
    const folders = Array.from({ length: PROJECTS.watchedFoldersMax }, (_, i) => makeTree({ [`f${i}.txt`]: `folder ${i}\n` }));
    const projects = registry(served, [served, ...folders]);
    await projects.defaultProject.ready;
    // The default project is one watched folder already.
    for (const folder of folders.slice(0, -1)) expect((await projects.create({ folder })).created).toBe(true);
    const folderRefusal = await projects.create({ folder: folders.at(-1)! }).catch((e: unknown) => e);
    expect(folderRefusal).toBeInstanceOf(QuarryError);
    expect(folderRefusal).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: PROJECTS.watchedFoldersMax } });
    while ((await projects.list()).length < PROJECTS.projectsMax) await projects.create({});
    const refusal = await projects.create({}).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: PROJECTS.projectsMax } });
    expect((refusal as Error).message).toContain(String(PROJECTS.projectsMax));
    expect(await projects.list()).toHaveLength(PROJECTS.projectsMax);
  }, 60_000);

  it('refuses to refresh a folder that was swapped for a symlink outside the allowed roots', async () => {
    const allowed = makeTree({ 'a.txt': 'served\n', 'docs/plan.md': 'harmless plan\n' });
    const outside = makeTree({ 'secret.txt': 'ocelot password\n' });
    const events: string[] = [];
    const projects = registry(allowed, [allowed], events);
    await projects.defaultProject.ready;
    const docs = path.join(allowed, 'docs');
    const { project } = await projects.create({ folder: docs });
    fs.renameSync(docs, path.join(allowed, 'docs-old'));
    fs.symlinkSync(outside, docs);
    const deadline = Date.now() + 10_000;
    while (!events.includes('project_folder_refused') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(events).toContain('project_folder_refused');
    const store = projects.get(project.id).store;
    expect(store.db.prepare("SELECT count(*) AS n FROM chunks WHERE chunk_text(content) LIKE '%ocelot%'").get()).toEqual({ n: 0 });
    // A new request for the same path resolves outside the roots and is refused as before.
    await expect(projects.create({ folder: docs })).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
  });
});
