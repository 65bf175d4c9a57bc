/**
 * @module tools/find-and-grep
 * `find_and_grep`: fd selects files (name, type, size, age), they are
 * sorted and cut at file_limit, then ripgrep searches exactly those files
 * (the live-search contract). ripgrep has no --files-from, so long lists are passed in
 * argv-sized batches. Replies carry meta
 * {searched_file_count, truncated, fd_elapsed_ms, rg_elapsed_ms}.
 */
import { z } from 'zod';
import { LIVE } from '../contracts/limits.js';
import { message } from '../contracts/messages/index.js';
import { runContentSearch } from '../live/content-search.js';
import { runFd, statEntries, type FdType } from '../live/fd.js';
import { ResultFence } from '../live/path-fence.js';
import { deadline } from '../live/rg-run.js';
import { clampedInt, toolSchema, withDefault } from '../contracts/tool-input.js';
import { startLiveCall, formatRule, bareGrepFields, grepOptions, bareListFields, listOptions, outputFormat, withWarnings } from './live-schema.js';
import { renderLiveText } from '../shape/live-text.js';
import { marksFor } from '../shape/text-rows.js';
import { defineTool } from './types.js';

export const inputSchema = toolSchema({
  // Described by list_files and search_content, which the tool's description names (the live group serves all three).
  ...bareListFields,
  ...bareGrepFields,
  file_limit: withDefault(clampedInt('file_limit', LIVE.fileLimit, { clampKey: 'live.clamped' }).optional(), LIVE.fileLimit.default)
    .describe('Files searched; meta.truncated says more matched.'),
  sort: withDefault(z.enum(['path', 'mtime', 'size']).optional(), 'path').describe('What file_limit keeps first: mtime newest, size largest.'),
}, formatRule);

type Input = z.output<typeof inputSchema>;

/** Types that can be searched: fd's file-ish types; folders, links, sockets and pipes are never handed to rg. */
const SEARCHABLE: readonly FdType[] = ['x', 'executable', 'e', 'empty'];

export const findAndGrepTool = defineTool<Input, object | number>({
  name: 'find_and_grep',
  title: 'Find files, then grep them',
  group: 'live',
  description: 'Pick files by name, size or age with list_files\' filters, then grep them with search_content\'s options and formats, in one call. Parameters mean what they mean there.',
  inputSchema,
  run: async (input, ctx, call) => {
    const { locale, live, root, warnings } = startLiveCall(input, ctx, call);
    const format = outputFormat(input);
    const list = listOptions(input, root, locale);
    list.types = ['f', ...list.types.filter((t) => SEARCHABLE.includes(t))];
    const options = grepOptions(input, locale);
    const fileLimit = input.file_limit ?? LIVE.fileLimit.default;
    const limit = input.max_results ?? LIVE.matchLimit.default;
    const [fd, rg] = [await live.fd(locale), await live.rg(locale)];

    const started = deadline(options.timeoutMs);
    const listing = await runFd(fd, list, root, options.timeoutMs, locale, 'live.timeout', call.signal);
    let paths = listing.paths.filter((p) => !listing.dirs.has(p));
    if (list.followSymlinks) {
      const fence = new ResultFence(root);
      paths = paths.filter((p) => fence.allows(p));
      if (fence.skipped) warnings.push(message('live.outside_skipped', { count: fence.skipped }, locale));
    }
    if (input.sort === 'mtime' || input.sort === 'size') {
      const entries = await statEntries(paths, new Set(), list.followSymlinks);
      const key = input.sort === 'mtime' ? (e: (typeof entries)[number]) => (e.mtime ? Date.parse(e.mtime) : 0) : (e: (typeof entries)[number]) => e.size_bytes ?? 0;
      paths = entries.sort((a, b) => key(b) - key(a) || (a.path < b.path ? -1 : 1)).map((e) => e.path);
    }
    const truncated = paths.length > fileLimit || listing.budgetHit;
    const files = paths.slice(0, fileLimit);
    const remaining = Math.max(1, Math.floor(started.endsAt - performance.now()));
    const meta = { searched_file_count: files.length, truncated, fd_elapsed_ms: listing.elapsedMs, rg_elapsed_ms: 0 };
    const rank = new Map(files.map((file, i) => [file, i]));
    if (files.length === 0) {
      // Nothing to search: ripgrep given no paths would search the working folder instead.
      return withWarnings(format === 'total_only' ? 0 : { ok: true, format, total_matches: 0, file_count: 0, truncated, meta, cached: false }, warnings);
    }
    const reply = await runContentSearch(rg, live.cache, root, locale, {
      tool: 'find_and_grep', options: { ...options, timeoutMs: remaining }, target: { paths: files, explicit: true, rank },
      format, optimizePaths: input.optimize_paths ?? false, limit, extra: { meta },
      onElapsed: (ms) => { meta.rg_elapsed_ms = ms; },
      signal: call.signal,
    });
    return withWarnings(reply, warnings);
  },
  text: (reply, input) => renderLiveText(reply, marksFor(input.query, input.regex !== false && input.fixed_strings !== true)),
});
