/**
 * @module tools/list-files
 * `list_files`: find files and folders by name, type, size and age with fd
 * (the live-search contract), fenced to the project root. Entries come sorted by path, with
 * absolute paths, and say whether the list was cut at `limit`.
 */
import { z } from 'zod';
import { LIVE } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import { runFd, statEntries } from '../live/fd.js';
import { displayPath, ResultFence } from '../live/path-fence.js';
import { estimateJsonTokens } from '../shape/tokens.js';
import { clampedInt, toolSchema, withDefault } from '../contracts/tool-input.js';
import { startLiveCall, listFields, listOptions, localeField } from './live-schema.js';
import { renderFileListText, type FileListView } from '../shape/file-list-text.js';
import { defineTool } from './types.js';

export const inputSchema = toolSchema({
  ...listFields,
  absolute: z.boolean().optional().describe('false: relative paths (fewer tokens).'),
  limit: withDefault(clampedInt('limit', LIVE.listLimit, { clampKey: 'live.clamped' }).optional(), LIVE.listLimit.default),
  locale: localeField,
});

type Input = z.output<typeof inputSchema>;

export const listFilesTool = defineTool<Input, object>({
  name: 'list_files',
  title: 'List files (fd)',
  group: 'live',
  description: 'List files by name, type, extension, size, age or depth (fd; .gitignore respected); start narrow. For contents: search_content; both at once: find_and_grep.',
  inputSchema,
  run: async (input, ctx, call) => {
    const { locale, live, root, warnings } = startLiveCall(input, ctx, call);
    const options = listOptions(input, root, locale);
    const limit = input.limit ?? LIVE.listLimit.default;
    const fd = await live.fd(locale);
    const listing = await runFd(fd, options, root, LIVE.listTimeoutMs, locale, 'live.list_timeout', call.signal);
    let paths = listing.paths;
    if (options.followSymlinks) {
      const fence = new ResultFence(root);
      paths = paths.filter((p) => fence.allows(p));
      if (fence.skipped) warnings.push(message('live.outside_skipped', { count: fence.skipped }, locale));
    }
    const total = paths.length;
    const truncated = total > limit || listing.budgetHit;
    if (total > limit) warnings.push(message('live.list_truncated', { shown: limit, total: listing.budgetHit ? `${total}+` : total }, locale));
    if (listing.budgetHit) warnings.push(message('live.scan_budget', { budget: LIVE.fdScanBudget }, locale));
    const entries = await statEntries(paths.slice(0, limit), listing.dirs, options.followSymlinks);
    const files = input.absolute === false ? entries.map((e) => ({ ...e, path: displayPath(root, e.path) })) : entries;
    const reply: Record<string, unknown> = {
      ok: true, files, count: files.length, total: listing.budgetHit ? null : total, truncated,
      elapsed_ms: listing.elapsedMs, ...(warnings.length ? { warnings } : {}),
    };
    reply.estimated_tokens = estimateJsonTokens(reply) + 4;
    return reply;
  },
  text: (reply) => renderFileListText(reply as FileListView),
});
