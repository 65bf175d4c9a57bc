/**
 * @module locate/history
 * The recent git history of an indexed folder, as locate reads it: the files
 * each of the last commits changed. Read with `git log` through execFile
 * (an argument list, never a shell), bounded by a commit count, a time limit
 * and an output cap; a folder that is not a git work tree (or a machine
 * without git) has no history, and locate ranks without it.
 */
import { execFile } from 'node:child_process';
import { LOCATE_HISTORY } from './locate-weights.js';

/** Each commit's files (paths relative to the folder), newest first. */
export type CommitFiles = string[][];

/**
 * `git log` of HEAD, names only. Renames are read as a deletion and an addition (rename detection
 * costs more than the rest), merges are skipped (they repeat their branch's changes), and paths are
 * the folder's own (`--relative`: a folder inside a larger repository sees its part).
 */
function logArguments(root: string, commits: number): string[] {
  return [
    '-C', root, '-c', 'core.quotePath=false', 'log', '--no-merges', '--no-renames', '--no-ext-diff', '--no-textconv',
    '--relative', '--name-only', '--format=%x00', `--max-count=${commits}`, 'HEAD', '--',
  ];
}

/** Splits `git log --format=%x00 --name-only` into each commit's files. */
export function parseLog(output: string): CommitFiles {
  const commits: CommitFiles = [];
  for (const block of output.split('\0').slice(1)) {
    const files = block.split('\n').filter((line) => line !== '');
    if (files.length > 0) commits.push(files);
  }
  return commits;
}

/** The files of the folder's last commits, or null when git cannot tell (no repository, no git, too slow). */
export function readHistory(root: string, settings: { commits: number; timeoutMs: number; maxBytes: number } = LOCATE_HISTORY): Promise<CommitFiles | null> {
  return new Promise((resolve) => {
    execFile('git', logArguments(root, settings.commits), {
      timeout: settings.timeoutMs, maxBuffer: settings.maxBytes, windowsHide: true,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    }, (error, stdout) => resolve(error ? null : parseLog(stdout)));
  });
}
