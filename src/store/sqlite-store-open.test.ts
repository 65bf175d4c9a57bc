import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test-support/cli.js';
import { SqliteStore } from './sqlite-store.js';

const BUILT_STORE = pathToFileURL(path.join(PROJECT_ROOT, 'dist', 'store', 'sqlite-store.js')).href;
const dirs: string[] = [];
afterAll(() => { for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true }); });

/**
 * Opens (creating) the index in a separate process, as `quarry serve` and `quarry index` do; every
 * child waits for the same moment `at`, so their opens really overlap.
 */
function openInChild(file: string, at: number): Promise<{ code: number | null; stderr: string }> {
  const source = `const { SqliteStore } = await import(${JSON.stringify(BUILT_STORE)});
while (Date.now() < ${at}) { /* wait for the others */ }
SqliteStore.open(${JSON.stringify(file)}, { create: true }).close();`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('SqliteStore.open on a new index', () => {
  it('lets several processes create the same index at once, and each finds it complete', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-open-'));
      dirs.push(dir);
      const file = path.join(dir, 'index.db');
      const at = Date.now() + 2_000;
      const results = await Promise.all(Array.from({ length: 6 }, () => openInChild(file, at)));
      for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
      const store = SqliteStore.open(file);
      try {
        expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(store.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'meta'").get()).toEqual({ n: 1 });
      } finally {
        store.close();
      }
    }
  });
});
