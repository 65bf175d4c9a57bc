/**
 * @module bench/swebench-repos
 * The git clones the evaluation checks out: `DIR/<name>` for a repository
 * `owner/name` (a clone of it or of a fork holding its base commits). Git runs
 * through execFile with an argument list, never a shell. Each clone keeps its
 * Quarry index in `<clone>/.quarry/index.db` (untracked, skipped by the
 * indexer's walk), updated incrementally from one base commit to the next.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function cloneDir(reposDir: string, repo: string): string {
  return path.join(reposDir, repo.split('/')[1]!);
}

async function git(dir: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', ['-C', dir, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Whether DIR is a git clone. */
export function isClone(dir: string): boolean {
  return fs.existsSync(path.join(dir, '.git'));
}

/** Whether the clone holds a commit. */
export async function hasCommit(dir: string, commit: string): Promise<boolean> {
  try {
    await git(dir, ['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** Checks a commit out (detached), discarding nothing: a clone with local edits fails loudly. */
export async function checkout(dir: string, commit: string): Promise<void> {
  const head = (await git(dir, ['rev-parse', 'HEAD']).catch(() => '')).trim();
  if (head === commit) return;
  await git(dir, ['checkout', '--quiet', '--detach', commit]);
}
