/**
 * @module tools/search-content
 * `search_content`: search file contents with ripgrep (the live-search contract) in the
 * token-frugal format asked for, fenced to the project root.
 */
import { z } from 'zod';
import { catalogueIssue } from '../contracts/error-map.js';
import { LIVE } from '../contracts/limits.js';
import { toolSchema } from '../contracts/tool-input.js';
import { runContentSearch } from '../live/content-search.js';
import { fencePaths } from '../live/path-fence.js';
import { startLiveCall, formatRule, grepFields, grepOptions, outputFormat, withWarnings, WORKFLOW } from './live-schema.js';
import { renderLiveText } from '../shape/live-text.js';
import { marksFor } from '../shape/text-rows.js';
import { defineTool } from './types.js';

const strings = z.array(z.string());

export const inputSchema = toolSchema({
  roots: strings.optional().describe('Relative folders, e.g. ["."]; roots or files is required.'),
  files: strings.optional(),
  ...grepFields,
  include_globs: strings.optional().describe('e.g. ["*.ts"] (rg -g).'),
  exclude_globs: strings.optional(),
  follow_symlinks: z.boolean().optional(),
  hidden: z.boolean().optional(),
  no_ignore: z.boolean().optional(),
}, (input, ctx) => {
  if ((input.roots ?? []).length === 0 && (input.files ?? []).length === 0) ctx.addIssue(catalogueIssue('live.paths_required'));
  formatRule(input, ctx);
});

type Input = z.output<typeof inputSchema>;

export const searchContentTool = defineTool<Input, object | number>({
  name: 'search_content',
  title: 'Search file contents (ripgrep)',
  group: 'live',
  description: `Grep files as they are now with ripgrep: any file, unindexed or just edited. ${WORKFLOW} For indexed code search_code is ranked and faster.`,
  inputSchema,
  run: async (input, ctx, call) => {
    const { locale, live, root, warnings } = startLiveCall(input, ctx, call);
    const format = outputFormat(input);
    const paths = [...new Set([...fencePaths(root, input.roots ?? [], 'roots', locale), ...fencePaths(root, input.files ?? [], 'files', locale)])];
    const options = grepOptions(input, locale);
    const limit = input.max_results ?? LIVE.matchLimit.default;
    const rg = await live.rg(locale);
    const reply = await runContentSearch(rg, live.cache, root, locale, {
      tool: 'search_content', options, target: { paths, explicit: false }, format, optimizePaths: input.optimize_paths ?? false, limit,
      signal: call.signal,
    });
    return withWarnings(reply, warnings);
  },
  text: (reply, input) => renderLiveText(reply, marksFor(input.query, input.regex !== false && input.fixed_strings !== true)),
});
