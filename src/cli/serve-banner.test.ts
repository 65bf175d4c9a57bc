/**
 * `quarry serve`'s line for a person: the decision and its words, then the
 * built CLI on a real pseudo-terminal (util-linux `script`), where the line
 * appears, and on pipes, where only the JSON logs do.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../test-support/cli.js';
import { startServe } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';
import { pageUrl, serveBanner } from './serve-banner.js';

const SCRIPT = '/usr/bin/script';

describe('serveBanner: whether and what to tell a person at a terminal', () => {
  const base = { url: 'http://127.0.0.1:7700', root: '/srv/app', token: false, locale: 'en' as const };

  it('says nothing when stderr is not a terminal', () => {
    expect(serveBanner({ ...base, isTTY: false })).toBeNull();
    expect(serveBanner({ ...base, token: true, isTTY: false })).toBeNull();
  });

  it('names the page to open and the MCP endpoint', () => {
    expect(serveBanner({ ...base, isTTY: true })).toBe('Quarry is serving /srv/app: open http://127.0.0.1:7700/ in a browser (MCP: http://127.0.0.1:7700/mcp).');
  });

  it('with a token, says how to hand it to the page without printing it', () => {
    const line = serveBanner({ ...base, token: true, isTTY: true })!;
    expect(line).toContain('open http://127.0.0.1:7700/#token=YOUR_TOKEN');
    expect(line).toContain('Authorization: Bearer YOUR_TOKEN');
  });

  it('an any-address listen is opened as localhost; the words follow the locale', () => {
    expect(pageUrl('http://0.0.0.0:7700')).toBe('http://localhost:7700/');
    expect(pageUrl('http://[::]:7700')).toBe('http://localhost:7700/');
    expect(pageUrl('http://[::1]:7700')).toBe('http://[::1]:7700/');
    expect(serveBanner({ ...base, isTTY: true, locale: 'cs' })).toContain('otevřete http://127.0.0.1:7700/ v prohlížeči');
  });
});

describe('quarry serve on a terminal and on pipes', () => {
  const stops: (() => void)[] = [];
  afterAll(() => { stops.forEach((stop) => stop()); });

  /** Runs the built `quarry serve` under `script`, which gives it a pseudo-terminal; resolves with the output once `until` shows. */
  const onTerminal = (root: string, env: NodeJS.ProcessEnv, until: RegExp) => new Promise<string>((resolve, reject) => {
    const command = [process.execPath, CLI, 'serve', root, '--port', '0', '--host', '127.0.0.1', '--refresh', 'off'].join(' ');
    const child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const stop = () => { try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ } };
    stops.push(stop);
    let output = '';
    const timer = setTimeout(() => { stop(); reject(new Error(`no ${until} in:\n${output}`)); }, 30_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      output += d;
      if (until.test(output)) { clearTimeout(timer); stop(); resolve(output); }
    });
  });

  it.skipIf(!fs.existsSync(SCRIPT))('prints the line on a terminal, beside the unchanged JSON logs; a token is hinted, never shown', async () => {
    const root = makeTree({ 'a.ts': 'export const a = 1;\n' });
    const plain = await onTerminal(root, {}, /server_ready[\s\S]*in a browser|in a browser[\s\S]*server_ready/);
    expect(plain).toMatch(new RegExp(`Quarry is serving ${root}: open http://127\\.0\\.0\\.1:\\d+/ in a browser`));
    expect(plain).toMatch(/^\{.*"event":"server_ready".*\}\r?$/m);
    const token = 'banner-test-token-0123456789abcdef';
    const guarded = await onTerminal(root, { QUARRY_TOKEN: token }, /#token=YOUR_TOKEN/);
    expect(guarded).toMatch(/open http:\/\/127\.0\.0\.1:\d+\/#token=YOUR_TOKEN in a browser/);
    expect(guarded).not.toContain(token);
  });

  it('prints no such line when its output goes to pipes', async () => {
    const server = await startServe(makeTree({ 'a.ts': 'export const a = 1;\n' }), ['--refresh', 'off']);
    try {
      // The line would be written right after the ready log; give it a moment to show, were it there.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.stderr()).not.toContain('Quarry is serving');
      expect(server.lines().some((l) => l.event === 'server_ready')).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

if (!fs.existsSync(SCRIPT)) describe('quarry serve on a terminal', () => { it.skip(`skipped: ${SCRIPT} (util-linux) is missing`, () => {}); });
