import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo } from '../test-support/child-processes.js';
import { makeTree } from '../test-support/temp-tree.js';
import { openRegularFileSync, readRegularFile, readRegularFileSync } from './regular-file.js';

describe('reading regular files only', () => {
  const dir = makeTree({ 'a.txt': 'alpha\n', 'big.txt': 'x'.repeat(100) });
  const pipe = makeFifo(path.join(dir, 'pipe'));

  it('reads a regular file, refuses one over the size given', async () => {
    expect(readRegularFileSync(path.join(dir, 'a.txt'))).toEqual({ kind: 'read', bytes: Buffer.from('alpha\n') });
    expect(readRegularFileSync(path.join(dir, 'big.txt'), 99)).toEqual({ kind: 'too_large', size: 100 });
    expect(await readRegularFile(path.join(dir, 'big.txt'), 99, 5_000)).toEqual({ kind: 'too_large', size: 100 });
  });

  it('never waits on a named pipe with no writer, in this thread or the file-system pool', async () => {
    const started = performance.now();
    expect(readRegularFileSync(pipe)).toEqual({ kind: 'not_regular' });
    expect(await readRegularFile(pipe, 1_000, 5_000)).toEqual({ kind: 'not_regular' });
    expect(openRegularFileSync(pipe)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a folder, and a missing file throws as fs does', () => {
    expect(readRegularFileSync(dir)).toEqual({ kind: 'not_regular' });
    expect(() => readRegularFileSync(path.join(dir, 'nope'))).toThrow(/ENOENT/);
    expect(fs.existsSync(pipe)).toBe(true);
  });
});
