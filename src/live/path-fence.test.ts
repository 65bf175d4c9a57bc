import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isQuarryError } from '../contracts/errors.js';
import { makeTree } from '../test-support/temp-tree.js';
import { fencePath, fencePaths, projectRoot } from './path-fence.js';

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (isQuarryError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('path fence', () => {
  const outside = makeTree({ 'secret.txt': 'password=1\n' });
  const dir = makeTree({ 'src/a.ts': 'a\n', 'docs/readme.md': 'r\n' });
  fs.symlinkSync(outside, path.join(dir, 'link-out'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'src', 'secret-link.txt'));
  fs.symlinkSync(path.join(dir, 'docs'), path.join(dir, 'link-in'));
  const root = projectRoot(dir);

  it.each([
    ['an absolute path outside', outside, 'PATH_OUTSIDE_ROOT', /outside the project root/],
    ['a relative path climbing out with ..', '../', 'PATH_OUTSIDE_ROOT', /outside the project root/],
    ['.. hidden inside a longer path', 'src/../../etc', 'PATH_OUTSIDE_ROOT', /outside the project root/],
    ['/etc', '/etc', 'PATH_OUTSIDE_ROOT', /outside the project root/],
    ['a folder symlink leading out', 'link-out', 'PATH_OUTSIDE_ROOT', /symbolic link/],
    ['a path below a symlink leading out', 'link-out/', 'PATH_OUTSIDE_ROOT', /symbolic link/],
    ['a NUL byte', 'src\0/../..', 'INVALID_ARGUMENT', /NUL byte/],
    ['a file given as a root', 'src/a.ts', 'INVALID_ARGUMENT', /is a file, not a folder.*"files":\["src\/a.ts"\]/],
    ['a missing folder', 'nope', 'NOT_FOUND', /does not exist/],
  ])('refuses %s', (_name, input, code, text) => {
    const failure = refusal(() => fencePath(root, input, 'roots', 'en'));
    expect(failure.code).toBe(code);
    expect(failure.message).toMatch(text);
  });

  it('refuses a file symlink leading out when given in files', () => {
    expect(refusal(() => fencePath(root, 'src/secret-link.txt', 'files', 'en')).code).toBe('PATH_OUTSIDE_ROOT');
  });

  it('refuses a folder given in files, pointing to roots', () => {
    expect(refusal(() => fencePath(root, 'src', 'files', 'en')).message).toMatch(/"roots":\["src"\]/);
  });

  it('explains in Japanese when asked', () => {
    expect(refusal(() => fencePath(root, '../', 'roots', 'ja')).message).toContain('プロジェクトルート');
  });

  it('accepts paths inside: relative, absolute, via .., and a symlink that stays inside; dedups by real path', () => {
    expect(fencePaths(root, ['.', 'src', `${dir}/src`, 'src/../docs', 'link-in'], 'roots', 'en'))
      .toEqual([dir, path.join(dir, 'src'), path.join(dir, 'docs')]);
  });

  it('accepts the root spelled through a symlink to it', () => {
    const alias = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-alias-')), 'root');
    fs.symlinkSync(dir, alias);
    const aliased = projectRoot(alias);
    expect(fencePath(aliased, path.join(alias, 'src'), 'roots', 'en')).toBe(path.join(dir, 'src'));
    fs.rmSync(path.dirname(alias), { recursive: true, force: true });
  });
});
