import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { childProcesses, waitUntil } from '../test-support/child-processes.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { SEARCH_WORKER_SCRIPT, SearchPool } from '../search/search-pool.js';
import { forkEarlySearchWorker } from '../search/search-worker-process.js';
import { earlyWorkerPlan } from './early-search-worker.js';

const searchWorkers = (pid: number) => childProcesses(pid).filter((p) => p.args.some((a) => a.endsWith('search-worker.js')));

describe('which search worker a server forks before its modules load', () => {
  it('quarry mcp opens the index its options name, read the way the command reads them', () => {
    expect(earlyWorkerPlan('mcp', ['--root', '/srv/app', '--no-refresh'], {})).toEqual({
      index: { store: { kind: 'sqlite', file: path.join('/srv/app', '.quarry', 'index.db') }, root: '/srv/app' },
    });
    expect(earlyWorkerPlan('mcp', ['--root=/srv/app', '--index=/tmp/x.db'], {})?.index?.store).toEqual({ kind: 'sqlite', file: '/tmp/x.db' });
    expect(earlyWorkerPlan('mcp', ['--root', '/srv/app'], { QUARRY_STORE: 'postgres://127.0.0.1/db' })?.index?.store.kind).toBe('postgres');
  });

  it('forks nothing for help or for a server without the code tools, and no index for conflicting options', () => {
    expect(earlyWorkerPlan('mcp', ['--help'], {})).toBeNull();
    expect(earlyWorkerPlan('mcp', ['--tools', 'medicines'], {})).toBeNull();
    expect(earlyWorkerPlan('mcp', ['--tools=live,medicines'], {})).toBeNull();
    expect(earlyWorkerPlan('mcp', ['--tools', 'live,code'], {})).not.toBeNull();
    expect(earlyWorkerPlan('mcp', ['--index', '/a.db', '--store', '/b.db'], {})).toEqual({});
    expect(earlyWorkerPlan('serve', ['.'], {})).toEqual({});
  });
});

describe('quarry mcp serves its first search from the worker it forked at start', () => {
  let root: string;
  let session: StdioSession | undefined;

  beforeAll(async () => {
    root = makeTree({ 'src/pay.ts': 'export function chargeCard() { return 1; }\n' });
    expect((await runCli(['index', root])).code).toBe(0);
  }, 60_000);
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('answers with one search worker: the pool took the early one instead of forking a second', async () => {
    session = await connectStdio(['--root', root, '--no-refresh']);
    const pid = session.pid()!;
    await waitUntil(() => searchWorkers(pid).length === 1, 10_000, 'the early search worker');
    const answer = await callJson(session.client, 'search_code', { query: 'chargeCard', mode: 'exact' });
    expect(answer.body.items[0].file).toBe('src/pay.ts');
    expect(searchWorkers(pid)).toHaveLength(1);
  }, 30_000);

  it('a pool takes the worker forked ahead as its first, already told which index to open', async () => {
    const script = SEARCH_WORKER_SCRIPT.replace(`${path.sep}src${path.sep}`, `${path.sep}dist${path.sep}`);
    const index = { store: { kind: 'sqlite' as const, file: path.join(root, '.quarry', 'index.db') }, root };
    forkEarlySearchWorker(script, index);
    const early = searchWorkers(process.pid);
    expect(early).toHaveLength(1);
    const pool = new SearchPool({ script, workers: 1 });
    try {
      const answer = await pool.run({ ...index, op: 'search_code', params: { params: normalizeSearchCodeParams({ query: 'chargeCard', mode: 'exact' }), offset: 0 } });
      expect(answer.items[0]?.file).toBe('src/pay.ts');
      expect(searchWorkers(process.pid).map((p) => p.pid)).toEqual([early[0]!.pid]);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('forks no search worker when it serves no code tools', async () => {
    session = await connectStdio(['--root', root, '--no-refresh', '--tools', 'live']);
    await callJson(session.client, 'list_files', { pattern: 'pay' });
    expect(searchWorkers(session.pid()!)).toHaveLength(0);
  }, 30_000);
});
