/**
 * @module test-support/http-server
 * Starts the built `quarry serve` as a real child process on 127.0.0.1 with
 * port 0, reads its URL from the `server_ready` log line, and keeps its
 * stdout lines (pino logs and tool-call lines) for assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CLI } from './cli.js';

/** The MCP contract's 429 body, written out as the contract gives it (not built from the code under test). */
export const SEED_429_BODY = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Překročen limit požadavků. Zkuste to znovu za minutu."}}';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every stdout line so far, parsed when it is JSON. */
  lines: () => Record<string, any>[];
  stderr: () => string;
  /** SIGTERM, then resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** `cli`: the built entry point to run (another copy of the package, say). */
export function startServe(dir: string, args: string[] = [], timeoutMs = 30_000, env: NodeJS.ProcessEnv = {}, cli = CLI): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cli, 'serve', dir, '--port', '0', '--host', '127.0.0.1', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = () => stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => { try { return JSON.parse(l); } catch { return {}; } });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`serve did not start:\n${stdout}\n${stderr}`)); }, timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const ready = lines().find((l) => l.event === 'server_ready');
      if (ready) { clearTimeout(timer); resolve({ url: ready.url, child, lines, stderr: () => stderr, stop }); }
    });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`serve exited with ${code}:\n${stdout}\n${stderr}`)); });
  });
}

/** The official SDK client over Streamable HTTP (with extra headers, e.g. a bearer token). */
export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: any }

/**
 * A request through node:http, which (unlike fetch) lets a test forge the
 * Host header, as a browser does after a DNS rebinding.
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string } = {}): Promise<RawResponse> {
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      // The address the client connects from (127.0.0.2 is another loopback address of this machine).
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }), ...options.headers },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (d: string) => { text += d; });
      response.on('end', () => {
        let json: any = null;
        try { json = JSON.parse(text); } catch { /* not JSON: callers assert on text */ }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; text: string; json: any }> {
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON: callers assert on text */ }
  return { status: response.status, headers: response.headers, text, json };
}

/** A JSON-RPC request as a plain HTTP client would send it to /mcp. */
export function mcpPost(url: string, message: unknown, headers: Record<string, string> = {}) {
  return postJson(url, message, { accept: 'application/json, text/event-stream', ...headers });
}
