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
  roots: strings.optional().describe('Folders to search, relative to the project root, e.g. ["."] or ["src"]. roots or files is required.'),
  files: strings.optional().describe('Files to search, relative to the project root.'),
  ...grepFields,
  include_globs: strings.optional().describe('Only files matching these globs (rg -g), e.g. ["*.ts","src/**"].'),
  exclude_globs: strings.optional().describe('Leave out files matching these globs (rg -g !glob).'),
  follow_symlinks: z.boolean().optional().describe('Follow symbolic links (matches reached outside the project are left out). Default false.'),
  hidden: z.boolean().optional().describe('Search hidden files too. Default false.'),
  no_ignore: z.boolean().optional().describe('Search files .gitignore excludes too. Default false.'),
}, (input, ctx) => {
  if ((input.roots ?? []).length === 0 && (input.files ?? []).length === 0) ctx.addIssue(catalogueIssue('live.paths_required'));
  formatRule(input, ctx);
});

type Input = z.output<typeof inputSchema>;

export const searchContentTool = defineTool<Input, object | number>({
  name: 'search_content',
  title: 'Search file contents (ripgrep)',
  group: 'live',
  description: [
    'Search file contents live with ripgrep (regex or literal, case, word, multiline, globs, context lines, encodings such as Shift_JIS or GBK).',
    'The text reply groups matching lines by file as `line: text` rows; its JSON (structuredContent, REST) has {file, abs_path, line_number, line, submatches:[{start,end,match}]} per match (offsets are UTF-8 bytes in line), total_matches, truncated and estimated_tokens.',
    WORKFLOW,
  ].join(' '),
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
