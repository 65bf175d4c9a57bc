import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runCli, runCliJson } from '../test-support/cli.js';
import { makeTree } from '../test-support/temp-tree.js';

// Quarry without its native modules: what a user gets when `npm ci` could not build them, or
// when they set QUARRY_NATIVE=off. Every module's JavaScript twin must give the same answers.
const TREE = {
  'src/list.c': '#include <stdlib.h>\n\nstruct node { int value; struct node *next; };\n\nstatic struct node *push_front(struct node *head, int value) {\n  struct node *n = malloc(sizeof *n);\n  n->value = value;\n  n->next = head;\n  return n;\n}\n\nstruct node *make_pair(void) {\n  return push_front(push_front(NULL, 1), 2);\n}\n\nint list_length(const struct node *head) {\n  int count = 0;\n  for (; head; head = head->next) count++;\n  return count;\n}\n',
  'src/retry.ts': 'export async function retryWithBackoff(attempts: number) {\n  // wait longer after each failed attempt\n  for (let i = 0; i < attempts; i++) await sleep(2 ** i * 100);\n}\n',
  'docs/notes.md': '# Notes\n\nThe list keeps its length by walking every node; retry backs off exponentially.\n',
};
const OFF = { QUARRY_NATIVE: 'off' };
const QUERIES = [
  { query: 'list length' },
  { query: 'retry backoff' },
  { query: 'push_front', mode: 'exact' },
  { query: 'head->next', mode: 'exact' },
  { query: 'walking every node' },
];

describe('QUARRY_NATIVE=off: the JavaScript twins', () => {
  it('indexes and answers searches exactly as the native modules do, and says so once at start', async () => {
    const root = makeTree(TREE);
    const nativeIndex = path.join(root, '.quarry', 'native.db');
    const twinIndex = path.join(root, '.quarry', 'twins.db');
    const native = await runCliJson(['index', root, '--index', nativeIndex, '--json']);
    const twins = await runCliJson(['index', root, '--index', twinIndex, '--json'], { env: OFF });
    expect(native.stderr).not.toContain('native modules not loaded');
    expect(twins.stderr.match(/native modules not loaded/g)).toHaveLength(1);
    expect(twins.stderr).toContain('quarry_ranking, quarry_parse, quarry_text, quarry_grams, quarry_words: turned off by QUARRY_NATIVE=off');
    const counts = (s: any) => ({ files: s.files, chunks: s.chunks, symbols: s.symbols, skipped: s.skipped });
    expect(counts(twins.json)).toEqual(counts(native.json));

    const stable = (reply: any) => ({ ...reply, took_ms: 0 });
    for (const args of QUERIES) {
      const expected = await runCliJson(['call', 'search_code', JSON.stringify(args), '--root', root, '--index', nativeIndex]);
      const got = await runCliJson(['call', 'search_code', JSON.stringify(args), '--root', root, '--index', twinIndex], { env: OFF });
      expect(expected.json.total, JSON.stringify(args)).toBeGreaterThan(0);
      expect(stable(got.json), JSON.stringify(args)).toEqual(stable(expected.json));
    }
    // The C file's definitions and calls: the native parser's in one index, web-tree-sitter's wasm's in the other.
    const references = async (index: string, env?: NodeJS.ProcessEnv) =>
      stable((await runCliJson(['call', 'find_references', '{"symbol":"push_front"}', '--root', root, '--index', index], { env })).json);
    const expected = await references(nativeIndex);
    expect(JSON.stringify(expected)).toContain('make_pair');
    expect(await references(twinIndex, OFF)).toEqual(expected);
  });

  it('quarry doctor lists each module as loaded, or not and why', async () => {
    const on = await runCliJson(['doctor', '--json']);
    expect(on.json.native.map((m: any) => [m.module, m.loaded])).toEqual([
      ['quarry_ranking', true], ['quarry_parse', true], ['quarry_text', true], ['quarry_grams', true], ['quarry_words', true],
    ]);
    const off = await runCliJson(['doctor', '--json'], { env: OFF });
    expect(off.json.native.every((m: any) => !m.loaded && m.reason === 'turned off by QUARRY_NATIVE=off')).toBe(true);
    const text = await runCli(['doctor'], { env: OFF });
    expect(text.stdout).toContain('0 of 5 native modules load');
  });

  it('the install step warns and succeeds when the native build fails', () => {
    // A project whose binding.gyp names a source that is not there: node-gyp fails as it would without a compiler.
    const dir = makeTree({ 'binding.gyp': "{'targets':[{'target_name':'broken','sources':['missing.c']}]}\n" });
    const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'native', 'install.mjs')], {
      cwd: dir, encoding: 'utf8', timeout: 50_000,
      env: { ...process.env, npm_config_node_gyp: path.join(PROJECT_ROOT, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'), npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('quarry: its native modules did not build (node-gyp rebuild: exit code 1)');
    expect(run.stderr).toContain('the same answers, slower');
  });
});
