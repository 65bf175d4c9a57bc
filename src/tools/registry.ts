/**
 * @module tools/registry
 * Every tool Quarry serves, in one list. Doors (MCP, HTTP, CLI) are
 * generated from it, so a tool added here is reachable everywhere.
 */
import { batchCheckAvailabilityTool } from './batch-check-availability.js';
import { checkAvailabilityTool } from './check-availability.js';
import { findAndGrepTool } from './find-and-grep.js';
import { findPharmaciesTool } from './find-pharmacies.js';
import { findReferencesTool } from './find-references.js';
import { getAtcInfoTool } from './get-atc-info.js';
import { getMedicineDetailsTool } from './get-medicine-details.js';
import { getPilContentTool } from './get-pil-content.js';
import { getReimbursementTool } from './get-reimbursement.js';
import { getSpcContentTool } from './get-spc-content.js';
import { listFilesTool } from './list-files.js';
import { locateTool } from './locate.js';
import { searchCodeTool } from './search-code.js';
import { searchContentTool } from './search-content.js';
import { searchMedicineTool } from './search-medicine.js';
import { searchStructureTool } from './search-structure.js';
import type { AnyTool, ToolGroup } from './types.js';

/** The SÚKL medicines tools, in the MCP contract's order. */
const MEDICINES_TOOLS: readonly AnyTool[] = [
  searchMedicineTool, getMedicineDetailsTool, checkAvailabilityTool, findPharmaciesTool, getAtcInfoTool,
  getReimbursementTool, getPilContentTool, getSpcContentTool, batchCheckAvailabilityTool,
];

export const ALL_TOOLS: readonly AnyTool[] = [
  searchCodeTool, findReferencesTool, locateTool, searchStructureTool,
  listFilesTool, searchContentTool, findAndGrepTool,
  ...MEDICINES_TOOLS,
];

export const TOOL_GROUPS: readonly ToolGroup[] = ['code', 'live', 'medicines'];

export function toolsInGroups(groups: readonly ToolGroup[] = TOOL_GROUPS): AnyTool[] {
  return ALL_TOOLS.filter((tool) => groups.includes(tool.group));
}
