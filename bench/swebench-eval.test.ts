import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACEBACK_ISSUE } from '../src/test-support/locate-fixture.js';
import { copyFixture, makeTree } from '../src/test-support/temp-tree.js';
import { parseSwebenchArgs, selectInstances } from './swebench-args.js';
import { loadSwebench, patchedFiles, type SwebenchInstance } from './swebench-data.js';
import { baselineQuery, evaluateInstances, usableInstances } from './swebench-eval.js';

const PATCH = 'diff --git a/minicache/cache.py b/minicache/cache.py\n--- a/minicache/cache.py\n+++ b/minicache/cache.py\n@@ -1 +1 @@\n';
/** The fix of TRACEBACK_ISSUE: one line of FileCache._cull (line 78 of the fixture) replaced. */
const CULL_PATCH = [
  'diff --git a/minicache/cache.py b/minicache/cache.py', '--- a/minicache/cache.py', '+++ b/minicache/cache.py',
  '@@ -76,4 +76,4 @@ class FileCache:', '         if self.cull_frequency == 0:', '             return self.clear()',
  '-        filelist.sort(key=os.path.getmtime)', '+        filelist.sort(key=_mtime_or_zero)', '         doomed = filelist[: len(filelist) // self.cull_frequency]', '',
].join('\n');

const raw = (id: string, overrides: Record<string, unknown> = {}) => ({
  instance_id: id, repo: 'acme/minicache', base_commit: 'a'.repeat(40), problem_statement: 'cache breaks', patch: PATCH, created_at: '2024-01-01', ...overrides,
});

function dataFile(list: unknown): string {
  const dir = makeTree({ 'data.json': JSON.stringify(list) });
  return path.join(dir, 'data.json');
}

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

describe('SWE-bench data and arguments', () => {
  it('reads instances with the files their gold patch edits', () => {
    const twoFiles = `${PATCH}diff --git a/x/y.py b/x/y.py\n`;
    expect(patchedFiles(twoFiles)).toEqual(['minicache/cache.py', 'x/y.py']);
    expect(loadSwebench(dataFile([raw('acme__minicache-1'), raw('acme__minicache-2', { patch: twoFiles })]))).toEqual([{
      id: 'acme__minicache-1', repo: 'acme/minicache', baseCommit: 'a'.repeat(40), problem: 'cache breaks', gold: 'minicache/cache.py',
      goldFiles: ['minicache/cache.py'], patch: PATCH, createdAt: '2024-01-01',
    }, {
      id: 'acme__minicache-2', repo: 'acme/minicache', baseCommit: 'a'.repeat(40), problem: 'cache breaks', gold: 'minicache/cache.py',
      goldFiles: ['minicache/cache.py', 'x/y.py'], patch: twoFiles, createdAt: '2024-01-01',
    }]);
  });

  it.each([
    [[raw('x-1'), raw('x-1')], /missing or repeated instance_id/],
    [[raw('x-1', { base_commit: 'main' })], /x-1: base_commit is not a 40-hex commit/],
    [[raw('x-1', { patch: '--- a/b.py\n+++ b/b.py\n' })], /x-1: the gold patch edits no file/],
    [{}, /expected a non-empty JSON list/],
  ])('refuses data it cannot score honestly (%#)', (list, reason) => {
    expect(() => loadSwebench(dataFile(list))).toThrow(reason);
  });

  it('parses its command line and picks instances by repository, id and every Nth', () => {
    const args = parseSwebenchArgs(['--repos', '/r', '--only', 'django,sympy/sympy', '--every', '2', '--no-baseline']);
    expect(args).toMatchObject({ repos: '/r', only: ['django', 'sympy/sympy'], every: 2, baseline: false });
    expect(() => parseSwebenchArgs([])).toThrow(/--repos DIR is required/);
    expect(() => parseSwebenchArgs(['--repos', '/r', '--every', '0'])).toThrow(/--every takes a whole number/);
    const all = ['django/django', 'django/django', 'django/django', 'sympy/sympy', 'psf/requests'].map((repo, i) => ({ id: `i${i}`, repo }) as SwebenchInstance);
    expect(selectInstances(all, args).map((x) => x.id)).toEqual(['i0', 'i2', 'i3']);
  });

  it('sends search_code the issue\'s first 50 words', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    expect(baselineQuery(`  ${words.join(' \n\t')}`).split(' ')).toEqual(words.slice(0, 50));
  });
});

/** A folder of clones holding one, `minicache`: the locate fixture committed once as its base. */
function fixtureClone(): { reposDir: string; clone: string; base: string } {
  const reposDir = makeTree();
  const clone = path.join(reposDir, 'minicache');
  fs.renameSync(copyFixture('locate'), clone);
  git(clone, 'init', '--quiet');
  git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.');
  git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'base');
  return { reposDir, clone, base: git(clone, 'rev-parse', 'HEAD') };
}

describe('evaluateInstances on a real git clone', () => {
  it('checks out the base commit, indexes it and ranks the gold file first; a missing commit is left out and said', async () => {
    const { reposDir, clone, base } = fixtureClone();
    // A later commit the evaluation must step back from: it deletes the gold file.
    git(clone, 'rm', '--quiet', 'minicache/cache.py');
    git(clone, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'later');

    const instances = loadSwebench(dataFile([
      raw('acme__minicache-1', { base_commit: base, problem_statement: TRACEBACK_ISSUE, patch: CULL_PATCH }),
      raw('acme__minicache-2', { base_commit: 'f'.repeat(40) }),
    ]));
    const { usable, skipped } = await usableInstances(instances, reposDir);
    expect(usable.map((x) => x.id)).toEqual(['acme__minicache-1']);
    expect(skipped).toEqual([{ repo: 'acme/minicache', instances: 1, reason: `base commits missing from ${clone}` }]);

    const [outcome] = await evaluateInstances(usable, { reposDir, baseline: true, keepFiles: false });
    expect(git(clone, 'rev-parse', 'HEAD')).toBe(base);
    expect(outcome).toMatchObject({ id: 'acme__minicache-1', gold: 'minicache/cache.py', rank: 1, rankAll: 1, goldFunctions: 1 });
    // The traceback names _cull, the function the fix edits: it is among the first file's symbols.
    expect(outcome!.functionRank).not.toBeNull();
    expect(outcome!.functionRank).toBeLessThanOrEqual(3);
    expect(outcome!.functionRankAll).toBe(outcome!.functionRank);
    expect(outcome!.tokensTop10).toBeGreaterThan(0);
    expect(outcome!.tokensTop10).toBeLessThanOrEqual(400);
  });
});

describe('eval:swebench --dump through the command line', () => {
  it('writes the answers with their candidates, and each instance as a JSON line while it runs', () => {
    const { reposDir, base } = fixtureClone();
    const data = dataFile([raw('acme__minicache-1', { base_commit: base, problem_statement: TRACEBACK_ISSUE, patch: CULL_PATCH })]);
    const dump = path.join(makeTree(), 'dump.json');
    execFileSync('npx', ['tsx', 'bench/eval-swebench.ts', '--repos', reposDir, '--data', data, '--no-baseline', '--dump', dump], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [whole] = JSON.parse(fs.readFileSync(dump, 'utf8')) as {
      id: string; rank: number; located: { file: string; evidence: Record<string, number> }[]; features: Record<string, Record<string, number>>;
    }[];
    expect(whole).toMatchObject({ id: 'acme__minicache-1', rank: 1 });
    expect(whole!.located[0]!.file).toBe('minicache/cache.py');
    expect(Object.keys(whole!.located[0]!.evidence).length).toBeGreaterThan(0);
    // The evidence before weighting, for every ranked file: the traceback's frame counts as found, whatever its weight.
    expect(Object.keys(whole!.features)).toEqual(whole!.located.map((f) => f.file));
    expect(whole!.features['minicache/cache.py']!.frameInnermost).toBe(1);
    const lines = fs.readFileSync(`${dump}.partial.jsonl`, 'utf8').split('\n').filter((l) => l !== '');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([whole]);
  });
});
