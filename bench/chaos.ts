/**
 * @module bench/chaos
 * `npm run chaos -- [--kills N] [--seed S] [--mb N]`
 * Crash safety of the built CLI on a real tree (default 22 MB of sources
 * copied from node_modules, in a fixed order):
 * 1. N times (default 20): change some files, start `quarry index`, kill -9
 *    it at a random point; then the index opens, `PRAGMA integrity_check` is
 *    ok, a search answers, the next `quarry index` completes, and a run after
 *    it finds nothing left to do and the round's new marker is found.
 *    Every fourth round starts from no index, so first builds are killed too.
 * 2. `quarry serve` is killed -9 in the middle of an upload burst, once at
 *    least 20 uploads were acknowledged; after a restart every upload that was
 *    acknowledged (2xx) is found by a search for its own token.
 * Prints the figures; exits 1 on any failed check or lost upload.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CLI, PROJECT_ROOT, runCli } from '../src/test-support/cli.js';
import { startServe } from '../src/test-support/http-server.js';
import { copySources } from './harness/copy-sources.js';
import { mulberry32 } from './harness/random.js';

const SOURCES = ['node_modules/typescript/lib', 'node_modules/@modelcontextprotocol/sdk/dist', 'node_modules/zod', 'node_modules/fastify', 'node_modules/pdfjs-dist/legacy'];

function flagNumber(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name === '.quarry') continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full); else out.push(full);
    }
  };
  walk(dir);
  return out;
}

function removeIndex(indexPath: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(indexPath + suffix, { force: true });
}

function integrity(indexPath: string): string {
  if (!fs.existsSync(indexPath)) return 'no index file';
  try {
    const db = new Database(indexPath);
    try {
      return (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer';
    } finally { db.close(); }
  } catch (error) {
    return `cannot open: ${(error as Error).message}`;
  }
}

/** Starts `quarry index` and kills it with SIGKILL after `afterMs` (or lets it finish first). */
function indexAndKill(root: string, afterMs: number): Promise<{ killed: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'index', root, '--json'], { stdio: 'ignore' });
    let killed = false;
    const timer = setTimeout(() => { killed = child.exitCode === null; child.kill('SIGKILL'); }, afterMs);
    child.on('exit', () => { clearTimeout(timer); resolve({ killed, ms: performance.now() - started }); });
  });
}

interface RoundFigures {
  round: number;
  fresh: boolean;
  killAtMs: number;
  killed: boolean;
  integrity: string;
  searchOk: boolean;
  completeOk: boolean;
  nothingLeft: boolean;
  markerFound: boolean;
  completeMs: number;
}

async function killRounds(root: string, kills: number, seed: number, fullMs: number): Promise<RoundFigures[]> {
  const random = mulberry32(seed);
  const indexPath = path.join(root, '.quarry', 'index.db');
  const files = listFiles(root).filter((f) => /\.(js|ts|mjs|cjs|md)$/.test(f));
  const rounds: RoundFigures[] = [];
  for (let round = 1; round <= kills; round++) {
    const fresh = round % 4 === 1;
    if (fresh) removeIndex(indexPath);
    // Work for this round: a marker in a new file, and 3% of the files changed.
    const marker = `chaosmarker${round}x${crypto.randomBytes(4).toString('hex')}`;
    fs.mkdirSync(path.join(root, 'chaos'), { recursive: true });
    fs.writeFileSync(path.join(root, 'chaos', `round-${round}.txt`), `round ${round} ${marker}\n`);
    for (let i = 0; i < files.length * 0.03; i++) {
      const file = files[Math.floor(random() * files.length)]!;
      fs.appendFileSync(file, `\n// chaos round ${round} ${i}\n`);
    }
    const killAtMs = Math.round(150 + random() * (fresh ? fullMs : fullMs * 0.5));
    const { killed } = await indexAndKill(root, killAtMs);
    const check = integrity(indexPath);
    const search = await runCli(['search', 'function', '--root', root, '--json', '--max-results', '3'], { timeoutMs: 60_000 });
    let searchOk = false;
    try { searchOk = (search.code === 0 || search.code === 1) && typeof JSON.parse(search.stdout) === 'object'; } catch { /* not JSON */ }
    const t0 = performance.now();
    const complete = await runCli(['index', root, '--json'], { timeoutMs: 600_000 });
    const completeMs = performance.now() - t0;
    const again = await runCli(['index', root, '--json'], { timeoutMs: 600_000 });
    let nothingLeft = false;
    try {
      const s = JSON.parse(again.stdout) as { added: number; updated: number; deleted: number };
      nothingLeft = again.code === 0 && s.added + s.updated + s.deleted === 0;
    } catch { /* not JSON */ }
    const found = await runCli(['search', marker, '--mode', 'exact', '--root', root, '--json'], { timeoutMs: 60_000 });
    const figures: RoundFigures = {
      round, fresh, killAtMs, killed, integrity: check, searchOk, completeOk: complete.code === 0, nothingLeft,
      markerFound: found.code === 0 && found.stdout.includes(`round-${round}.txt`), completeMs,
    };
    rounds.push(figures);
    const ok = check === 'ok' && searchOk && figures.completeOk && nothingLeft && figures.markerFound;
    process.stderr.write(`round ${round}${fresh ? ' (from no index)' : ''}: kill -9 at ${killAtMs} ms${killed ? '' : ' (had finished)'}, integrity ${check}, search ${searchOk ? 'ok' : 'FAILED'}, completed in ${(completeMs / 1000).toFixed(1)} s${nothingLeft ? '' : ' (NOT complete)'}, marker ${figures.markerFound ? 'found' : 'MISSING'}${ok ? '' : '  <-- FAILED'}\n`);
  }
  return rounds;
}

/** Acknowledged uploads to wait for before the kill. */
const UPLOADS_BEFORE_KILL = 20;

interface UploadFigures {
  sent: number;
  acknowledged: number;
  refused: number;
  notAnswered: number;
  foundAfterRestart: number;
  lost: string[];
  killAfterMs: number;
  restartMs: number;
}

async function uploadBurst(root: string, seed: number): Promise<UploadFigures> {
  const random = mulberry32(seed + 1);
  removeIndex(path.join(root, '.quarry', 'index.db'));
  const limits = ['--mcp-rate-limit', '100000000', '--search-rate-limit', '100000000'];
  const server = await startServe(root, limits, 120_000);
  const acknowledged: { token: string; path: string }[] = [];
  let sent = 0;
  let refused = 0;
  let notAnswered = 0;
  let stop = false;
  // Uploads wait for the first index pass; the kill comes at a random point once some are acknowledged,
  // so the check is about real acknowledged writes (and more are in flight when it lands).
  const extraMs = Math.round(random() * 1500);
  let killAfterMs = 0;
  const client = async (c: number) => {
    for (let i = 0; !stop && i < 10_000; i++) {
      const token = `upl${c}x${i}x${crypto.randomBytes(5).toString('hex')}`;
      const file = `uploads/c${c}/u${i}.md`;
      sent++;
      try {
        const response = await fetch(`${server.url}/api/projects/proj_default/files`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: file, content: `# upload ${i}\n\n${token}\n` }),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.ok) acknowledged.push({ token, path: file });
        else if (response.status !== 429) refused++;
      } catch {
        notAnswered++;
        return;
      }
    }
  };
  const started = performance.now();
  const clients = Array.from({ length: 4 }, (_, c) => client(c));
  const waitUntil = performance.now() + 180_000;
  while (acknowledged.length < UPLOADS_BEFORE_KILL && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, extraMs));
  killAfterMs = Math.round(performance.now() - started);
  server.child.kill('SIGKILL');
  stop = true;
  await Promise.all(clients);
  await new Promise<void>((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.once('exit', () => r())));

  const t0 = performance.now();
  const again = await startServe(root, limits, 300_000);
  const restartMs = performance.now() - t0;
  const lost: string[] = [];
  try {
    for (const upload of acknowledged) {
      const response = await fetch(`${again.url}/api/projects/proj_default/search`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: upload.token, limit: 5 }), signal: AbortSignal.timeout(120_000),
      });
      const body = await response.json() as { results?: { path: string | null; content: string }[] };
      if (!body.results?.some((r) => r.content.includes(upload.token))) lost.push(upload.path);
    }
  } finally {
    await again.stop();
  }
  return { sent, acknowledged: acknowledged.length, refused, notAnswered, foundAfterRestart: acknowledged.length - lost.length, lost, killAfterMs, restartMs };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const kills = flagNumber(args, '--kills', 20);
  const seed = flagNumber(args, '--seed', 7);
  const mb = flagNumber(args, '--mb', 22);
  const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-chaos-')));
  const root = path.join(work, 'tree');
  const started = performance.now();
  try {
    const copied = copySources(PROJECT_ROOT, SOURCES, root, mb * 1_000_000);
    process.stderr.write(`tree ${root}: ${copied.files} files, ${(copied.bytes / 1e6).toFixed(1)} MB\n`);
    const t0 = performance.now();
    const first = await runCli(['index', root, '--json'], { timeoutMs: 600_000 });
    if (first.code !== 0) throw new Error(`first index failed: ${first.stderr}`);
    const fullMs = performance.now() - t0;
    process.stderr.write(`full index: ${(fullMs / 1000).toFixed(1)} s\n`);

    const rounds = await killRounds(root, kills, seed, fullMs);
    const uploads = await uploadBurst(root, seed);

    const count = (pred: (r: RoundFigures) => boolean) => rounds.filter(pred).length;
    const lines = [
      `tree: ${copied.files} files, ${(copied.bytes / 1e6).toFixed(1)} MB; full index ${(fullMs / 1000).toFixed(1)} s (node start included)`,
      `index kills: ${rounds.length} kill -9 (${count((r) => r.killed)} while running, ${count((r) => r.fresh)} during a first build), kill points ${Math.min(...rounds.map((r) => r.killAtMs))}-${Math.max(...rounds.map((r) => r.killAtMs))} ms`,
      `  integrity_check ok ${count((r) => r.integrity === 'ok')}/${rounds.length}, search answered ${count((r) => r.searchOk)}/${rounds.length}, next index completed ${count((r) => r.completeOk && r.nothingLeft)}/${rounds.length}, new marker found ${count((r) => r.markerFound)}/${rounds.length}`,
      `  completing run: mean ${(rounds.reduce((s, r) => s + r.completeMs, 0) / rounds.length / 1000).toFixed(1)} s, max ${(Math.max(...rounds.map((r) => r.completeMs)) / 1000).toFixed(1)} s`,
      `server kill during uploads: kill -9 after ${uploads.killAfterMs} ms (at least ${UPLOADS_BEFORE_KILL} acknowledged, more in flight); uploads sent ${uploads.sent}, acknowledged ${uploads.acknowledged}, refused ${uploads.refused}, cut by the kill ${uploads.notAnswered}`,
      `  after restart (${(uploads.restartMs / 1000).toFixed(1)} s): found ${uploads.foundAfterRestart}/${uploads.acknowledged}${uploads.lost.length ? `, LOST: ${uploads.lost.slice(0, 10).join(', ')}` : ''}`,
      `total ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const roundFailures = rounds.filter((r) => !(r.integrity === 'ok' && r.searchOk && r.completeOk && r.nothingLeft && r.markerFound)).length;
    const failed = roundFailures > 0 || uploads.lost.length > 0 || uploads.refused > 0;
    if (failed) process.stdout.write(`FAILED: ${roundFailures} kill rounds failed a check, ${uploads.lost.length} acknowledged uploads lost, ${uploads.refused} uploads refused\n`);
    return failed ? 1 : 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(2);
});
