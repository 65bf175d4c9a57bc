/**
 * @module search/example-queries
 * A few queries that show a new user what to type, taken from the index:
 * the identifiers it defines that the most files call (`kfree`,
 * `spin_lock` on the kernel; `url_for`, `get_json` on flask), left out
 * when too short to say anything or too generic to be worth a search
 * (`init`, `main`, `get`). One grouped scan of the call graph's covering
 * index and a lookup per name in the definitions, run in a search worker.
 */
import type { IndexReader } from '../store/store.js';

export const EXAMPLE_QUERIES = {
  /** Queries offered. */
  count: 6,
  /** Most called names read before the filters below (most of the top ones are the language's own, which the index does not define). */
  scan: 400,
  /** Shorter names say little on their own (`i`, `ok`, `len`). */
  minChars: 4,
  /** Longer ones read as noise on a home page. */
  maxChars: 32,
} as const;

/** Names defined in almost every project, whose hits would say nothing about this one. */
const GENERIC = new Set([
  'init', 'main', 'setup', 'start', 'stop', 'run', 'close', 'open', 'read', 'write', 'print', 'format', 'parse', 'test',
  'next', 'size', 'data', 'name', 'value', 'values', 'keys', 'items', 'length', 'count', 'append', 'push', 'update',
  'create', 'delete', 'remove', 'reset', 'clear', 'copy', 'load', 'save', 'call', 'apply', 'handle', 'process', 'execute',
  'toString', 'equals', 'hashCode', 'constructor', '__init__', '__str__', '__repr__', '__eq__', '__call__', 'String', 'Error',
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a called name makes a good example: an identifier of sensible length, not a generic one. */
export function worthAnExample(name: string): boolean {
  return name.length >= EXAMPLE_QUERIES.minChars && name.length <= EXAMPLE_QUERIES.maxChars && IDENTIFIER.test(name) && !GENERIC.has(name)
    && !/^_+$/.test(name);
}

/** The example queries of an index: its most called own names, most files first; none for an index without a call graph. */
export async function exampleQueries(reader: IndexReader, count: number = EXAMPLE_QUERIES.count): Promise<string[]> {
  const names = await reader.calledNames(EXAMPLE_QUERIES.scan);
  const picked: string[] = [];
  for (const { name } of names) {
    if (worthAnExample(name) && !picked.includes(name)) picked.push(name);
    if (picked.length === count) break;
  }
  return picked;
}
