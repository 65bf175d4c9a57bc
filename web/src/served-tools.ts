/**
 * @module web/served-tools
 * The tools this server serves (GET /api/tools), asked once per page load:
 * the navigation offers the medicines view only when the server serves the
 * medicines group (by default, only where a SÚKL registry is imported), and
 * the search form takes its languages from search_code's published schema.
 */
import { request } from './api';

export interface ServedTool { name: string; group: string; input_schema: any }

let cache: Promise<ServedTool[]> | null = null;

/** The served tools; an empty list when the server cannot be asked (the views then say why themselves). */
export function servedTools(): Promise<ServedTool[]> {
  cache ??= request<{ tools: ServedTool[] }>('/api/tools').then((r) => r.tools).catch(() => []);
  return cache;
}

export async function servesGroup(group: string): Promise<boolean> {
  return (await servedTools()).some((t) => t.group === group);
}
