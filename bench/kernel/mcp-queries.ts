/**
 * @module bench/kernel/mcp-queries
 * Times `search_code` the way an agent calls it: through the MCP SDK client
 * over stdio to a real `quarry mcp` on the built index (no refresh at start).
 */
import { callJson, connectStdio, type StdioSession } from '../../src/test-support/mcp-client.js';
import { searchCodeArgs, type QuerySet } from './queries.js';

export interface QuarryAnswer {
  ms: number;
  total: number;
  /** A work budget stopped the count: the total is a lower bound (a failure for this benchmark). */
  partial: boolean;
  error: string | null;
}

export async function openQuarry(dir: string, storeArgs: readonly string[]): Promise<StdioSession> {
  // The longest per-search timeout the server allows: a slow search is measured, not cut short.
  return connectStdio(['--root', dir, ...storeArgs, '--no-refresh', '--tools', 'code'], { QUARRY_SEARCH_TIMEOUT_MS: '120000' });
}

export async function askQuarry(session: StdioSession, set: QuerySet, query: string): Promise<QuarryAnswer> {
  const start = performance.now();
  const { isError, body } = await callJson<{ total?: number; total_partial?: true; message?: string; error?: { message?: string } }>(
    session.client, 'search_code', searchCodeArgs(set, query));
  const ms = performance.now() - start;
  return {
    ms, total: body.total ?? -1, partial: body.total_partial === true,
    error: isError ? body.error?.message ?? body.message ?? 'error' : null,
  };
}
