/**
 * @module tools/locate
 * `locate`: which files a task is about. Takes issue-sized text (title,
 * prose, stack traces, code, logs) and ranks the project's files, each with
 * its likely functions or classes and why. The index work runs
 * in the search pool; a model reads the compact text (shape/locate-text),
 * and the JSON travels as structuredContent, REST and `--json`.
 */
import { locateSchema, type LocateParams, type LocateResponse } from '../contracts/locate.js';
import { LOCATE } from '../contracts/limits.js';
import { renderLocateText } from '../shape/locate-text.js';
import { withPassNotice } from './index-pass.js';
import { defineTool } from './types.js';

export const locateTool = defineTool<LocateParams, LocateResponse>({
  name: 'locate',
  title: 'Locate the files a task is about',
  group: 'code',
  description: [
    `Which files to read or change for a task: pass the issue or bug report as written (title, prose, stack traces, code, logs; up to ${LOCATE.textMaxChars} characters).`,
    'Returns ranked files, each with its most likely functions or classes and short reasons (paths and traceback frames named, definitions of the names it mentions, telling words).',
    'Use it first on a bug report; then read the top files or search_code inside them.',
  ].join(' '),
  inputSchema: locateSchema,
  text: (response) => renderLocateText(response),
  run: async (params, ctx, call) => {
    const building = await ctx.indexNotice(call.locale);
    return withPassNotice(await ctx.searchIndex('locate', params, call.signal), building);
  },
});
