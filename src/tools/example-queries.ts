/**
 * @module tools/example-queries
 * The served folder's example queries (search/example-queries) for the
 * web page's home view, asked of a search worker, so the grouped scan of
 * the call graph never runs on the serving thread. Cached per tool context
 * for a minute: the names move only as the index does, and a home page
 * load should not cost a scan; an empty answer (no index yet, or one being
 * built) is asked again sooner.
 */
import { EXAMPLE_QUERIES } from '../search/example-queries.js';
import type { ToolContext } from './context.js';

/** How long an answer is reused; an empty one for less, so examples show soon after a first build. */
export const EXAMPLE_QUERIES_CACHE = { keepMs: 60_000, keepEmptyMs: 5_000 } as const;

const cache = new WeakMap<ToolContext, { at: number; queries: Promise<string[]> }>();

export function exampleQueries(ctx: ToolContext, now: number = Date.now()): Promise<string[]> {
  const held = cache.get(ctx);
  if (held && now - held.at < EXAMPLE_QUERIES_CACHE.keepMs) return held.queries;
  const queries = ctx.searchIndex('example_queries', { count: EXAMPLE_QUERIES.count });
  const entry = { at: now, queries };
  cache.set(ctx, entry);
  // A failure or an empty list is not kept long: the index may be missing or still being built.
  queries.then((found) => { if (found.length === 0) entry.at = now - EXAMPLE_QUERIES_CACHE.keepMs + EXAMPLE_QUERIES_CACHE.keepEmptyMs; },
    () => { if (cache.get(ctx) === entry) cache.delete(ctx); });
  return queries;
}
