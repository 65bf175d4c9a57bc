/**
 * @module tools/default-groups
 * The tool groups a server offers when `--tools` is not given: code and live
 * always, medicines only where a SÚKL registry was imported under the root.
 * An agent reads every tool definition at the start of each session, and
 * nine medicine tools that can only answer "not imported" cost it about 1,500
 * o200k tokens for nothing (`npm run eval:tokens -- --tools-list`). An
 * explicit `--tools medicines` still serves them, and they then say how to
 * import. A running server follows an import made while it runs
 * (`followDefaultGroups`): its next tools list (the page's next load, REST,
 * MCP tools/list) has the medicines group.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultMedicinesPath } from '../medicines/store.js';
import { toolsInGroups } from './registry.js';
import type { AnyTool, ToolGroup } from './types.js';

/** Whether `quarry medicines import` has written its database under ROOT. */
export function medicinesImported(root: string): boolean {
  return fs.existsSync(defaultMedicinesPath(path.resolve(root)));
}

export function defaultToolGroups(root: string): ToolGroup[] {
  return medicinesImported(root) ? ['code', 'live', 'medicines'] : ['code', 'live'];
}

export const DEFAULT_GROUPS_HELP = 'default: code,live, and medicines when a SÚKL registry is imported under the root';

/** How often a running server looks again for a registry imported since it started (a stat of one path). */
export const DEFAULT_GROUPS_RECHECK_MS = 1000;

/**
 * The default groups' tools as a server asks for them on each request: the
 * registry's presence is looked up at most once a DEFAULT_GROUPS_RECHECK_MS,
 * and the same array comes back while the groups stay the same.
 */
export function followDefaultGroups(root: string, recheckMs: number = DEFAULT_GROUPS_RECHECK_MS): () => readonly AnyTool[] {
  let checked = 0;
  let key = '';
  let tools: readonly AnyTool[] = [];
  return () => {
    const now = Date.now();
    if (key !== '' && now - checked < recheckMs) return tools;
    checked = now;
    const groups = defaultToolGroups(root);
    if (groups.join() !== key) { key = groups.join(); tools = toolsInGroups(groups); }
    return tools;
  };
}

/** The tools a server serves: the groups `--tools` named, fixed, or else the default groups, followed. */
export function servedTools(root: string, groups: readonly ToolGroup[] | undefined): () => readonly AnyTool[] {
  if (!groups) return followDefaultGroups(root);
  const fixed = toolsInGroups(groups);
  return () => fixed;
}
