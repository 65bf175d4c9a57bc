/**
 * @module bench/kernel/fresh-queries
 * Each query of a set as the FIRST call of its own fresh `quarry mcp` (no
 * warm-up): what an agent that starts the server and asks at once waits for,
 * the index's pages and the search's statements cold in that process (the
 * OS page cache is whatever the run before left: warm on a second run).
 */
import { askQuarry, openQuarry, type QuarryAnswer } from './mcp-queries.js';
import type { QuerySet } from './queries.js';

export interface FreshAnswer extends QuarryAnswer {
  query: string;
  /** From spawning the server to its MCP initialize answered. */
  connect_ms: number;
}

export async function firstQueries(dir: string, storeArgs: readonly string[], set: QuerySet): Promise<FreshAnswer[]> {
  const answers: FreshAnswer[] = [];
  for (const query of set.queries) {
    const start = performance.now();
    const session = await openQuarry(dir, storeArgs);
    const connected = performance.now() - start;
    try {
      answers.push({ query, connect_ms: connected, ...await askQuarry(session, set, query) });
    } finally {
      await session.close();
    }
  }
  return answers;
}
