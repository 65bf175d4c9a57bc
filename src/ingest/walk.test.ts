/**
 * The walk with the previous run's folder listings must find exactly what a
 * walk without them finds, whatever changed in between; and it must really
 * skip reading the folders that did not change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { walkFolder, type WalkResult } from './walk.js';

const MAX = 1 << 20;

/** Every file and folder last changed an hour ago, as in a tree nobody touched lately. */
function ageTree(dir: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) ageTree(full);
    else fs.utimesSync(full, past, past);
  }
  fs.utimesSync(dir, past, past);
}

function tree(): string {
  const root = makeTree({
    '.gitignore': 'build/\n*.log\n', 'a.ts': 'a', 'debug.log': 'x', 'build/out.js': 'x',
    'pkg/.gitignore': 'secret.txt\n', 'pkg/secret.txt': 'x', 'pkg/b.py': 'b', 'pkg/deep/c.go': 'c', 'pkg/deep/d.go': 'd',
    'docs/final.md': 'y', 'docs/draft.md': 'z',
  });
  ageTree(root);
  return root;
}

const paths = (walk: WalkResult) => walk.files.map((f) => f.relPath);

/** Walks with the previous listings and without, and checks both see the same tree. */
function walkAgain(root: string, previous: WalkResult): WalkResult {
  const cached = walkFolder(root, { maxFileBytes: MAX, previous: previous.folders });
  const fresh = walkFolder(root, { maxFileBytes: MAX });
  expect({ files: cached.files, skipped: cached.skipped }).toEqual({ files: fresh.files, skipped: fresh.skipped });
  return cached;
}

describe('ignore rules', () => {
  it('match case-sensitively, as git on Linux and ripgrep do: *.s does not hide assembler sources named .S', () => {
    const root = makeTree({ '.gitignore': '*.s\nBuild/\n', 'gen.s': 'x', 'entry.S': 'y', 'build/keep.c': 'z', 'Build/drop.c': 'w' });
    expect(paths(walkFolder(root, { maxFileBytes: MAX }))).toEqual(['.gitignore', 'build/keep.c', 'entry.S']);
  });
});

describe('walk with the previous listings', () => {
  it('reuses every unchanged folder and still sees a file edited in place', () => {
    const root = tree();
    const first = walkFolder(root, { maxFileBytes: MAX });
    expect(first.foldersListed).toBe(4); // root, pkg, pkg/deep, docs (build/ is ignored)
    expect([...first.folders.keys()].sort()).toEqual(['', 'docs', 'pkg', 'pkg/deep']);
    expect(walkAgain(root, first)).toMatchObject({ foldersListed: 0, foldersReused: 4 });

    fs.writeFileSync(path.join(root, 'pkg/deep/c.go'), 'package c // longer now'); // the folder's mtime stays
    const edited = walkAgain(root, first);
    expect(edited.foldersListed).toBe(0);
    expect(edited.files.find((f) => f.relPath === 'pkg/deep/c.go')!.size).toBe(23);
  });

  it.each<[string, (root: string) => void, { has?: string[]; hasNot?: string[] }]>([
    ['a file added', (r) => writeTree(r, { 'pkg/deep/e.go': 'e' }), { has: ['pkg/deep/e.go'] }],
    ['a file deleted', (r) => fs.rmSync(path.join(r, 'docs/draft.md')), { hasNot: ['docs/draft.md'] }],
    ['a file renamed into another folder', (r) => fs.renameSync(path.join(r, 'pkg/b.py'), path.join(r, 'docs/b.py')), { has: ['docs/b.py'], hasNot: ['pkg/b.py'] }],
    ['a folder removed', (r) => fs.rmSync(path.join(r, 'pkg/deep'), { recursive: true }), { hasNot: ['pkg/deep/c.go'] }],
    ['a folder renamed', (r) => fs.renameSync(path.join(r, 'pkg/deep'), path.join(r, 'pkg/deeper')), { has: ['pkg/deeper/c.go'], hasNot: ['pkg/deep/c.go'] }],
    ['a file replaced by a folder', (r) => { fs.rmSync(path.join(r, 'a.ts')); writeTree(r, { 'a.ts/inner.ts': 'i' }); }, { has: ['a.ts/inner.ts'], hasNot: ['a.ts'] }],
    ['the root .gitignore edited in place', (r) => fs.writeFileSync(path.join(r, '.gitignore'), 'build/\n*.log\ndeep/\n'), { hasNot: ['pkg/deep/c.go'] }],
    ['a nested .gitignore edited in place', (r) => fs.writeFileSync(path.join(r, 'pkg/.gitignore'), 'd.go\n'), { has: ['pkg/secret.txt'], hasNot: ['pkg/deep/d.go'] }],
    ['an ignore file added below', (r) => writeTree(r, { 'docs/.ignore': 'draft.md\n' }), { hasNot: ['docs/draft.md'] }],
    ['an ignore file removed', (r) => fs.rmSync(path.join(r, 'pkg/.gitignore')), { has: ['pkg/secret.txt'] }],
    ['.git/info/exclude written', (r) => writeTree(r, { '.git/info/exclude': 'docs/\n' }), { hasNot: ['docs/final.md'] }],
  ])('finds what a fresh walk finds after %s', (_name, change, expected) => {
    const root = tree();
    writeTree(root, { '.git/HEAD': 'ref' });
    ageTree(root);
    const first = walkFolder(root, { maxFileBytes: MAX });
    change(root);
    const after = walkAgain(root, first);
    for (const p of expected.has ?? []) expect(paths(after)).toContain(p);
    for (const p of expected.hasNot ?? []) expect(paths(after)).not.toContain(p);
    // Once the changed folders have settled, the next walk reuses them all.
    ageTree(root);
    const settled = walkFolder(root, { maxFileBytes: MAX, previous: walkFolder(root, { maxFileBytes: MAX }).folders });
    expect(settled.foldersListed).toBe(0);
  });

  it('remembers settled folders below one changed moments ago (a checkout that rewrote a file at the top), but not below a fresh ignore file', () => {
    const root = tree();
    ageTree(root);
    writeTree(root, { 'a.ts': 'rewritten', 'new-top.md': 'n' }); // the root's own mtime is now
    const first = walkFolder(root, { maxFileBytes: MAX });
    expect([...first.folders.keys()].sort()).toEqual(['docs', 'pkg', 'pkg/deep']);
    expect(walkAgain(root, first)).toMatchObject({ foldersListed: 1, foldersReused: 3 });

    fs.writeFileSync(path.join(root, 'pkg/.gitignore'), 'secret.txt\nd.go\n');
    expect([...walkFolder(root, { maxFileBytes: MAX }).folders.keys()].sort()).toEqual(['docs']);
  });

  it('does not remember a folder changed moments ago: a change in the same clock tick would go unseen', () => {
    const root = makeTree({ 'a.ts': 'a', 'sub/b.ts': 'b' });
    const first = walkFolder(root, { maxFileBytes: MAX });
    expect(first.folders.size).toBe(0);
    writeTree(root, { 'sub/c.ts': 'c' });
    expect(paths(walkAgain(root, first))).toEqual(['a.ts', 'sub/b.ts', 'sub/c.ts']);
  });
});
