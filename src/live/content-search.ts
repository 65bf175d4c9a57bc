/**
 * @module live/content-search
 * One content search in the asked format: picks the cheapest ripgrep run
 * that can answer it (counts for total_only/count_only_matches; counts plus
 * a few lines from the top files for summary_only; matches for
 * group_by_file/full), answers from the cache when an earlier, richer run
 * of the same search can, and stores what it ran.
 */
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import type { Binary } from './binaries.js';
import type { SearchCache } from './cache.js';
import { searchKey } from './cache.js';
import { needsMatches, shapeCounts, shapeMatches, shapeSummary, type OutputFormat } from './output-formats.js';
import type { ProjectRoot } from './path-fence.js';
import type { GrepOptions } from './rg-args.js';
import { deadline } from './rg-run.js';
import { countSearch, matchSearch, type LiveMatch, type SearchEnv, type SearchTarget } from './search.js';

export interface ContentRequest {
  tool: string;
  options: GrepOptions;
  target: SearchTarget;
  format: OutputFormat;
  optimizePaths: boolean;
  /** Matching lines returned by group_by_file/full. */
  limit: number;
  /** Fields the tool adds to the reply (find_and_grep's meta). */
  extra?: Record<string, unknown>;
  /** Called with ripgrep's elapsed time (0 when answered from the cache). */
  onElapsed?: (ms: number) => void;
  /** The call's cancellation, handed to every ripgrep run. */
  signal?: AbortSignal;
}

function groupSamples(matches: readonly LiveMatch[]): Map<string, LiveMatch[]> {
  const samples = new Map<string, LiveMatch[]>();
  for (const m of matches) {
    const list = samples.get(m.abs_path) ?? [];
    if (list.length < LIVE.summarySamples) list.push(m);
    samples.set(m.abs_path, list);
  }
  return samples;
}

export async function runContentSearch(rg: Binary, cache: SearchCache, root: ProjectRoot, locale: Locale, request: ContentRequest): Promise<number | Record<string, unknown>> {
  const { options, target, format } = request;
  const key = searchKey(request.tool, options, target.paths);
  const env: SearchEnv = { rg, root, locale, deadline: deadline(options.timeoutMs, request.signal) };
  const shape = (cached: boolean) => ({ format, optimizePaths: request.optimizePaths, root, locale, cached, extra: request.extra });
  const elapsed = request.onElapsed ?? (() => {});

  if (needsMatches(format)) {
    const hit = cache.matches(key, request.limit, options.contextBefore, options.contextAfter);
    if (hit) { elapsed(0); return shapeMatches(shape(true), hit); }
    const data = await matchSearch(env, options, target, request.limit);
    elapsed(data.elapsedMs);
    cache.storeMatches(key, { data, limit: request.limit, contextBefore: options.contextBefore, contextAfter: options.contextAfter });
    return shapeMatches(shape(false), data);
  }

  if (format === 'summary_only') {
    const all = cache.allMatches(key);
    if (all) { elapsed(0); return shapeSummary(shape(true), all, groupSamples(all.matches)); }
    let counts = cache.counts(key);
    const fromCache = counts !== undefined;
    let ms = 0;
    if (!counts) {
      counts = await countSearch(env, options, target);
      ms += counts.elapsedMs;
      cache.storeCounts(key, counts);
    }
    const top = [...counts.counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, LIVE.summaryFiles).map(([file]) => file);
    const sampleOptions = { ...options, maxCount: LIVE.summarySamples, contextBefore: 0, contextAfter: 0 };
    const sampled = top.length === 0 ? null : await matchSearch(env, sampleOptions, { paths: top, explicit: true }, top.length * LIVE.summarySamples);
    ms += sampled?.elapsedMs ?? 0;
    elapsed(ms);
    return shapeSummary(shape(fromCache && !sampled), { ...counts, warnings: [...counts.warnings, ...(sampled?.warnings ?? [])] }, groupSamples(sampled?.matches ?? []));
  }

  const hit = cache.counts(key);
  if (hit) { elapsed(0); return shapeCounts(shape(true), hit); }
  const data = await countSearch(env, options, target);
  elapsed(data.elapsedMs);
  cache.storeCounts(key, data);
  return shapeCounts(shape(false), data);
}
