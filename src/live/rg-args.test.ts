import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { batchPaths, rgArgs, type GrepOptions } from './rg-args.js';
import { decodeSubmatches, lineText, parseRgEvent } from './rg-events.js';

const base: GrepOptions = {
  query: 'needle', fixedStrings: false, word: false, case: 'smart', multiline: false, includeGlobs: [], excludeGlobs: [],
  followSymlinks: false, hidden: false, noIgnore: false, maxFilesizeBytes: LIVE.maxFilesizeDefault, contextBefore: 0,
  contextAfter: 0, encoding: null, maxCount: null, timeoutMs: LIVE.timeoutMs.default,
};

describe('search options -> ripgrep arguments', () => {
  it('always asks for JSON without colours or the user config, and ends with -- and the paths', () => {
    const args = rgArgs(base, 'json', ['/p/src']);
    expect(args).toEqual(expect.arrayContaining(['--json', '--color=never', '--no-config', '--smart-case', '--no-require-git', `--max-filesize=${LIVE.maxFilesizeDefault}`]));
    expect(args.slice(-3)).toEqual(['--regexp=needle', '--', '/p/src']);
  });

  it.each<[string, Partial<GrepOptions>, string[]]>([
    ['case insensitive', { case: 'insensitive' }, ['--ignore-case']],
    ['case sensitive', { case: 'sensitive' }, ['--case-sensitive']],
    ['fixed strings', { fixedStrings: true }, ['--fixed-strings']],
    ['word', { word: true }, ['--word-regexp']],
    ['multiline', { multiline: true }, ['--multiline']],
    ['include and exclude globs', { includeGlobs: ['*.ts'], excludeGlobs: ['vendor/**', '!*.min.js'] }, ['--glob=*.ts', '--glob=!vendor/**', '--glob=!*.min.js']],
    ['hidden, no_ignore, follow', { hidden: true, noIgnore: true, followSymlinks: true }, ['--hidden', '--no-ignore', '--follow']],
    ['encoding', { encoding: 'shift-jis' }, ['--encoding=shift-jis']],
    ['max_count', { maxCount: 3 }, ['--max-count=3']],
    ['context', { contextBefore: 2, contextAfter: 1 }, ['--before-context=2', '--after-context=1']],
  ])('maps %s', (_name, change, expected) => {
    expect(rgArgs({ ...base, ...change }, 'json', ['/p'])).toEqual(expect.arrayContaining(expected));
  });

  it('keeps a query starting with a dash a pattern', () => {
    expect(rgArgs({ ...base, query: '--files' }, 'json', ['/p'])).toContain('--regexp=--files');
  });

  it('count mode asks for --count-matches with NUL after the path and no JSON', () => {
    const args = rgArgs({ ...base, contextBefore: 3 }, 'count', ['/p']);
    expect(args).toEqual(expect.arrayContaining(['--count-matches', '--with-filename', '--null']));
    expect(args).not.toContain('--json');
    expect(args.some((a) => a.startsWith('--before-context'))).toBe(false);
  });

  it('drops ignore handling only with no_ignore', () => {
    expect(rgArgs({ ...base, noIgnore: true }, 'json', ['/p'])).not.toContain('--no-require-git');
  });

  it('splits long file lists into argv-sized batches, in order', () => {
    const files = Array.from({ length: 50 }, (_, i) => `/p/file-${String(i).padStart(3, '0')}.txt`);
    const batches = batchPaths(files, 200);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(files);
    for (const batch of batches) expect(batch.join('\0').length).toBeLessThanOrEqual(200);
  });
});

describe('ripgrep JSON events', () => {
  it('parses a match with submatches', () => {
    const event = parseRgEvent('{"type":"match","data":{"path":{"text":"a.ts"},"lines":{"text":"x needle y\\n"},"line_number":7,"absolute_offset":0,"submatches":[{"match":{"text":"needle"},"start":2,"end":8}]}}');
    expect(event).toMatchObject({ type: 'match', path: 'a.ts', lineNumber: 7 });
    if (event.type !== 'match') throw new Error('not a match');
    expect(lineText(event.lines, null)).toBe('x needle y');
    expect(decodeSubmatches(event.lines, event.submatches, null)).toEqual([{ start: 2, end: 8, match: 'needle' }]);
  });

  it('decodes non-UTF-8 lines (base64 bytes) with the file encoding and gives UTF-8 byte offsets', () => {
    const raw = Buffer.from('caf\xe9 ok\n', 'latin1');
    const lines = { bytes: raw.toString('base64') };
    expect(lineText(lines, 'latin1')).toBe('café ok');
    expect(decodeSubmatches(lines, [{ match: { bytes: Buffer.from('ok').toString('base64') }, start: 5, end: 7 }], 'latin1'))
      .toEqual([{ start: 6, end: 8, match: 'ok' }]);
  });

  it('reads the summary statistics', () => {
    const event = parseRgEvent('{"type":"summary","data":{"elapsed_total":{"secs":0,"nanos":5},"stats":{"elapsed":{"secs":1,"nanos":500000000},"searches":3,"searches_with_match":1,"bytes_searched":10,"bytes_printed":5,"matched_lines":2,"matches":4}}}');
    expect(event).toEqual({ type: 'summary', matches: 4, searches: 3, elapsedMs: 1500 });
  });
});
