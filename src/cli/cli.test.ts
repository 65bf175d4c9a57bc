import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runCliJson } from '../test-support/cli.js';
import { makeTree } from '../test-support/temp-tree.js';
import { SqliteStore } from '../store/sqlite-store.js';

const TREE = {
  'src/server.ts': 'export function startServer(port: number) {\n  // PM_RESUME handling\n  listen(port);\n}\n',
  'lib/util.go': 'package lib\n\nfunc RetryWithBackoff() {}\n',
  'blob.bin': Buffer.from([0, 1, 2, 3]),
};

describe('quarry CLI', () => {
  it('index --json prints one summary object', async () => {
    const root = makeTree(TREE);
    const started = performance.now();
    const { code, json } = await runCliJson(['index', root, '--json']);
    const wallMs = performance.now() - started;
    expect(code).toBe(0);
    expect(json.chunks).toBeGreaterThanOrEqual(2);
    expect(json).toMatchObject({ files: 2, added: 2, skipped: 1, skipped_by_reason: { binary: 1 }, index: path.join(root, '.quarry', 'index.db') });
    expect(json.index_bytes).toBeGreaterThan(0);
    // The run's own time: some work, and no more than the whole process took from outside.
    expect(Number.isInteger(json.duration_ms)).toBe(true);
    expect(json.duration_ms).toBeGreaterThan(0);
    expect(json.duration_ms).toBeLessThanOrEqual(Math.ceil(wallMs));
  });

  it('index --index writes where it is told', async () => {
    const root = makeTree(TREE);
    const elsewhere = path.join(makeTree(), 'custom.db');
    const { json } = await runCliJson(['index', root, '--index', elsewhere, '--json']);
    expect(json.index).toBe(elsewhere);
    const search = await runCliJson(['search', 'startServer', '--root', root, '--index', elsewhere, '--json']);
    expect(search.json.total).toBe(1);
  });

  it('search exits 0 with hits, 1 without, 2 on error, and --json equals the tool reply', async () => {
    const root = makeTree(TREE);
    await runCli(['index', root]);
    const human = await runCli(['search', 'PM_RESUME', '--mode', 'exact', '--root', root]);
    expect(human.code).toBe(0);
    // grep's shape: the matched line alone, not the context lines its snippet carries.
    expect(human.stdout.split('\n')[0]).toBe('src/server.ts:2:  // PM_RESUME handling');
    expect(human.stdout).not.toContain('listen(port)');
    expect((await runCli(['search', 'nothingmatchesthis', '--root', root])).code).toBe(1);
    const bad = await runCli(['search', '   ', '--root', root]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Validation failed: Query cannot be empty or whitespace-only');

    const viaSearch = await runCliJson(['search', 'retry backoff', '--root', root, '--json']);
    const viaCall = await runCliJson(['call', 'search_code', '{"query":"retry backoff"}', '--root', root]);
    const stable = (r: any) => ({ ...r, took_ms: 0 });
    expect(stable(viaSearch.json)).toEqual(stable(viaCall.json));
    expect(viaCall.json.items[0].file).toBe('lib/util.go');
  });

  it('call reads JSON from stdin, exits 1 with the error body on a failed call', async () => {
    const root = makeTree(TREE);
    await runCli(['index', root]);
    const ok = await runCliJson(['call', 'search_code', '--root', root], { input: '{"query":"listen","max_results":5}' });
    expect(ok.code).toBe(0);
    expect(ok.json.items[0].file).toBe('src/server.ts');
    const failed = await runCliJson(['call', 'search_code', '{"query":"x","max_results":-1}', '--root', root]);
    expect(failed.code).toBe(1);
    expect(failed.json).toEqual({ ok: false, error: 'Validation failed: max_results must be >= 1, got -1', code: 'INVALID_ARGUMENT' });
    const notJson = await runCliJson(['call', 'search_code', '{query:', '--root', root]);
    expect(notJson.json.code).toBe('INVALID_ARGUMENT');
    const unknown = await runCliJson(['call', 'no_such_tool', '{}', '--root', root]);
    expect(unknown.json).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
  });

  it('says how to build a missing index instead of answering "nothing found"', async () => {
    const root = makeTree(TREE);
    const { code, json } = await runCliJson(['call', 'search_code', '{"query":"x"}', '--root', root]);
    expect(code).toBe(1);
    expect(json.code).toBe('INDEX_MISSING');
    expect(json.error).toContain(`quarry index ${root}`);
  });

  it('leaves a usable index when indexing is killed midway, and the next run completes it', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4000; i++) files[`f${i}/m${i}.ts`] = `export const value${i} = ${i};\n// filler ${'x'.repeat(2000)}\n`;
    const root = makeTree(files);
    const child = spawn(process.execPath, [CLI, 'index', root]);
    const indexFile = path.join(root, '.quarry', 'index.db');
    // Kill it shortly after its first batch can have committed.
    for (let waited = 0; !fs.existsSync(indexFile) && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    const store = SqliteStore.open(path.join(root, '.quarry', 'index.db'));
    const partial = store.counts().files;
    store.close();
    // Killed midway: some of the files at most, never all of them.
    expect(partial).toBeLessThan(4000);
    const { json } = await runCliJson(['index', root, '--json']);
    expect(json.files).toBe(4000);
    expect(json.added + json.unchanged).toBe(4000);
    const search = await runCliJson(['call', 'search_code', '{"query":"value3999","mode":"exact"}', '--root', root]);
    expect(search.json.total).toBe(1);
  });
});
