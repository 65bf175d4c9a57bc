/**
 * @module test-support/temp-tree
 * Real folders on disk for tests: write a tree of files into a fresh temp
 * folder, removed when the test file ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const created: string[] = [];

afterAll(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export type TreeSpec = Record<string, string | Buffer>;

/** Writes `files` (relative path -> content) under a new temp folder and returns its real path. */
export function makeTree(files: TreeSpec = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-')));
  created.push(dir);
  writeTree(dir, files);
  return dir;
}

export function writeTree(dir: string, files: TreeSpec): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** A copy of a committed fixture folder (test-fixtures/NAME) in a new temp folder, so a test may index and write into it. */
export function copyFixture(name: string): string {
  const dir = makeTree();
  fs.cpSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test-fixtures', name), dir, { recursive: true });
  return dir;
}
