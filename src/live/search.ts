/**
 * @module live/search
 * Runs a content search with ripgrep, as counts (`--count-matches`) or as
 * matches (`--json`), over roots (ripgrep walks them) or over an explicit
 * file list (find_and_grep; split into argv-sized batches because ripgrep
 * has no --files-from). Without an `encoding`, a query with non-ASCII text
 * gets an encoding plan first: ripgrep lists the files holding bytes >= 0x80,
 * each is sniffed (BOM, strict UTF-8, chardet > 70%, else Latin-1), and
 * files in another encoding are searched again with `--encoding` for their
 * group, their first-pass events dropped. ASCII queries match those files
 * byte for byte already; only their lines need decoding, done afterwards.
 */
import path from 'node:path';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { message } from '../contracts/messages/index.js';
import type { Binary } from './binaries.js';
import { detectFileEncoding } from './encoding.js';
import { MatchCollector, type RawMatch, type Rank } from './match-collector.js';
import { displayPath, ResultFence, type ProjectRoot } from './path-fence.js';
import { batchPaths, rgArgs, rgNonAsciiFilesArgs, type GrepOptions, type RgMode } from './rg-args.js';
import { parseRgEvent, lineText, decodeSubmatches } from './rg-events.js';
import { runRg, type Deadline } from './rg-run.js';

export interface SearchEnv {
  rg: Binary;
  root: ProjectRoot;
  locale: Locale;
  deadline: Deadline;
}

export interface SearchTarget {
  /** Fenced roots and files (walked by ripgrep), or an explicit file list. */
  paths: string[];
  explicit: boolean;
  /** Order of files in an explicit list (find_and_grep's sort); path order otherwise. */
  rank?: Map<string, number>;
}

export interface CountData {
  /** Matches per absolute file path. */
  counts: Map<string, number>;
  total: number;
  /** False when output was capped: counts are lower bounds. */
  exact: boolean;
  warnings: string[];
  elapsedMs: number;
}

export interface ContextLine { line_number: number; line: string }

export interface LiveMatch {
  file: string;
  abs_path: string;
  line_number: number;
  line: string;
  submatches: { start: number; end: number; match: string }[];
  before?: ContextLine[];
  after?: ContextLine[];
}

export interface MatchData extends CountData {
  matches: LiveMatch[];
  /** Every matching line is in `matches`. */
  complete: boolean;
}

interface Pass { paths: string[]; encoding: string | null; skip: ReadonlySet<string> }

// eslint-disable-next-line no-control-regex -- ASCII is 0x00-0x7f, control characters included
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

function cutLine(line: string): string {
  return line.length > LIVE.lineMaxChars ? `${line.slice(0, LIVE.lineMaxChars)}…` : line;
}

/** The rg runs a search needs: one, or one plus one per detected non-UTF-8 encoding. */
async function planPasses(env: SearchEnv, options: GrepOptions, target: SearchTarget, warnings: string[]): Promise<Pass[]> {
  const base: Pass = { paths: target.paths, encoding: options.encoding, skip: new Set() };
  if (options.encoding !== null || isAscii(options.query)) return [base];
  const candidates: string[] = [];
  for (const batch of target.explicit ? batchPaths(target.paths, LIVE.argvMaxBytes) : [target.paths]) {
    await runRg(env.rg, rgNonAsciiFilesArgs(options, batch), env.root.real, env.deadline, env.locale, (record) => {
      candidates.push(path.resolve(env.root.real, record));
    }, '\0');
  }
  candidates.sort();
  if (candidates.length > LIVE.detectMaxFiles) {
    warnings.push(message('live.detect_capped', { max: LIVE.detectMaxFiles }, env.locale));
    candidates.length = LIVE.detectMaxFiles;
  }
  const groups = new Map<string, string[]>();
  for (const file of candidates) {
    const encoding = await detectFileEncoding(file);
    if (encoding) groups.set(encoding, [...(groups.get(encoding) ?? []), file]);
  }
  const skip = new Set([...groups.values()].flat());
  return [{ ...base, skip }, ...[...groups].map(([encoding, paths]) => ({ paths, encoding, skip: new Set<string>() }))];
}

/** Runs every pass in every argv batch, feeding records to `onRecord`. */
async function runPasses(env: SearchEnv, options: GrepOptions, target: SearchTarget, mode: RgMode, warnings: string[],
  onRecord: (record: string, pass: Pass) => void): Promise<{ exact: boolean; elapsedMs: number }> {
  const passes = await planPasses(env, options, target, warnings);
  let exact = true;
  let elapsedMs = 0;
  for (const pass of passes) {
    const batches = target.explicit || pass.encoding !== options.encoding ? batchPaths(pass.paths, LIVE.argvMaxBytes) : [pass.paths];
    for (const batch of batches) {
      if (batch.length === 0) continue;
      const run = await runRg(env.rg, rgArgs(options, mode, batch, pass.encoding), env.root.real, env.deadline, env.locale, (record) => onRecord(record, pass));
      elapsedMs += run.elapsedMs;
      warnings.push(...run.warnings);
      if (run.outputCapped) {
        exact = false;
        warnings.push(message('live.output_capped', { bytes: LIVE.outputMaxBytes }, env.locale));
        return { exact, elapsedMs };
      }
    }
  }
  return { exact, elapsedMs };
}

function fenceFor(env: SearchEnv, options: GrepOptions): ResultFence | null {
  return options.followSymlinks ? new ResultFence(env.root) : null;
}

/** Exact per-file counts with `rg --count-matches` (tiny output however many matches). */
export async function countSearch(env: SearchEnv, options: GrepOptions, target: SearchTarget): Promise<CountData> {
  const warnings: string[] = [];
  const counts = new Map<string, number>();
  const fence = fenceFor(env, options);
  let total = 0;
  const { exact, elapsedMs } = await runPasses(env, options, target, 'count', warnings, (record, pass) => {
    const at = record.lastIndexOf('\0');
    if (at < 0) return;
    const file = path.resolve(env.root.real, record.slice(0, at));
    const count = Number(record.slice(at + 1));
    if (pass.skip.has(file) || (fence && !fence.allows(file)) || !Number.isFinite(count)) return;
    counts.set(file, (counts.get(file) ?? 0) + count);
    total += count;
  });
  if (fence?.skipped) warnings.push(message('live.outside_skipped', { count: fence.skipped }, env.locale));
  return { counts, total, exact, warnings, elapsedMs };
}

/** Matches with `rg --json`: the first `limit` matching lines in order, and exact counts of all. */
export async function matchSearch(env: SearchEnv, options: GrepOptions, target: SearchTarget, limit: number): Promise<MatchData> {
  const warnings: string[] = [];
  const fence = fenceFor(env, options);
  const rank: Rank = target.rank ? (file) => target.rank!.get(file) ?? Number.MAX_SAFE_INTEGER : (file) => file;
  let currentSkip: ReadonlySet<string> = new Set();
  const collector = new MatchCollector(limit, rank, options.contextAfter, (file) => !currentSkip.has(file) && (!fence || fence.allows(file)));
  const { exact, elapsedMs } = await runPasses(env, options, target, 'json', warnings, (record, pass) => {
    currentSkip = pass.skip;
    const event = parseRgEvent(record);
    if ('path' in event) event.path = path.resolve(env.root.real, event.path);
    collector.add(event, pass.encoding);
  });
  if (fence?.skipped) warnings.push(message('live.outside_skipped', { count: fence.skipped }, env.locale));
  const matches = await decodeMatches(env, collector.matches());
  return { counts: collector.counts, total: collector.total, exact, warnings, elapsedMs, matches, complete: exact && collector.complete() };
}

/** Decodes raw lines: text as is; bytes with the pass's encoding or the file's detected one. */
async function decodeMatches(env: SearchEnv, raw: readonly RawMatch[]): Promise<LiveMatch[]> {
  const detected = new Map<string, string | null>();
  const needsDetection = (data: RawMatch['lines']) => !('text' in data);
  for (const m of raw) {
    const anyBytes = needsDetection(m.lines) || m.before.some((c) => needsDetection(c.lines)) || m.after.some((c) => needsDetection(c.lines));
    if (anyBytes && m.encoding === null && !detected.has(m.path)) detected.set(m.path, await detectFileEncoding(m.path));
  }
  return raw.map((m) => {
    const encoding = m.encoding ?? detected.get(m.path) ?? null;
    const context = (list: RawMatch['before']) => list.map((c) => ({ line_number: c.lineNumber, line: cutLine(lineText(c.lines, encoding)) }));
    return {
      file: displayPath(env.root, m.path),
      abs_path: m.path,
      line_number: m.lineNumber,
      line: cutLine(lineText(m.lines, encoding)),
      submatches: decodeSubmatches(m.lines, m.submatches, encoding),
      ...(m.before.length > 0 ? { before: context(m.before) } : {}),
      ...(m.after.length > 0 ? { after: context(m.after) } : {}),
    };
  });
}
