/**
 * @module bench/fuzz/run-fuzz
 * Runs a fuzz session: builds the fuzz tree, indexes it once with the built
 * CLI (and imports the medicines fixture, so those tools get past "nothing
 * imported"), starts `quarry serve` on 127.0.0.1 (rate limits raised so they
 * do not hide other answers) and `quarry mcp` over stdio, reads every tool
 * from `tools/list`, then sends generated inputs until the count or the time
 * is used up. A crashed server is counted and restarted. Then the fixed
 * classes run (hardening-classes): special files planted in the tree,
 * uploads, event streams, PostgreSQL inputs, and last a SIGTERM with a
 * stream open. Shared by `npm run fuzz` and the fixed-seed slice in
 * fuzz.test.ts.
 */
import fc from 'fast-check';
import { PROJECT_ROOT, runCli } from '../../src/test-support/cli.js';
import { startServe, type ServerProcess } from '../../src/test-support/http-server.js';
import { connectStdio, type StdioSession } from '../../src/test-support/mcp-client.js';
import { send, MCP_ACCEPT, type FuzzInput, type Target } from './doors.js';
import { buildFuzzTree, type FuzzTree } from './fuzz-tree.js';
import { postgresClass, shutdownWithStream, specialFilesClass, streamsClass, uploadsClass, type ClassResult } from './hardening-classes.js';
import { plantSpecialFiles, type SpecialFiles } from './special-files.js';
import { asCli, DEFAULT_DOOR_WEIGHTS, fuzzInput, type Door } from './inputs.js';
import { describeInput, newTally, record, type Tally } from './judge.js';
import type { ToolSpec } from './tool-arguments.js';

export interface FuzzOptions {
  seed: number;
  /** Stop after this many inputs ... */
  inputs: number;
  /** ... or after this many seconds, whichever comes first. */
  seconds: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Every n-th input also goes through a spawned `quarry call` (0: never). */
  cliEvery?: number;
  weights?: Partial<Record<Door, number>>;
  /** Bytes of real source copied into the fuzz tree (default 3 MB). */
  sourceBytes?: number;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** Run the fixed classes after the generated inputs (default true). */
  classes?: boolean;
}

export interface FuzzReport {
  seed: number;
  tally: Tally;
  tools: string[];
  seconds: number;
  setupSeconds: number;
  tree: { files: number; bytes: number };
  serverRestarts: number;
  stdioRestarts: number;
  /** Files that appeared outside the root during the run. */
  writtenOutside: string[];
  /** The fixed classes of hostile input, with how many probes each tried and how many found the server wanting. */
  classes: ClassResult[];
}

const HIGH_LIMITS = ['--mcp-rate-limit', '100000000', '--search-rate-limit', '100000000'];

async function listTools(url: string): Promise<ToolSpec[]> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const body = await response.json() as { result?: { tools: ToolSpec[] } };
  if (!body.result?.tools?.length) throw new Error(`tools/list gave no tools: ${JSON.stringify(body).slice(0, 300)}`);
  return body.result.tools;
}

async function prepareTree(tree: FuzzTree): Promise<void> {
  const indexed = await runCli(['index', tree.root, '--json'], { timeoutMs: 300_000 });
  if (indexed.code !== 0) throw new Error(`quarry index failed (${indexed.code}): ${indexed.stderr.slice(0, 500)}`);
  const imported = await runCli(['medicines', 'import', `${PROJECT_ROOT}/src/medicines/fixtures`, '--root', tree.root], { timeoutMs: 120_000 });
  if (imported.code !== 0) throw new Error(`medicines import failed (${imported.code}): ${imported.stderr.slice(0, 500)}`);
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const tree = buildFuzzTree(options.sourceBytes);
  let server: ServerProcess | null = null;
  let stdio: StdioSession | null = null;
  let serverDead = false;
  let stdioDead = false;
  let serverRestarts = 0;
  let stdioRestarts = 0;
  let special: SpecialFiles | null = null;
  try {
    log(`fuzz tree ${tree.root}: ${tree.files} source files, ${(tree.bytes / 1e6).toFixed(1)} MB copied, plus hostile, encoded and symlinked files`);
    await prepareTree(tree);
    log(`indexed and medicines imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const startServer = async () => {
      server = await startServe(tree.root, HIGH_LIMITS, 120_000);
      serverDead = false;
      server.child.once('exit', () => { serverDead = true; });
    };
    const startStdio = async () => {
      stdio = await connectStdio(['--root', tree.root]);
      stdioDead = false;
      stdio.client.onclose = () => { stdioDead = true; };
    };
    await Promise.all([startServer(), startStdio()]);
    const tools = await listTools(server!.url);
    const setupSeconds = (performance.now() - started) / 1000;
    log(`serving ${tools.length} tools: ${tools.map((t) => t.name).join(', ')} (setup ${setupSeconds.toFixed(1)} s)`);

    const target: Target = {
      url: () => server!.url, serverDead: () => serverDead, stdio: () => (stdioDead ? null : stdio?.client ?? null), stdioDead: () => stdioDead,
      root: tree.root, canaryToken: tree.canaryToken,
    };
    const arbitrary = fuzzInput(tools, tree, options.weights ?? DEFAULT_DOOR_WEIGHTS);
    const tally = newTally();
    const deadline = performance.now() + options.seconds * 1000;
    const cliEvery = options.cliEvery ?? 200;
    let next = 0;
    let batch: FuzzInput[] = [];
    let batchNo = 0;
    let restarting: Promise<void> | null = null;
    let lastLog = performance.now();

    const take = (): { n: number; input: FuzzInput } | null => {
      if (next >= options.inputs || performance.now() > deadline) return null;
      if (batch.length === 0) batch = fc.sample(arbitrary, { seed: options.seed + batchNo++ * 7919, numRuns: 100 });
      const n = next++;
      const input = batch.shift()!;
      const cli = cliEvery > 0 && n % cliEvery === cliEvery - 1 ? asCli(input) : null;
      return { n, input: cli ?? input };
    };

    const heal = async () => {
      if (serverDead) { serverRestarts++; log('server died: restarting'); await startServer(); }
      if (stdioDead) { stdioRestarts++; log('stdio server died: restarting'); await stdio?.close().catch(() => undefined); await startStdio(); }
    };

    const worker = async () => {
      for (let item = take(); item; item = take()) {
        if (restarting) await restarting;
        const outcome = await send(target, item.input);
        record(tally, item.input, outcome);
        if (outcome.failures.length && process.env.QUARRY_FUZZ_VERBOSE) log(`#${item.n} ${outcome.door}: ${outcome.failures.map((f) => `${f.cls}: ${f.symptom}`).join('; ')} <- ${describeInput(item.input)}`);
        if ((serverDead || stdioDead) && !restarting) restarting = heal().finally(() => { restarting = null; });
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          log(`${tally.inputs} inputs, ${Math.round((lastLog - started) / 1000)} s: crash ${tally.counts.crash}, internal ${tally.counts.internal}, over budget ${tally.counts.over_budget}, escape ${tally.counts.escape}`);
        }
      }
    };
    const loopStart = performance.now();
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
    // eslint-disable-next-line @typescript-eslint/await-thenable -- set inside the workers' closures, which TypeScript's narrowing does not see
    if (restarting) await restarting;

    const classes: ClassResult[] = [];
    if (options.classes ?? true) {
      const base = server!.url;
      special = plantSpecialFiles(tree.root);
      classes.push(await specialFilesClass(base, special));
      log(`class: ${classes.at(-1)!.name}: ${classes.at(-1)!.failed}/${classes.at(-1)!.tried} failed`);
      classes.push(await uploadsClass(base, ['hostile/fts-words.txt', 'hostile/underscores.txt']));
      log(`class: ${classes.at(-1)!.name}: ${classes.at(-1)!.failed}/${classes.at(-1)!.tried} failed`);
      const running = (server as ServerProcess | null)!;
      const streams = await streamsClass(base, () => running.lines().filter((l) => typeof l.level === 'number' && l.level >= 50).length);
      classes.push(streams);
      const pg = await postgresClass(log);
      if (pg) classes.push(pg);
      // Last: the server goes down with a stream open.
      await shutdownWithStream(running, streams);
      server = null;
      log(`classes: ${classes.map((c) => `${c.name}: ${c.failed}/${c.tried} failed`).join('; ')}`);
    }

    const writtenOutside = tree.newOutsideFiles();
    tally.counts.escape += writtenOutside.length;
    for (const file of writtenOutside.slice(0, 8)) tally.examples.escape.push({ door: 'any', input: '(file system check after the run)', symptom: `file written outside the root: ${file}` });
    return {
      seed: options.seed, tally, tools: tools.map((t) => t.name), seconds: (performance.now() - loopStart) / 1000, setupSeconds,
      tree: { files: tree.files, bytes: tree.bytes }, serverRestarts, stdioRestarts, writtenOutside, classes,
    };
  } finally {
    special?.remove();
    await (stdio as StdioSession | null)?.close().catch(() => undefined);
    await (server as ServerProcess | null)?.stop();
    tree.remove();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The report as people read it. */
export function formatReport(report: FuzzReport): string {
  const t = report.tally;
  const lines = [
    `seed ${report.seed}: ${t.inputs} inputs in ${report.seconds.toFixed(1)} s (setup ${report.setupSeconds.toFixed(1)} s), ${report.tools.length} tools: ${report.tools.join(', ')}`,
    `by door: ${Object.entries(t.byDoor).sort().map(([d, n]) => `${d} ${n} (p50 ${percentile(t.latencies[d]!, 50).toFixed(0)} ms, p99 ${percentile(t.latencies[d]!, 99).toFixed(0)} ms)`).join(', ')}`,
    `crashes ${t.counts.crash}, 500s/INTERNAL ${t.counts.internal}, over budget ${t.counts.over_budget}, escapes ${t.counts.escape}`,
    `also: 429s ${t.rateLimited} (not failures), library text in error replies ${t.rawText} (reported, not counted), server restarts ${report.serverRestarts}, stdio restarts ${report.stdioRestarts}`,
  ];
  if (report.classes.length > 0) {
    lines.push('', 'fixed classes (probes failed / tried):');
    for (const c of report.classes) {
      lines.push(`  ${c.name}: ${c.failed}/${c.tried}`);
      for (const example of c.examples) lines.push(`      -> ${example.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
  }
  for (const cls of ['crash', 'internal', 'over_budget', 'escape', 'raw_text'] as const) {
    if (t.examples[cls].length === 0) continue;
    lines.push('', `${cls} examples:`);
    for (const ex of t.examples[cls]) lines.push(`  [${ex.door}] ${ex.input}`, `      -> ${ex.symptom.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  return `${lines.join('\n')}\n`;
}
