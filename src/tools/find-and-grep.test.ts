import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { call, callError } from '../test-support/live.js';
import { makeTree } from '../test-support/temp-tree.js';

function tree(): string {
  const root = makeTree({
    'src/old.ts': 'marker old\n',
    'src/mid.ts': 'marker mid\nmarker mid again\n',
    'src/new.ts': 'marker new\n' + '// padding\n'.repeat(50),
    'src/notes.md': 'marker in markdown\n',
    'build/gen.ts': 'marker generated\n',
    '.gitignore': 'build/\n',
  });
  const at = (file: string, daysAgo: number) => {
    const time = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
    fs.utimesSync(path.join(root, file), time, time);
  };
  at('src/old.ts', 30);
  at('src/mid.ts', 5);
  at('src/new.ts', 0);
  at('src/notes.md', 1);
  return root;
}

describe('find_and_grep: fd then rg', () => {
  const root = tree();

  it('searches only the files fd selected and reports meta', async () => {
    const started = performance.now();
    const reply = await call(root, 'find_and_grep', { roots: ['.'], extensions: ['ts'], query: 'marker' });
    const wallMs = performance.now() - started;
    expect(reply.matches.map((m: any) => m.file)).toEqual(['src/mid.ts', 'src/mid.ts', 'src/new.ts', 'src/old.ts']);
    expect(reply.total_matches).toBe(4);
    expect(reply.meta).toMatchObject({ searched_file_count: 3, truncated: false });
    // Each child's own run time in whole ms: a real process takes some, and both fit in the call.
    expect(Number.isInteger(reply.meta.fd_elapsed_ms)).toBe(true);
    expect(reply.meta.fd_elapsed_ms).toBeGreaterThan(0);
    expect(reply.meta.rg_elapsed_ms).toBeGreaterThan(0);
    expect(reply.meta.fd_elapsed_ms + reply.meta.rg_elapsed_ms).toBeLessThanOrEqual(Math.ceil(wallMs));
  });

  it.each([
    ['path', ['src/mid.ts']],
    ['mtime', ['src/new.ts']],
    ['size', ['src/new.ts']],
  ])('sort %s decides which files survive file_limit', async (sort, files) => {
    const reply = await call(root, 'find_and_grep', { roots: ['src'], extensions: ['ts'], query: 'marker', sort, file_limit: 1, count_only_matches: true });
    expect(Object.keys(reply.files)).toEqual(files);
    expect(reply.meta).toMatchObject({ searched_file_count: 1, truncated: true });
  });

  it('keeps fd\'s sort order in the matches (mtime: newest first)', async () => {
    const reply = await call(root, 'find_and_grep', { roots: ['src'], query: 'marker', sort: 'mtime', group_by_file: true });
    expect(reply.files.map((f: any) => f.file)).toEqual(['src/new.ts', 'src/notes.md', 'src/mid.ts', 'src/old.ts']);
  });

  it('changed_within narrows before searching', async () => {
    expect(await call(root, 'find_and_grep', { roots: ['.'], changed_within: '2d', query: 'marker', total_only: true })).toBe(2);
  });

  it('respects .gitignore unless no_ignore', async () => {
    expect(await call(root, 'find_and_grep', { roots: ['.'], query: 'generated', total_only: true })).toBe(0);
    expect(await call(root, 'find_and_grep', { roots: ['.'], query: 'generated', no_ignore: true, total_only: true })).toBe(1);
  });

  it('never hands folders to ripgrep even when types asks for them', async () => {
    const reply = await call(root, 'find_and_grep', { roots: ['.'], types: ['d'], query: 'marker', count_only_matches: true });
    expect(reply.meta.searched_file_count).toBe(4);
  });

  it('answers zero when fd finds nothing, without searching the working folder', async () => {
    const reply = await call(root, 'find_and_grep', { roots: ['.'], extensions: ['nothing'], query: 'marker' });
    expect(reply).toMatchObject({ total_matches: 0, meta: { searched_file_count: 0 } });
  });

  it('searches Shift_JIS files it found', async () => {
    const jp = makeTree({ 'a/sjis.txt': iconv.encode('日本語のテキスト。クラスの定義です。\n', 'shift_jis'), 'a/b.txt': 'クラス\n' });
    const reply = await call(jp, 'find_and_grep', { roots: ['a'], extensions: ['txt'], query: 'クラス', encoding: 'Shift_JIS', count_only_matches: true });
    expect(reply.files).toEqual({ 'a/sjis.txt': 1 });
  });

  it('passes a long file list to ripgrep in batches and counts every file', async () => {
    const count = 1500;
    const longName = 'a-rather-long-file-name-to-fill-the-argument-list';
    const many = makeTree(Object.fromEntries(Array.from({ length: count }, (_, i) => [`d/${longName}-${i}.txt`, 'needle\n'])));
    const listBytes = count * (many.length + longName.length + 12);
    expect(listBytes).toBeGreaterThan(LIVE.argvMaxBytes);
    const reply = await call(many, 'find_and_grep', { roots: ['d'], query: 'needle', count_only_matches: true, timeout_ms: 20_000 });
    expect(reply).toMatchObject({ total_matches: count, file_count: count, meta: { searched_file_count: count, truncated: false } });
  });

  it('refuses mutually exclusive formats and escaping roots like search_content', async () => {
    expect((await callError(root, 'find_and_grep', { roots: ['.'], query: 'x', total_only: true, count_only_matches: true })).message)
      .toContain('total_only and count_only_matches cannot be used together');
    expect((await callError(root, 'find_and_grep', { roots: ['../..'], query: 'x' })).code).toBe('PATH_OUTSIDE_ROOT');
  });

  it('clamps file_limit to the cap', async () => {
    const reply = await call(root, 'find_and_grep', { roots: ['.'], query: 'marker', file_limit: LIVE.fileLimit.max * 2, count_only_matches: true });
    expect(reply.warnings.join(' ')).toContain(`file_limit ${LIVE.fileLimit.max * 2} is above the cap ${LIVE.fileLimit.max}`);
  });
});
