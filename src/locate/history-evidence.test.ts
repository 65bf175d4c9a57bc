/**
 * Git history as locate's evidence, on a real git repository built in a temp
 * folder and indexed for real in SQLite: a file committed together with the
 * file a report points at is ranked with it (and says so), a mass commit
 * ties nothing together, and a folder without git is ranked as before.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeLocateParams, type LocateResponse } from '../contracts/locate.js';
import { indexFolder } from '../ingest/indexer.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { scratchSqlite, type ScratchStore } from '../test-support/store-contract.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { readHistory } from './history.js';
import { LOCATE_HISTORY } from './locate-weights.js';
import { locate } from './locate.js';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' });

function commit(dir: string, files: Record<string, string>, message: string): void {
  writeTree(dir, files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', message);
}

const OPERATIONS = (n: number) => `"""Schema operations."""\n\n\nclass RenameField:\n    """Renames a field of a model (revision ${n})."""\n\n    def __init__(self, model_name, old_name, new_name):\n        self.model_name = model_name\n        self.old_name = old_name\n        self.new_name = new_name\n\n    def describe(self):\n        return f"Rename field {self.old_name} on {self.model_name} to {self.new_name}"\n`;
const DETECTOR = (n: number) => `"""Finds what changed between two states."""\n\n\nclass ChangeDetector:\n    """Compares two project states (revision ${n})."""\n\n    def changes(self, before, after):\n        found = []\n        for name in sorted(after):\n            if name not in before:\n                found.append(name)\n        return found\n`;
const LONER = (n: number) => `"""Formatting helpers."""\n\n\ndef pad(text, width):\n    # revision ${n}\n    return text.ljust(width)\n`;
const ISSUE = 'RenameField loses the new name\n\nAfter RenameField(model_name, old_name, new_name) the describe() text shows the old field name.';

/** A project whose detector was committed with the operations three times, and a helper always alone. */
function projectWithHistory(): string {
  const dir = makeTree();
  git(dir, 'init', '--quiet');
  commit(dir, { 'app/operations.py': OPERATIONS(0), 'app/detector.py': DETECTOR(0) }, 'start');
  for (let n = 1; n <= 3; n++) commit(dir, { 'app/operations.py': OPERATIONS(n), 'app/detector.py': DETECTOR(n) }, `operations and detector ${n}`);
  for (let n = 0; n <= 3; n++) commit(dir, { 'app/format.py': LONER(n) }, `format ${n}`);
  // A mass commit (a reformatting) touches the helper together with the operations: it must tie nothing together.
  const mass: Record<string, string> = { 'app/operations.py': OPERATIONS(9), 'app/format.py': LONER(9) };
  for (let k = 0; k < LOCATE_HISTORY.commitFilesMax; k++) mass[`app/generated/part${k}.txt`] = `part ${k}\n`;
  commit(dir, mass, 'reformat everything');
  return dir;
}

async function indexed(root: string): Promise<{ store: Store; place: ScratchStore }> {
  const place = await scratchSqlite();
  await indexFolder({ root, store: place.location, workers: 0 });
  return { store: await openStore(place.location, { readonly: true, root }), place };
}

describe('git history as evidence', () => {
  let root: string;
  let store: Store;
  let place: ScratchStore;
  let answer: LocateResponse;

  beforeAll(async () => {
    root = projectWithHistory();
    ({ store, place } = await indexed(root));
    answer = await locate(store, normalizeLocateParams({ text: ISSUE }));
  });
  afterAll(async () => {
    await store?.close();
    await place?.drop();
  });

  it('ranks the file committed together with the named one right after it, saying with which', () => {
    const files = answer.files.map((f) => f.file);
    expect(files[0]).toBe('app/operations.py');
    expect(files[1]).toBe('app/detector.py');
    const detector = answer.files[1]!;
    expect(detector.reasons).toContain('changed with app/operations.py');
    expect(detector.evidence.coChanged).toBeGreaterThan(0);
  });

  it('ties nothing together through a commit that changed more files than the cap', () => {
    const helper = answer.files.find((f) => f.file === 'app/format.py');
    expect(helper?.evidence.coChanged ?? 0).toBe(0);
  });

  it('reads the commits of a folder inside a repository with the folder\'s own paths, newest first', async () => {
    const commits = await readHistory(path.join(root, 'app'));
    expect(commits).not.toBeNull();
    expect(commits![0]).toContain('format.py');
    expect(commits![0]).toContain('generated/part0.txt');
    expect(commits!.at(-1)!.sort()).toEqual(['detector.py', 'operations.py']);
  });

  it('has no history where the folder is not a git work tree, and ranks it on the text alone', async () => {
    const plain = makeTree();
    for (const rel of ['app/operations.py', 'app/detector.py', 'app/format.py']) fs.cpSync(path.join(root, rel), path.join(plain, rel));
    expect(await readHistory(plain)).toBeNull();
    const other = await indexed(plain);
    try {
      const files = (await locate(other.store, normalizeLocateParams({ text: ISSUE }))).files;
      expect(files[0]!.file).toBe('app/operations.py');
      expect(files.every((f) => f.evidence.coChanged === undefined && f.evidence.changes === undefined)).toBe(true);
    } finally {
      await other.store.close();
      await other.place.drop();
    }
  });
});
