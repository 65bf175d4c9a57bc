import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFolder } from '../../ingest/indexer.js';
import { SqliteStore } from '../../store/sqlite-store.js';
import { makeTree, writeTree } from '../../test-support/temp-tree.js';
import { FolderRefresher, isIgnoredChange, type RefreshMode } from './folder-refresher.js';

async function until(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('FolderRefresher', () => {
  it.each<[RefreshMode]>([['watch'], ['poll']])('re-indexes after a change (%s)', async (mode) => {
    const root = makeTree({ 'a.txt': 'first\n' });
    const indexPath = path.join(root, '.quarry', 'index.db');
    const logs: string[] = [];
    const refreshed: string[] = [];
    const refresher = new FolderRefresher({ root, indexPath }, async (job) => indexFolder(job), {
      mode, debounceMs: 50, intervalMs: 100, log: (_level, fields) => { logs.push(String(fields.event)); },
      onRefreshed: (folder) => { refreshed.push(folder); },
    });
    expect((await refresher.start())?.files).toBe(1);
    writeTree(root, { 'b.txt': 'second\n' });
    const store = SqliteStore.open(indexPath);
    try {
      expect(await until(() => store.counts().files === 2)).toBe(true);
      // A folder created after the watch started is followed too.
      writeTree(root, { 'deep/new/c.txt': 'third\n' });
      expect(await until(() => store.counts().files === 3)).toBe(true);
      writeTree(root, { 'deep/new/d.txt': 'fourth\n' });
      expect(await until(() => store.counts().files === 4)).toBe(true);
    } finally {
      store.close();
      await refresher.stop();
    }
    expect(logs.filter((e) => e === 'index_refreshed').length).toBeGreaterThanOrEqual(2);
    // Told after every run that changed the index (the server's search workers then read ahead), not after the first.
    expect(refreshed.length).toBe(logs.filter((e) => e === 'index_refreshed').length - 1);
    expect(new Set(refreshed)).toEqual(new Set([root]));
  });

  it('never runs two index passes at once', async () => {
    const root = makeTree({ 'a.txt': 'x\n' });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const refresher = new FolderRefresher({ root, indexPath: path.join(root, '.quarry', 'index.db') }, async (job) => {
      active++; runs++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 150));
      active--;
      return indexFolder(job);
    }, { mode: 'watch', debounceMs: 10, log: () => {} });
    await refresher.start();
    for (let i = 0; i < 5; i++) {
      writeTree(root, { [`f${i}.txt`]: `${i}\n` });
      await new Promise((r) => setTimeout(r, 60));
    }
    await new Promise((r) => setTimeout(r, 500));
    await refresher.stop();
    expect(maxActive).toBe(1);
    expect(runs).toBeGreaterThan(1);
  });

  it.each([
    ['.quarry/index.db-wal', true],
    ['.git/index', true],
    ['src/a.ts', false],
    ['.quarryignore', false],
    [null, false],
    ['idx.db', true],
    ['idx.db-wal', true],
    ['data/proj_1/index.db', true],
    ['idx.dbx/other.txt', false],
    ['src/data/x.txt', false],
  ])('treats a change to %j as ignorable: %s', (file, ignored) => {
    expect(isIgnoredChange(file, '/w', ['/w/idx.db', '/w/data'])).toBe(ignored);
  });

  it('does not re-index in a loop when its own index file lives inside the folder', async () => {
    const root = makeTree({ 'a.txt': 'x\n' });
    const indexPath = path.join(root, 'idx.db');
    let runs = 0;
    const refresher = new FolderRefresher({ root, indexPath }, async (job) => { runs++; return indexFolder(job); }, {
      mode: 'watch', debounceMs: 20, ownFiles: [indexPath], log: () => {},
    });
    await refresher.start();
    writeTree(root, { 'b.txt': 'y\n' });
    await new Promise((r) => setTimeout(r, 1000));
    await refresher.stop();
    expect(runs).toBe(2); // the first pass and the one for b.txt, nothing for its own writes
  });
});
