/**
 * @module test-support/mcp-client
 * The official MCP SDK client, connected over stdio to a real `quarry mcp`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from './cli.js';

export interface StdioSession {
  client: Client;
  /** The `quarry mcp` process (null once it is gone). */
  pid: () => number | null;
  stderr: () => string;
  close: () => Promise<void>;
}

export async function connectStdio(args: string[], env: Record<string, string> = {}): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
  const client = new Client({ name: 'quarry-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: () => transport.pid, stderr: () => stderr, close: () => client.close() };
}

/**
 * Calls a tool; `body` is its JSON reply (structuredContent, or the JSON text
 * of an error or of a bare number), `text` what a model reads.
 */
export async function callJson<T = any>(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: T; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  const text = content[0]!.text;
  return { isError: result.isError === true, body: (result.structuredContent ?? JSON.parse(text)) as T, text };
}
