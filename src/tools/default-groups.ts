/**
 * @module tools/default-groups
 * The tool groups a server offers when `--tools` is not given: code and live
 * always, medicines only where a SÚKL registry was imported under the root.
 * An agent reads every tool definition at the start of each session, and
 * nine medicine tools that can only answer "not imported" cost it about 1,500
 * o200k tokens for nothing (`npm run eval:tokens -- --tools-list`). An
 * explicit `--tools medicines` still serves them, and they then say how to
 * import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultMedicinesPath } from '../medicines/store.js';
import type { ToolGroup } from './types.js';

/** Whether `quarry medicines import` has written its database under ROOT. */
export function medicinesImported(root: string): boolean {
  return fs.existsSync(defaultMedicinesPath(path.resolve(root)));
}

export function defaultToolGroups(root: string): ToolGroup[] {
  return medicinesImported(root) ? ['code', 'live', 'medicines'] : ['code', 'live'];
}

export const DEFAULT_GROUPS_HELP = 'default: code,live, and medicines when a SÚKL registry is imported under the root';
