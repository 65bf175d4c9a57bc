/**
 * A Quarry whose ranking module (native/quarry_ranking.c) is not built, as a
 * copy of the built package without its build/ folder is: `quarry serve`
 * names the function it ranks with in its start-up line and why, `quarry mcp`
 * says so on stderr, and text queries answer as the one with the module does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, PROJECT_ROOT, runCliJson } from '../test-support/cli.js';
import { connectHttp, startServe, type ServerProcess } from '../test-support/http-server.js';
import { callJson } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';

const WORDS = ['suspend', 'resume', 'device', 'power', 'clock', 'queue', 'buffer'];

/** 40 files, each a different mix and length of the words. */
function tree(): Record<string, string> {
  return Object.fromEntries(Array.from({ length: 40 }, (_, i) => {
    const words = Array.from({ length: 3 + (i % 11) }, (_, w) => WORDS[(i * 3 + w * w) % WORDS.length]);
    return [`src/f${i}.c`, `int f${i}(void)\n{\n\t/* ${words.join(' ')} */\n\treturn ${i};\n}\n`];
  }));
}

/** The built package without build/: its entry point. */
function packageWithoutModule(): string {
  const copy = makeTree();
  fs.cpSync(path.join(PROJECT_ROOT, 'dist'), path.join(copy, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(PROJECT_ROOT, 'package.json'), path.join(copy, 'package.json'));
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return path.join(copy, 'dist', 'cli', 'main.js');
}

async function answers(client: Client, query: string): Promise<unknown> {
  const { isError, body } = await callJson(client, 'search_code', { query, mode: 'text', max_results: 20 });
  expect(isError).toBe(false);
  return { total: body.total, items: body.items.map((item: any) => [item.file, item.start_line, item.relevance]) };
}

describe('without the ranking module', () => {
  let root: string;
  let withoutModule: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = makeTree(tree());
    expect((await runCliJson(['index', root, '--json'])).code).toBe(0);
    withoutModule = packageWithoutModule();
    servers.push(...await Promise.all([
      startServe(root, ['--refresh', 'off']),
      startServe(root, ['--refresh', 'off'], 30_000, {}, withoutModule),
    ]));
  });
  afterAll(async () => { await Promise.all(servers.map((s) => s.stop())); });

  it('quarry serve names the ranking function in its start-up line, and why it is not quarry_bm25()', () => {
    const [built, copy] = servers.map((server) => server.lines().find((line) => line.event === 'server_ready'));
    expect(built).toMatchObject({ ranking: 'quarry_bm25' });
    expect(built).not.toHaveProperty('ranking_refused');
    expect(copy).toMatchObject({ ranking: 'bm25', ranking_refused: expect.stringContaining('quarry_ranking.node is not built (npm ci builds it)') });
  });

  it('answers text queries with the same hits, relevance and totals', async () => {
    const clients = await Promise.all(servers.map((server) => connectHttp(`${server.url}/mcp`)));
    try {
      for (const query of ['suspend resume', 'power device clock', 'queue buffer']) {
        const [built, copy] = await Promise.all(clients.map((client) => answers(client, query)));
        expect(copy).toEqual(built);
        expect((built as { items: unknown[] }).items.length).toBeGreaterThan(3);
      }
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it('quarry mcp says so on stderr; with the module it says nothing of it', () => {
    const run = (cli: string) => spawnSync(process.execPath, [cli, 'mcp', '--root', root, '--no-refresh'], { input: '', encoding: 'utf8', timeout: 20_000 });
    const [copy, built] = [run(withoutModule), run(CLI)];
    // Both ran and ended when their input did.
    expect([copy.status, built.status]).toEqual([0, 0]);
    expect(copy.stderr).toContain("quarry: text queries rank with FTS5's bm25(): ");
    expect(built.stderr).not.toContain('bm25');
  });
});
