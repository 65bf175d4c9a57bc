/**
 * @module bench/fuzz/doors
 * Sends one fuzz input through one door of a running Quarry and judges the
 * reply: MCP over HTTP (raw JSON-RPC POSTs), REST tool calls, REST search,
 * uploads, project creation, raw bodies (malformed, deep, batched), MCP over
 * stdio (the SDK client) and a spawned `quarry call`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CLI } from '../../src/test-support/cli.js';
import { FUZZ_BUDGET, judgeBody, type Outcome } from './judge.js';

export type FuzzInput =
  | { door: 'mcp-http'; tool: string; args: unknown }
  | { door: 'rest-tool'; tool: string; args: unknown }
  | { door: 'mcp-stdio'; tool: string; args: unknown }
  | { door: 'cli'; tool: string; args: unknown }
  | { door: 'rest-search'; project: string; body: unknown }
  | { door: 'upload'; body: unknown }
  | { door: 'project'; body: unknown }
  | { door: 'raw'; method: string; path: string; body: string; contentType: string };

export interface Target {
  /** Base URL of `quarry serve`, or null while it is down. */
  url: () => string;
  /** True when the server process has exited. */
  serverDead: () => boolean;
  stdio: () => Client | null;
  stdioDead: () => boolean;
  root: string;
  canaryToken: string;
}

let rpcId = 0;

function serialize(value: unknown): string {
  // Lone surrogates and NULs are sent as JSON escapes, as any JSON client would.
  return JSON.stringify(value) ?? 'null';
}

async function httpSend(target: Target, door: string, method: string, urlPath: string, body: string | undefined, contentType: string, accept = 'application/json'): Promise<Outcome> {
  const started = performance.now();
  const outcome: Outcome = { door, ms: 0, bytes: 0, failures: [], rateLimited: false };
  try {
    const response = await fetch(target.url() + urlPath, {
      method, body, headers: { 'content-type': contentType, accept }, signal: AbortSignal.timeout(FUZZ_BUDGET.abandonMs),
    });
    const buf = Buffer.from(await response.arrayBuffer());
    outcome.ms = performance.now() - started;
    outcome.bytes = buf.length;
    outcome.status = response.status;
    return judgeBody(outcome, buf.toString('utf8'), target.canaryToken, FUZZ_BUDGET.callMs);
  } catch (error) {
    outcome.ms = performance.now() - started;
    const name = (error as Error).name;
    // Give a dying server a moment to be seen as dead.
    await new Promise((r) => setTimeout(r, 50));
    if (target.serverDead()) outcome.failures.push({ cls: 'crash', symptom: `server process exited (${(error as Error).message})` });
    else if (name === 'TimeoutError' || name === 'AbortError') outcome.failures.push({ cls: 'over_budget', symptom: `no answer in ${FUZZ_BUDGET.abandonMs} ms` });
    else outcome.failures.push({ cls: 'crash', symptom: `connection failed: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}` });
    return outcome;
  }
}

function toolCallMessage(tool: string, args: unknown): unknown {
  return { jsonrpc: '2.0', id: ++rpcId, method: 'tools/call', params: { name: tool, arguments: args } };
}

export const MCP_ACCEPT = 'application/json, text/event-stream';

async function stdioSend(target: Target, tool: string, args: unknown): Promise<Outcome> {
  const outcome: Outcome = { door: 'mcp-stdio', ms: 0, bytes: 0, failures: [], rateLimited: false };
  const client = target.stdio();
  const started = performance.now();
  if (!client) {
    outcome.failures.push({ cls: 'crash', symptom: 'stdio server is down' });
    return outcome;
  }
  try {
    const result = await client.callTool({ name: tool, arguments: args as Record<string, unknown> }, undefined, { timeout: FUZZ_BUDGET.abandonMs });
    outcome.ms = performance.now() - started;
    const text = JSON.stringify(result);
    outcome.bytes = Buffer.byteLength(text);
    return judgeBody(outcome, text, target.canaryToken, FUZZ_BUDGET.callMs);
  } catch (error) {
    outcome.ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
    const e = error as { code?: number; message?: string };
    if (target.stdioDead()) outcome.failures.push({ cls: 'crash', symptom: `stdio transport closed: ${e.message}` });
    else if (e.code === -32603) outcome.failures.push({ cls: 'internal', symptom: `JSON-RPC -32603: ${e.message}` });
    else if (e.code === -32001) outcome.failures.push({ cls: 'over_budget', symptom: `no answer in ${FUZZ_BUDGET.abandonMs} ms` });
    else {
      const text = String(e.message ?? error);
      outcome.bytes = text.length;
      judgeBody(outcome, text, target.canaryToken, FUZZ_BUDGET.callMs);
    }
    return outcome;
  }
}

function cliSend(target: Target, tool: string, args: unknown): Promise<Outcome> {
  const started = performance.now();
  const outcome: Outcome = { door: 'cli', ms: 0, bytes: 0, failures: [], rateLimited: false };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'call', tool, '-', '--root', target.root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, FUZZ_BUDGET.abandonMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.stdin.on('error', () => { /* the CLI may exit before reading everything */ });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      outcome.ms = performance.now() - started;
      outcome.bytes = Buffer.byteLength(stdout);
      if (killed) outcome.failures.push({ cls: 'over_budget', symptom: `quarry call gave no answer in ${FUZZ_BUDGET.abandonMs} ms` });
      else if (signal || (code !== 0 && code !== 1)) outcome.failures.push({ cls: 'crash', symptom: `quarry call exited ${signal ?? code}: ${stderr.slice(0, 300)}` });
      else judgeBody(outcome, stdout, target.canaryToken, FUZZ_BUDGET.cliMs);
      resolve(outcome);
    });
    child.stdin.end(serialize(args));
  });
}

/** A created project whose folder resolves outside the root is an escape even before anything is read from it. */
async function projectSend(target: Target, body: unknown): Promise<Outcome> {
  const started = performance.now();
  const outcome: Outcome = { door: 'project', ms: 0, bytes: 0, failures: [], rateLimited: false };
  try {
    const response = await fetch(`${target.url()}/api/projects`, {
      method: 'POST', body: serialize(body), headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(FUZZ_BUDGET.abandonMs),
    });
    const text = await response.text();
    outcome.ms = performance.now() - started;
    outcome.bytes = Buffer.byteLength(text);
    outcome.status = response.status;
    // Creating a project indexes its folder before answering: that is work, not a hang, so it gets the CLI budget.
    judgeBody(outcome, text, target.canaryToken, FUZZ_BUDGET.cliMs);
    if (response.status === 201) {
      const created = JSON.parse(text) as { id?: string; folder?: string | null };
      if (created.folder) {
        let real = created.folder;
        try { real = fs.realpathSync(path.resolve(target.root, created.folder)); } catch { /* keep as given */ }
        const rel = path.relative(target.root, real);
        if (rel.startsWith('..') || path.isAbsolute(rel)) outcome.failures.push({ cls: 'escape', symptom: `project created from ${created.folder} (outside the root)` });
      }
      if (created.id) {
        const search = await httpSend(target, 'project', 'POST', `/api/projects/${encodeURIComponent(created.id)}/search`, serialize({ query: 'secret line' }), 'application/json');
        outcome.failures.push(...search.failures);
        await fetch(`${target.url()}/api/projects/${encodeURIComponent(created.id)}`, { method: 'DELETE', signal: AbortSignal.timeout(FUZZ_BUDGET.abandonMs) }).catch(() => undefined);
      }
    }
  } catch (error) {
    outcome.ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
    outcome.failures.push({ cls: target.serverDead() ? 'crash' : 'over_budget', symptom: `project route: ${(error as Error).message}` });
  }
  return outcome;
}

export function send(target: Target, input: FuzzInput): Promise<Outcome> {
  switch (input.door) {
    case 'mcp-http': return httpSend(target, input.door, 'POST', '/mcp', serialize(toolCallMessage(input.tool, input.args)), 'application/json', MCP_ACCEPT);
    case 'rest-tool': return httpSend(target, input.door, 'POST', `/api/tools/${encodeURIComponent(input.tool)}`, serialize(input.args), 'application/json');
    case 'rest-search': return httpSend(target, input.door, 'POST', `/api/projects/${encodeURIComponent(input.project)}/search`, serialize(input.body), 'application/json');
    case 'upload': return httpSend(target, input.door, 'POST', '/api/projects/proj_default/files', serialize(input.body), 'application/json');
    case 'raw': return httpSend(target, input.door, input.method, input.path, input.method === 'GET' || input.method === 'DELETE' ? undefined : input.body, input.contentType, MCP_ACCEPT);
    case 'project': return projectSend(target, input.body);
    case 'mcp-stdio': return stdioSend(target, input.tool, input.args);
    case 'cli': return cliSend(target, input.tool, input.args);
  }
}
