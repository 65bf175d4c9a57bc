/**
 * @module tools/locate
 * `locate`: which files a task is about. Takes issue-sized text (title,
 * prose, stack traces, code, logs) and ranks the project's files, each with
 * its likely functions or classes and why. The index work runs
 * in the search pool; a model reads the compact text (shape/locate-text),
 * and the JSON travels as structuredContent, REST and `--json`.
 */
import { locateSchema, type LocateParams, type LocateResponse } from '../contracts/locate.js';
import { renderLocateText } from '../shape/locate-text.js';
import { withPassNotice } from './index-pass.js';
import { defineTool } from './types.js';

export const locateTool = defineTool<LocateParams, LocateResponse>({
  name: 'locate',
  title: 'Locate files for a task',
  group: 'code',
  description: 'Which files to read or change for a task: pass the issue or bug report as written; ranks files with their likely functions and why. Use it first on a bug report.',
  inputSchema: locateSchema,
  text: (response) => renderLocateText(response),
  run: async (params, ctx, call) => {
    const building = await ctx.indexNotice(call.locale);
    return withPassNotice(await ctx.searchIndex('locate', params, call.signal), building);
  },
});
