/**
 * @module bench/start
 * `npm run bench:start -- [DIR] [--runs N] [--query TEXT] [--cli FILE] [--json]`
 * What a command costs from the shell, node's start included: the median
 * wall time of N runs (default 7) of `quarry --help`, `--version`, a warm
 * `quarry search QUERY -n 5`, a no-change `quarry index`, the same `--help`
 * through `npx --no-install quarry` and through the file a linked bin runs
 * (`npm link`, a global install, node_modules/.bin), and anchors on the same tree in the same run: `node -e 0` (the floor
 * any Node command pays), `npm --version` (npm's own start, which npx pays
 * before it runs anything) and `rg -c QUERY` (what an agent would run instead
 * of the search). DIR (default: this repository's src/) is indexed first
 * into a temporary index, so the tree itself is not written to. The runs
 * are interleaved (one of each per round), so the machine's load drifts
 * over every row alike; the load average is printed at the start and the end.
 * `--cli FILE` adds the quarry rows of another build's dist/cli/main.js (an
 * older commit, say), run in the same rounds, so both are timed alike.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLI, PROJECT_ROOT } from '../src/test-support/cli.js';
import { loadAverage } from './harness/load-average.js';
import { percentile } from './harness/percentile.js';

const run = promisify(execFile);

interface Row {
  name: string;
  /** CPU (user + system) of the command and the processes it waited for, per run, in ms. */
  cpu: number[];
  command: string;
  args: string[];
  /** The figure the row must reach, in ms (none for the anchors). */
  targetMs?: number;
  /** Exit codes that mean the command worked (search and rg: 1 = nothing found). */
  ok?: number[];
  cwd?: string;
  times: number[];
}

function parseArgs(argv: string[]): { dir: string; runs: number; query: string; json: boolean; other: string | null } {
  let dir = path.join(PROJECT_ROOT, 'src');
  let other: string | null = null;
  let runs = 7;
  let query = 'openStore';
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') runs = Math.max(1, Number(argv[++i]));
    else if (arg === '--query') query = argv[++i] ?? query;
    else if (arg === '--json') json = true;
    else if (arg === '--cli') other = path.resolve(argv[++i] ?? '');
    else dir = path.resolve(arg);
  }
  return { dir, runs, query, json, other };
}

/**
 * CPU time of this process's waited-for children so far, in ms (Linux: /proc/self/stat's cutime and
 * cstime, in clock ticks of 10 ms); null elsewhere. It counts on a loaded machine where wall time drifts.
 */
function childrenCpuMs(): number | null {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // After "(comm) ", field 3 (state) is index 0: cutime is field 16, cstime field 17.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** One timed run, its wall time returned and its CPU time kept in the row; a failure (other than an accepted exit code) stops the bench with its stderr. */
async function timed(row: Row): Promise<number> {
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  try {
    await run(row.command, row.args, { cwd: row.cwd ?? PROJECT_ROOT, maxBuffer: 64 << 20 });
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    if (!(row.ok ?? [0]).includes(failed.code ?? -1)) throw new Error(`${row.name} failed (${failed.code}): ${failed.stderr ?? String(error)}`);
  }
  const wall = performance.now() - start;
  const cpuAfter = childrenCpuMs();
  if (cpuBefore !== null && cpuAfter !== null) row.cpu.push(cpuAfter - cpuBefore);
  return wall;
}

async function main(): Promise<void> {
  const { dir, runs, query, json, other } = parseArgs(process.argv.slice(2));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-start-'));
  const index = path.join(tmp, 'index.db');
  // A project that depends on quarry: its node_modules/.bin/quarry links to the built CLI, as npm install makes it.
  const project = path.join(tmp, 'project');
  fs.mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
  fs.writeFileSync(path.join(project, 'package.json'), '{"name":"uses-quarry","private":true}\n');
  fs.symlinkSync(CLI, path.join(project, 'node_modules', '.bin', 'quarry'));
  const loadBefore = loadAverage();
  try {
    const built = await run(process.execPath, [CLI, 'index', dir, '--index', index, '--json'], { maxBuffer: 64 << 20 });
    const summary = JSON.parse(built.stdout) as { files: number; chunks: number };
    const node = process.execPath;
    const rows: Row[] = [
      { name: 'node -e 0 (floor)', command: node, args: ['-e', '0'], cpu: [], times: [] },
      { name: 'quarry --help', command: node, args: [CLI, '--help'], targetMs: 150, cpu: [], times: [] },
      { name: 'quarry --version', command: node, args: [CLI, '--version'], targetMs: 150, cpu: [], times: [] },
      // What a linked bin runs (npm link, a global install, node_modules/.bin): the file itself, through its #! line.
      { name: 'linked bin: quarry --help', command: CLI, args: ['--help'], targetMs: 150, cpu: [], times: [] },
      // In this checkout npx runs the package's own bin: it reads the whole installed tree first (npm's Arborist).
      { name: 'npx --no-install quarry --help (checkout)', command: 'npx', args: ['--no-install', 'quarry', '--help'], targetMs: 150, cpu: [], times: [] },
      // In a project that installed quarry, npx finds node_modules/.bin/quarry and runs it.
      { name: 'npx --no-install quarry --help (dependency)', command: 'npx', args: ['--no-install', 'quarry', '--help'], cwd: project, targetMs: 150, cpu: [], times: [] },
      { name: 'npm --version (npx\'s own start)', command: 'npm', args: ['--version'], cpu: [], times: [] },
      { name: `quarry search ${query} -n 5 (warm)`, command: node, args: [CLI, 'search', query, '--root', dir, '--index', index, '-n', '5', '--no-color'], targetMs: 300, ok: [0, 1], cpu: [], times: [] },
      { name: `rg -c ${query}`, command: 'rg', args: ['-c', '--hidden', '--no-require-git', '--no-ignore-parent', query, '.'], cwd: dir, ok: [0, 1], cpu: [], times: [] },
      { name: 'quarry index (no change)', command: node, args: [CLI, 'index', dir, '--index', index], targetMs: 1000, cpu: [], times: [] },
    ];
    if (other) {
      // The other build reads the same index (its schema must be this one's), in its own copy so neither build writes the other's.
      const otherIndex = path.join(tmp, 'other.db');
      fs.copyFileSync(index, otherIndex);
      rows.push(
        { name: 'other build: quarry --help', command: node, args: [other, '--help'], targetMs: 150, cpu: [], times: [] },
        { name: `other build: quarry search ${query} -n 5`, command: node, args: [other, 'search', query, '--root', dir, '--index', otherIndex, '-n', '5', '--no-color'], targetMs: 300, ok: [0, 1], cpu: [], times: [] },
        { name: 'other build: quarry index (no change)', command: node, args: [other, 'index', dir, '--index', otherIndex], targetMs: 1000, cpu: [], times: [] },
      );
    }
    // One warm-up of each (the page cache, npx's own cache), not counted.
    for (const row of rows) await timed(row);
    for (let round = 0; round < runs; round++) for (const row of rows) row.times.push(await timed(row));
    const loadAfter = loadAverage();
    const median = (row: Row) => percentile(row.times, 50);
    const floor = median(rows[0]!);
    const rg = median(rows.find((r) => r.command === 'rg')!);
    const report = rows.map((row) => ({
      command: row.name,
      median_ms: Math.round(median(row)),
      cpu_ms: row.cpu.length > 0 ? Math.round(percentile(row.cpu, 50)) : null,
      min_ms: Math.round(Math.min(...row.times)),
      over_node_ms: Math.round(median(row) - floor),
      target_ms: row.targetMs ?? null,
      met: row.targetMs === undefined ? null : median(row) <= row.targetMs,
      // On a loaded machine the wall time is mostly waiting for a core; the CPU time is what an idle one's wall time comes close to.
      met_in_cpu: row.targetMs === undefined || row.cpu.length === 0 ? null : percentile(row.cpu, 50) <= row.targetMs,
      ...(row.args.includes('search') ? { vs_rg: Number((median(row) / rg).toFixed(2)) } : {}),
    }));
    if (json) {
      console.log(JSON.stringify({ dir, other_cli: other, files: summary.files, chunks: summary.chunks, runs, cores: os.availableParallelism(), node: process.version, load_before: loadBefore, load_after: loadAfter, rows: report }, null, 2));
      return;
    }
    console.log(`quarry start-up: ${dir} (${summary.files} files, ${summary.chunks} chunks), median of ${runs} run${runs === 1 ? '' : 's'} each, interleaved`);
    console.log(`${os.availableParallelism()} cores, Node ${process.version}, load ${loadBefore} at start, ${loadAfter} at end\n`);
    if (other) console.log(`other build: ${other}\n`);
    console.log(`${'command'.padEnd(48)} ${'median'.padStart(8)} ${'min'.padStart(8)} ${'- node'.padStart(8)} ${'CPU'.padStart(8)}  target (medians)`);
    for (const r of report) {
      const verdict = (met: boolean | null) => (met === null ? '-' : met ? 'met' : 'NOT met');
      const target = r.target_ms === null ? '' : `≤ ${r.target_ms} ms: wall ${verdict(r.met)}, CPU ${verdict(r.met_in_cpu)}`;
      const ratio = 'vs_rg' in r ? `  ${r.vs_rg}x rg's time` : '';
      const cpu = r.cpu_ms === null ? '-' : `${r.cpu_ms} ms`;
      console.log(`${r.command.padEnd(48)} ${`${r.median_ms} ms`.padStart(8)} ${`${r.min_ms} ms`.padStart(8)} ${`${r.over_node_ms} ms`.padStart(8)} ${cpu.padStart(8)}  ${target}${ratio}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
