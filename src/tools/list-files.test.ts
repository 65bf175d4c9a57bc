import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { call, callError } from '../test-support/live.js';
import { makeTree } from '../test-support/temp-tree.js';

const DAY_MS = 24 * 3600 * 1000;

function tree(): string {
  const root = makeTree({
    'README.md': '# readme\n',
    'src/index.ts': 'export {};\n',
    'src/util/strings.ts': 'x'.repeat(5000),
    'src/util/strings.test.ts': 'test\n',
    'src/empty.txt': '',
    'docs/guide.md': 'guide\n',
    'build/out.js': 'generated\n',
    '.env.example': 'A=1\n',
    '.gitignore': 'build/\n',
    'scripts/run.sh': '#!/bin/sh\n',
  });
  fs.chmodSync(path.join(root, 'scripts/run.sh'), 0o755);
  const old = new Date(Date.now() - 10 * DAY_MS);
  fs.utimesSync(path.join(root, 'docs/guide.md'), old, old);
  return root;
}

const rel = (root: string, files: { path: string }[]) => files.map((f) => path.relative(root, f.path)).sort();

describe('list_files on real fd', () => {
  const root = tree();

  it('lists absolute paths with is_dir, size_bytes, mtime and ext, sorted, respecting .gitignore and hidden', async () => {
    const reply = await call(root, 'list_files', { roots: ['.'] });
    expect(rel(root, reply.files)).toEqual(['README.md', 'docs', 'docs/guide.md', 'scripts', 'scripts/run.sh', 'src', 'src/empty.txt', 'src/index.ts', 'src/util', 'src/util/strings.test.ts', 'src/util/strings.ts']);
    expect(reply.files.map((f: any) => f.path)).toEqual([...reply.files.map((f: any) => f.path)].sort());
    const strings = reply.files.find((f: any) => f.path.endsWith('strings.ts'));
    expect(strings).toMatchObject({ path: path.join(root, 'src/util/strings.ts'), is_dir: false, size_bytes: 5000, ext: 'ts' });
    expect(Date.parse(strings.mtime)).toBeGreaterThan(Date.now() - DAY_MS);
    expect(reply.files.find((f: any) => f.path.endsWith('/src'))).toMatchObject({ is_dir: true, size_bytes: null, ext: null });
    expect(reply).toMatchObject({ count: 11, total: 11, truncated: false });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['pattern (regex on the name)', { pattern: '^str' }, ['src/util/strings.test.ts', 'src/util/strings.ts']],
    ['glob', { pattern: '*.md', glob: true }, ['README.md', 'docs/guide.md']],
    ['types d', { types: ['d'] }, ['docs', 'scripts', 'src', 'src/util']],
    ['types x', { types: ['x'] }, ['scripts/run.sh']],
    ['types e + f (empty files)', { types: ['e', 'f'] }, ['src/empty.txt']],
    ['extensions', { extensions: ['md'] }, ['README.md', 'docs/guide.md']],
    ['exclude', { exclude: ['src'], types: ['f'] }, ['README.md', 'docs/guide.md', 'scripts/run.sh']],
    ['depth', { depth: 1 }, ['README.md', 'docs', 'scripts', 'src']],
    ['hidden', { hidden: true, pattern: '^\\.env' }, ['.env.example']],
    ['no_ignore', { no_ignore: true, extensions: ['js'] }, ['build/out.js']],
    ['size', { size: ['+1k'] }, ['src/util/strings.ts']],
    ['changed_before', { changed_before: '2d', types: ['f'] }, ['docs/guide.md']],
    ['changed_within', { changed_within: '2d', extensions: ['md'] }, ['README.md']],
    ['full_path_match', { pattern: 'util/.*test', full_path_match: true }, ['src/util/strings.test.ts']],
    ['several roots', { roots: ['docs', 'scripts'], types: ['f'] }, ['docs/guide.md', 'scripts/run.sh']],
  ])('%s', async (_name, args, expected) => {
    const reply = await call(root, 'list_files', { roots: ['.'], ...args });
    expect(rel(root, reply.files)).toEqual(expected);
  });

  it('absolute=false gives paths relative to the project root', async () => {
    const reply = await call(root, 'list_files', { roots: ['docs'], absolute: false });
    expect(reply.files.map((f: any) => f.path)).toEqual(['docs/guide.md']);
  });

  it('cuts at limit and says so, with the total', async () => {
    const reply = await call(root, 'list_files', { roots: ['.'], limit: 3 });
    expect(reply).toMatchObject({ count: 3, total: 11, truncated: true });
    expect(reply.warnings[0]).toContain('Showing 3 of 11 entries');
  });

  it('clamps limit to the hard cap with a warning', async () => {
    const reply = await call(root, 'list_files', { roots: ['.'], limit: LIVE.listLimit.max + 1 });
    expect(reply.warnings[0]).toContain(`limit ${LIVE.listLimit.max + 1} is above the cap ${LIVE.listLimit.max}`);
  });

  it('cuts at the live-search contract\'s default limit', async () => {
    const big = makeTree(Object.fromEntries(Array.from({ length: LIVE.listLimit.default + 5 }, (_, i) => [`f/${i}.txt`, ''])));
    const reply = await call(big, 'list_files', { roots: ['f'] });
    expect(reply).toMatchObject({ count: LIVE.listLimit.default, total: LIVE.listLimit.default + 5, truncated: true });
  });

  it('reports fd\'s refusal of a bad pattern as a syntax error', async () => {
    const failure = await callError(root, 'list_files', { roots: ['.'], pattern: '[' });
    expect(failure.code).toBe('QUERY_SYNTAX');
    expect(failure.message).toContain('fd rejected the pattern');
  });

  it('refuses a malformed size filter', async () => {
    expect((await callError(root, 'list_files', { roots: ['.'], size: ['huge'] })).message).toContain('"huge" is not a size');
  });

  it.each([
    ['a file as root', { roots: ['README.md'] }, 'INVALID_ARGUMENT', 'is a file, not a folder'],
    ['an absolute root outside', { roots: ['/etc'] }, 'PATH_OUTSIDE_ROOT', 'outside the project root'],
    ['a NUL byte', { roots: ['docs\0'] }, 'INVALID_ARGUMENT', 'NUL byte'],
  ])('refuses %s', async (_name, args, code, text) => {
    const failure = await callError(root, 'list_files', args);
    expect(failure.code).toBe(code);
    expect(failure.message).toContain(text);
  });

  it('follow_symlinks leaves out entries whose real path is outside', async () => {
    const outside = makeTree({ 'x/secret.txt': 's\n' });
    const linked = makeTree({ 'in.txt': 'i\n' });
    fs.symlinkSync(outside, path.join(linked, 'out'));
    const reply = await call(linked, 'list_files', { roots: ['.'], follow_symlinks: true, types: ['f'] });
    expect(rel(linked, reply.files)).toEqual(['in.txt']);
    expect(reply.warnings.join(' ')).toContain('left out');
  });
});
