/**
 * @module bench/web-search
 * `npm run bench:web -- [DIR] [--index FILE]` (DIR defaults to
 * /usr/include): how soon the web page shows an answer while one types.
 * Indexes DIR with the built CLI (incremental: a second run reuses the
 * index), starts `quarry serve` on 127.0.0.1 with a free port, and drives
 * chromium (the page tests' launcher) to type each query into the search
 * box at 60 ms a key. For every query it measures, in the page's own clock:
 *   - with debounce: last keystroke -> results rendered (DOM committed);
 *   - answer: the debounced search starting (the URL follows the box) ->
 *     results rendered, split into the request (fetch, incl. the server)
 *     and rendering (response end -> DOM committed);
 *   - the server's took_ms and the reply's size.
 * Queries are distinct, so the server's answer cache never serves them.
 * The same query through ripgrep over the same tree is timed in the same run,
 * and the table shows rg / answer as a ratio (above 1: the page is faster).
 * Prints p50/p95 per query kind and overall, then one JSON line.
 */
// The page.evaluate callbacks run in the browser.
/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateBinary } from '../src/live/binaries.js';
import { launchBrowser } from '../src/test-support/browser.js';
import { runCli } from '../src/test-support/cli.js';
import { startServe } from '../src/test-support/http-server.js';
import { percentile } from './harness/percentile.js';

/** What the page script keeps on `window` while a query is typed (the bench reads it back). */
interface BenchWindow {
  __bench: { lastKey?: number; debounced?: number; done?: Promise<unknown> };
}

interface Query { kind: 'identifier' | 'words' | 'regex'; text: string; mode: 'auto' | 'regex'; rg: string[] }

const KEY_DELAY_MS = 60;

/** Identifiers, words and regexes found in a Debian /usr/include; rg gets the same question (fixed string, words, regex). */
const QUERIES: Query[] = [
  ...['pthread_mutex_lock', 'sockaddr_in6', 'clock_gettime', 'getaddrinfo', 'EPOLLIN', 'O_NONBLOCK', 'strtoull', 'SIGTERM', 'mmap', 'memcpy']
    .map((text): Query => ({ kind: 'identifier', text, mode: 'auto', rg: ['-F', '--', text] })),
  ...['file descriptor', 'memory allocation', 'network byte order', 'signal handler', 'thread safe']
    .map((text): Query => ({ kind: 'words', text, mode: 'auto', rg: ['-i', ...text.split(' ').flatMap((w) => ['-e', w])] })),
  ...['pthread_\\w+_init', 'EPOLL[A-Z]+', 'SIG[A-Z]+[0-9]', 'str[a-z]+_r\\b', '__attribute__\\(\\(\\w+\\)\\)']
    .map((text): Query => ({ kind: 'regex', text, mode: 'regex', rg: ['-e', text] })),
];

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}

interface Sample {
  query: Query; withDebounceMs: number; debounceMs: number; answerMs: number; fetchMs: number; renderMs: number;
  tookMs: number; replyBytes: number; items: number; total: number; rgMs: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = path.resolve(args[0] ?? '/usr/include');
  const indexPath = path.resolve(flag(args, '--index')
    ?? path.join(os.tmpdir(), 'quarry-bench-web', `${crypto.createHash('sha256').update(dir).digest('hex').slice(0, 12)}.db`));
  fs.mkdirSync(path.dirname(indexPath), { recursive: true });
  const rg = locateBinary('rg', { env: process.env, locale: 'en' }).path;

  process.stderr.write(`indexing ${dir} into ${indexPath} ...\n`);
  const indexed = await runCli(['index', dir, '--index', indexPath, '--json'], { timeoutMs: 3_600_000 });
  if (indexed.code !== 0) throw new Error(`quarry index failed: ${indexed.stderr}`);
  const summary = JSON.parse(indexed.stdout) as { files: number; bytes: number; chunks: number; duration_ms: number; index_bytes: number };

  const server = await startServe(dir, ['--index', indexPath, '--refresh', 'off', '--search-rate-limit', '100000'], 120_000);
  const browser = await launchBrowser();
  const samples: Sample[] = [];
  try {
    const { page } = browser;
    {
      for (const mode of ['auto', 'regex'] as const) {
        await page.goto(`${server.url}/?mode=${mode}`);
        await page.waitForSelector('[data-search-box]');
        // tsx compiles with keepNames: functions inside page.evaluate callbacks call a __name helper the page lacks.
        await page.evaluate('globalThis.__name = (fn) => fn');
        await page.evaluate(() => {
          const w = window as unknown as BenchWindow;
          w.__bench = {};
          const replace = history.replaceState.bind(history);
          history.replaceState = (...a: Parameters<History['replaceState']>) => { w.__bench.debounced = performance.now(); return replace(...a); };
          document.addEventListener('keydown', () => { w.__bench.lastKey = performance.now(); }, true);
        });
        for (const query of QUERIES.filter((q) => q.mode === mode)) {
          // Start from an empty box and page, as someone typing a new search.
          await page.fill('[data-search-box]', '');
          await page.waitForFunction(() => !new URL(location.href).searchParams.get('q') && !document.querySelector('[data-total]'));
          const text = query.text;
          await page.evaluate((target) => {
            const w = window as unknown as BenchWindow;
            w.__bench = { ...w.__bench, debounced: undefined, lastKey: undefined };
            w.__bench.done = new Promise((resolve) => {
              const check = () => {
                const b = w.__bench;
                const debounced = b.debounced;
                if (debounced === undefined || new URL(location.href).searchParams.get('q') !== target) return;
                // An error of a partial query (a key came late and the debounce fired early) stays up while the full one runs.
                if (document.querySelector('.status')?.textContent?.startsWith('Searching')) return;
                const failed = document.querySelector('.error');
                const total = document.querySelector('[data-total]');
                if (!failed && !total) return;
                observer.disconnect();
                const rendered = performance.now();
                const timing = performance.getEntriesByType('resource')
                  .filter((e) => e.name.endsWith('/api/tools/search_code') && e.startTime >= debounced - 1).at(-1) as PerformanceResourceTiming | undefined;
                resolve({ lastKey: b.lastKey, debounced, responseEnd: timing?.responseEnd ?? rendered, rendered, error: failed?.textContent ?? null });
              };
              const observer = new MutationObserver(check);
              observer.observe(document.body, { subtree: true, childList: true, characterData: true });
              setTimeout(() => { observer.disconnect(); resolve({ error: `no answer within 30 s (at ${location.href}: ${document.querySelector('.status')?.textContent})` }); }, 30_000);
            });
          }, text);
          const replied = page.waitForResponse((r) => r.url().endsWith('/api/tools/search_code')
            && (JSON.parse(r.request().postData() ?? '{}') as { query?: string }).query === text, { timeout: 60_000 });
          replied.catch(() => undefined); // awaited below; a failure before that is reported instead
          await page.click('[data-search-box]');
          await page.keyboard.type(text, { delay: KEY_DELAY_MS });
          const t = await page.evaluate(() => (window as unknown as BenchWindow).__bench.done) as { lastKey: number; debounced: number; responseEnd: number; rendered: number; error: string | null };
          if (t.error) throw new Error(`${query.text}: ${t.error}`);
          const body = await (await replied).body();
          const json = JSON.parse(body.toString('utf8')) as { took_ms: number; items: unknown[]; total: number };
          const lastReply = { tookMs: json.took_ms, bytes: body.length, items: json.items.length, total: json.total };
          const started = performance.now();
          spawnSync(rg, ['--count-matches', ...query.rg, dir], { stdio: ['ignore', 'ignore', 'ignore'] });
          const rgMs = performance.now() - started;
          samples.push({
            query, withDebounceMs: t.rendered - t.lastKey, debounceMs: t.debounced - t.lastKey, answerMs: t.rendered - t.debounced,
            fetchMs: t.responseEnd - t.debounced, renderMs: t.rendered - t.responseEnd,
            tookMs: lastReply.tookMs, replyBytes: lastReply.bytes, items: lastReply.items, total: lastReply.total, rgMs,
          });
          process.stderr.write('.');
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  process.stderr.write('\n');
  report(dir, summary, samples);
}

function report(dir: string, summary: { files: number; bytes: number; chunks: number; index_bytes: number }, samples: Sample[]): void {
  console.log(`quarry web search-as-you-type on ${dir}: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(0)} MB, ${summary.chunks} chunks, index ${(summary.index_bytes / 1e6).toFixed(0)} MB`);
  console.log(`host: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; typing at ${KEY_DELAY_MS} ms a key\n`);
  console.log('query                           kind        hits  reply KB  took_ms  fetch  render  answer  +debounce  rg ms  rg/answer');
  for (const s of samples) {
    console.log([
      s.query.text.padEnd(31), s.query.kind.padEnd(10), String(s.total).padStart(5), (s.replyBytes / 1024).toFixed(1).padStart(9),
      String(s.tookMs).padStart(8), round(s.fetchMs).toFixed(0).padStart(6), round(s.renderMs).toFixed(0).padStart(7),
      round(s.answerMs).toFixed(0).padStart(7), round(s.withDebounceMs).toFixed(0).padStart(10), s.rgMs.toFixed(0).padStart(6),
      (s.rgMs / s.answerMs).toFixed(1).padStart(10),
    ].join(' '));
  }
  const groups: [string, Sample[]][] = [
    ...(['identifier', 'words', 'regex'] as const).map((k): [string, Sample[]] => [k, samples.filter((s) => s.query.kind === k)]),
    ['all', samples],
  ];
  console.log('\n            answer p50/p95   +debounce p50/p95   took_ms p50/p95   render p50/p95   rg p50/p95   rg/answer (p50)');
  const pair = (values: number[]) => `${percentile(values, 50).toFixed(0)}/${percentile(values, 95).toFixed(0)}`;
  const summaryJson: Record<string, unknown> = { dir, files: summary.files, bytes: summary.bytes, load: os.loadavg() };
  for (const [name, group] of groups) {
    const answer = group.map((s) => s.answerMs);
    const rgTimes = group.map((s) => s.rgMs);
    console.log([
      name.padEnd(11), pair(answer).padStart(15), pair(group.map((s) => s.withDebounceMs)).padStart(19), pair(group.map((s) => s.tookMs)).padStart(17),
      pair(group.map((s) => s.renderMs)).padStart(16), pair(rgTimes).padStart(12), (percentile(rgTimes, 50) / percentile(answer, 50)).toFixed(1).padStart(17),
    ].join(' '));
    summaryJson[name] = {
      answer_p50_ms: round(percentile(answer, 50)), answer_p95_ms: round(percentile(answer, 95)),
      with_debounce_p50_ms: round(percentile(group.map((s) => s.withDebounceMs), 50)), with_debounce_p95_ms: round(percentile(group.map((s) => s.withDebounceMs), 95)),
      took_p50_ms: percentile(group.map((s) => s.tookMs), 50), took_p95_ms: percentile(group.map((s) => s.tookMs), 95),
      rg_p50_ms: round(percentile(rgTimes, 50)), rg_p95_ms: round(percentile(rgTimes, 95)),
    };
  }
  console.log(`\n${JSON.stringify(summaryJson)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
