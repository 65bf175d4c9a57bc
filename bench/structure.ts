/**
 * @module bench/structure
 * `npm run bench:structure -- DIR [--index FILE] [--reuse] [--lang c] [--runs 3] [--json]`
 * Structural search against ast-grep's own command line on the same tree in
 * the same run: seven distinct patterns (C by default: rare identifiers, a
 * common function, a keyword, and two with no literal word at all) asked of
 * `search_structure` through `quarry mcp` (the MCP SDK client over stdio, on an
 * index of DIR built first) and of `ast-grep run --json`, each the median of
 * `--runs`. Every answer is compared match by match (file, start, end), and
 * the ratio ast-grep / Quarry printed. The load average is printed at the start
 * and the end: the machine may be shared, so the ratios are what compare.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLI } from '../src/test-support/cli.js';
import { callJson, connectStdio, type StdioSession } from '../src/test-support/mcp-client.js';
import { loadAverage } from './harness/load-average.js';
import { percentile } from './harness/percentile.js';

const run = promisify(execFile);
const AST_GREP = (createRequire(import.meta.url)('@ast-grep/cli/postinstall.js') as { resolveBinaryPath: () => string }).resolveBinaryPath();

/** Seven patterns per language: selective ones first, the two without a literal word last. */
const PATTERNS: Record<string, string[]> = {
  c: [
    'kmalloc_array($N, $S, $F)',
    '__builtin_expect($A, $B)',
    'memcpy($D, $S, $N)',
    'sizeof(struct $T)',
    'if ($C) return $R;',
    '$X->$F',
    '$F($A, $B, $C)',
  ],
  python: [
    'subprocess.run($$$A)',
    'os.path.join($$$A)',
    'isinstance($X, $T)',
    'raise $E from $C',
    'try:\n    $$$B\nexcept Exception:\n    pass',
    '$X[$I]',
    '$F($A, $B)',
  ],
};

interface Args { dir: string; index: string; reuse: boolean; lang: string; runs: number; json: boolean }

function parseArgs(argv: string[]): Args {
  const dir = argv.find((a) => !a.startsWith('--') && !['--index', '--lang', '--runs'].includes(argv[argv.indexOf(a) - 1] ?? ''));
  if (!dir) throw new Error('usage: npm run bench:structure -- DIR [--index FILE] [--reuse] [--lang c|python] [--runs N] [--json]');
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  return {
    dir: path.resolve(dir),
    index: path.resolve(value('--index') ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-structure-bench-')), 'index.db')),
    reuse: argv.includes('--reuse'),
    lang: value('--lang') ?? 'c',
    runs: Number(value('--runs') ?? 3),
    json: argv.includes('--json'),
  };
}

interface Match { file: string; start: { line: number; column: number }; end: { line: number; column: number } }

const spot = (m: Match) => `${m.file}:${m.start.line}:${m.start.column}-${m.end.line}:${m.end.column}`;

interface Side { ms: number; total: number; spots: Set<string> | null; partial?: boolean; parsed?: number; error?: string }

/** Matches compared one by one when there are at most this many (beyond it, only totals). */
const COMPARE_MAX = 5_000;

async function quarry(session: StdioSession, lang: string, pattern: string, runs: number): Promise<Side> {
  const times: number[] = [];
  let body: { total?: number; total_partial?: true; prefilter?: { files_parsed: number }; error?: string } = {};
  let failed: string | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const answer = await callJson(session.client, 'search_structure', { pattern, language: lang, max_results: 20 });
    times.push(performance.now() - start);
    body = answer.body as typeof body;
    failed = answer.isError ? String(body.error) : undefined;
  }
  const side: Side = { ms: percentile(times, 50), total: body.total ?? -1, spots: null, partial: body.total_partial === true, parsed: body.prefilter?.files_parsed, error: failed };
  if (!failed && side.total <= COMPARE_MAX) {
    // Untimed: every match, page by page, for the comparison.
    const spots = new Set<string>();
    let whole = true;
    for (let skip = 0; skip < side.total && whole; skip += 500) {
      const page = await callJson(session.client, 'search_structure', { pattern, language: lang, max_results: 500, skip });
      // A page past the budget (TIMEOUT, or partial) leaves the comparison to the totals.
      const matches = (page.body as { matches?: Match[]; total_partial?: true }).matches;
      if (page.isError || !matches || (page.body as { total_partial?: true }).total_partial) whole = false;
      else for (const m of matches) spots.add(spot(m));
    }
    side.spots = whole ? spots : null;
  }
  return side;
}

interface CliMatch { file: string; range: { start: { line: number; column: number }; end: { line: number; column: number } } }

async function astGrep(dir: string, lang: string, pattern: string, runs: number): Promise<Side> {
  const times: number[] = [];
  let stdout = '[]';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    // ast-grep exits 1 when nothing matched; its JSON (an empty list) is still on stdout.
    stdout = (await run(AST_GREP, ['run', '--pattern', pattern, '--lang', lang, '--json=compact', '.'], { cwd: dir, maxBuffer: 1 << 30 })
      .catch((error: { code?: number; stdout?: string }) => (error.code === 1 && error.stdout ? { stdout: error.stdout } : Promise.reject(error as Error)))).stdout;
    times.push(performance.now() - start);
  }
  const matches = JSON.parse(stdout) as CliMatch[];
  const spots = matches.length <= COMPARE_MAX ? new Set(matches.map((m) => spot({
    file: m.file.replace(/^\.\//, ''),
    start: { line: m.range.start.line + 1, column: m.range.start.column + 1 },
    end: { line: m.range.end.line + 1, column: m.range.end.column + 1 },
  }))) : null;
  return { ms: percentile(times, 50), total: matches.length, spots };
}

function equalSets(a: Set<string> | null, b: Set<string> | null): boolean | null {
  if (!a || !b) return null;
  return a.size === b.size && [...a].every((s) => b.has(s));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const patterns = PATTERNS[args.lang];
  if (!patterns) throw new Error(`no pattern set for ${args.lang}: ${Object.keys(PATTERNS).join(', ')}`);
  const loadStart = loadAverage();
  const out = (line: string) => { if (!args.json) console.log(line); };
  out(`tree ${args.dir}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load ${loadStart}`);
  if (!(args.reuse && fs.existsSync(args.index))) {
    const start = performance.now();
    const built = spawnSync(process.execPath, [CLI, 'index', args.dir, '--index', args.index, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (built.status !== 0) throw new Error(`quarry index failed: ${built.stderr}`);
    out(`indexed in ${((performance.now() - start) / 1000).toFixed(1)} s: ${args.index}`);
  }
  // The longest per-search timeout the server allows: a slow search is measured, not cut short.
  const session = await connectStdio(['--root', args.dir, '--index', args.index, '--no-refresh', '--tools', 'code'], { QUARRY_SEARCH_TIMEOUT_MS: '120000' });
  const rows: { pattern: string; quarry: Side; astGrep: Side; ratio: number; equal: boolean | null }[] = [];
  try {
    // Warm-up: the worker starts and loads ast-grep's library once, as a served index has.
    await callJson(session.client, 'search_structure', { pattern: 'warm_up_only($A)', language: args.lang });
    for (const pattern of patterns) {
      const q = await quarry(session, args.lang, pattern, args.runs);
      const a = await astGrep(args.dir, args.lang, pattern, args.runs);
      const row = { pattern, quarry: q, astGrep: a, ratio: a.ms / q.ms, equal: q.partial ? null : equalSets(q.spots, a.spots) };
      rows.push(row);
      const verdict = q.error ? `error: ${q.error}` : row.equal === null ? (q.partial ? 'partial (budget)' : 'totals only') : row.equal ? 'equal' : 'DIFFERENT';
      out(`${JSON.stringify(pattern).padEnd(32)} quarry ${q.ms.toFixed(0).padStart(6)} ms (${q.total}${q.partial ? '+' : ''} matches, ${q.parsed ?? '?'} files parsed)  ast-grep ${a.ms.toFixed(0).padStart(6)} ms (${a.total})  ${row.ratio.toFixed(1)}x  ${verdict}`);
    }
  } finally {
    await session.close();
  }
  out(`load at the end ${loadAverage()}`);
  if (args.json) console.log(JSON.stringify({ dir: args.dir, load: [loadStart, loadAverage()], rows: rows.map((r) => ({ ...r, quarry: { ...r.quarry, spots: undefined }, astGrep: { ...r.astGrep, spots: undefined } })) }));
  if (rows.some((r) => r.equal === false || r.quarry.error)) process.exitCode = 1;
}

await main();
