import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { call, callError, rgCountMatches } from '../test-support/live.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';

function projectTree(): string {
  const lines = (n: number, text: string) => Array.from({ length: n }, (_, i) => `${i} ${text}`).join('\n');
  const root = makeTree({
    'src/app.ts': 'const a = 1; // TODO(ann) split\nfunction f() {\n  // FIXME later\n  return TODO(bob) + TODO(cy);\n}\n',
    'src/deep/nested/util.ts': lines(40, 'TODO(dan) x FIXME'),
    'src/deep/nested/more.ts': 'nothing here\n',
    'docs/guide.md': '# Guide\nTODO(eve) write the guide\n',
    'build/out.js': 'TODO(generated) ignored by .gitignore\n',
    '.hidden/secret.ts': 'TODO(hidden) hidden folder\n',
    '.gitignore': 'build/\n',
  });
  fs.mkdirSync(path.join(root, '.git')); // a work tree, so plain rg honours .gitignore as Quarry does
  return root;
}

const QUERY = 'TODO\\(\\w+\\)|FIXME';

describe('search_content counts agree with rg --count-matches', () => {
  const root = projectTree();
  const reference = rgCountMatches(root, ['--regexp', QUERY]);
  const referenceTotal = [...reference.values()].reduce((a, b) => a + b, 0);

  it('reference tree has matches in several files and a line with several matches', () => {
    expect(reference.size).toBe(3);
    expect(reference.get('src/app.ts')).toBe(4);
  });

  it('count_only_matches gives the same per-file counts', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: QUERY, count_only_matches: true });
    expect(reply.files).toEqual(Object.fromEntries(reference));
    expect(reply.total_matches).toBe(referenceTotal);
    expect(reply.truncated).toBe(false);
  });

  it('total_only is a bare integer equal to the sum', async () => {
    expect(await call(root, 'search_content', { roots: ['src', 'docs'], query: QUERY, total_only: true })).toBe(referenceTotal);
  });

  it('full results count every submatch, even past the display cap', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: QUERY, max_results: 5 });
    expect(reply.total_matches).toBe(referenceTotal);
    expect(reply.matches).toHaveLength(5);
    expect(reply.truncated).toBe(true);
    expect(reply.warnings.join(' ')).toContain(`Showing 5 of ${referenceTotal} matches`);
    // stable order: by path, then line
    expect(reply.matches.map((m: any) => `${m.file}:${m.line_number}`)).toEqual(['docs/guide.md:2', 'src/app.ts:1', 'src/app.ts:3', 'src/app.ts:4', 'src/deep/nested/util.ts:1']);
  });

  it('group_by_file counts per file as rg does', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: QUERY, group_by_file: true, max_results: 1000 });
    expect(Object.fromEntries(reply.files.map((f: any) => [f.file, f.count]))).toEqual(Object.fromEntries(reference));
  });

  it('hidden and ignored files are searched only when asked, still as rg counts them', async () => {
    const all = rgCountMatches(root, ['--hidden', '--no-ignore', '--regexp', QUERY]);
    const reply = await call(root, 'search_content', { roots: ['.'], query: QUERY, count_only_matches: true, hidden: true, no_ignore: true });
    expect(reply.files).toEqual(Object.fromEntries(all));
    expect(Object.keys(reply.files)).toEqual(expect.arrayContaining(['build/out.js', '.hidden/secret.ts']));
  });
});

describe('search_content results', () => {
  const root = projectTree();

  it('full results carry file, abs_path, line_number, line and submatches', async () => {
    const reply = await call(root, 'search_content', { roots: ['src'], query: 'TODO\\(bob\\)' });
    expect(reply.matches).toEqual([{
      file: 'src/app.ts', abs_path: path.join(root, 'src/app.ts'), line_number: 4, line: '  return TODO(bob) + TODO(cy);',
      submatches: [{ start: 9, end: 18, match: 'TODO(bob)' }],
    }]);
    expect(reply.format).toBe('full');
    expect(reply.estimated_tokens).toBeGreaterThan(20);
  });

  const app = { files: ['src/app.ts'] };
  it.each([
    ['fixed_strings', { ...app, query: 'TODO(bob)', fixed_strings: true }, 1],
    ['regex=false is literal too', { ...app, query: 'TODO(bob)', regex: false }, 1],
    ['word', { ...app, query: 'TOD', word: true }, 0],
    ['case insensitive', { ...app, query: 'todo\\(ann\\)', case: 'insensitive' }, 1],
    ['case sensitive', { ...app, query: 'todo\\(ann\\)', case: 'sensitive' }, 0],
    ['smart case (lower-case query ignores case)', { ...app, query: 'fixme' }, 1],
    ['include_globs', { roots: ['src'], query: 'FIXME', include_globs: ['*.md'] }, 0],
    ['exclude_globs', { roots: ['src'], query: 'FIXME', exclude_globs: ['**/nested/**'] }, 1],
    ['max_count', { roots: ['src/deep'], query: 'TODO', max_count: 2 }, 2],
    ['max_filesize skips larger files', { roots: ['src'], query: 'FIXME', max_filesize: '100' }, 1],
  ])('%s', async (_name, args, total) => {
    expect(await call(root, 'search_content', { ...args, total_only: true })).toBe(total);
  });

  it('summary_only shows the top files with a few short samples', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: QUERY, summary_only: true });
    expect(reply.top_files[0]).toMatchObject({ file: 'src/deep/nested/util.ts', count: 80 });
    expect(reply.top_files[0].samples).toHaveLength(LIVE.summarySamples);
    expect(reply.top_files[0].samples[0]).toEqual({ line_number: 1, line: '0 TODO(dan) x FIXME' });
    expect(reply.truncated).toBe(true);
  });

  it('optimize_paths moves the common folder into base', async () => {
    const reply = await call(root, 'search_content', { roots: ['src/deep'], query: 'TODO', count_only_matches: true, optimize_paths: true });
    expect(reply.base).toBe('src/deep/nested');
    expect(reply.files).toEqual({ 'util.ts': 40 });
    const full = await call(root, 'search_content', { roots: ['src/deep'], query: 'TODO', optimize_paths: true, max_results: 2 });
    expect(full.base).toBe('src/deep/nested');
    expect(full.matches[0]).toMatchObject({ file: 'util.ts', line_number: 1 });
    expect(full.matches[0]).not.toHaveProperty('abs_path');
  });

  it('each cheaper format costs fewer tokens', async () => {
    const args = { roots: ['.'], query: QUERY, max_results: 1000 };
    const sizes = [];
    for (const flag of ['count_only_matches', 'summary_only', 'group_by_file']) {
      sizes.push((await call(root, 'search_content', { ...args, [flag]: true })).estimated_tokens);
    }
    sizes.push((await call(root, 'search_content', args)).estimated_tokens);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });
});

describe('context lines and multiline', () => {
  const root = makeTree({
    'a.txt': ['l1', 'l2', 'hit one', 'l4', 'hit two', 'l6', 'l7', 'l8', 'l9', 'hit three', 'l11'].join('\n') + '\n',
    'b.rs': 'fn main() {\n    begin();\n    end();\n}\n',
  });

  it('attaches context before and after each match without repeating lines', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'hit', context_before: 2, context_after: 1 });
    const [one, two, three] = reply.matches;
    expect(one.before).toEqual([{ line_number: 1, line: 'l1' }, { line_number: 2, line: 'l2' }]);
    expect(one.after).toEqual([{ line_number: 4, line: 'l4' }]);
    expect(two.before).toBeUndefined(); // l4 already belongs to the first match
    expect(two.after).toEqual([{ line_number: 6, line: 'l6' }]);
    expect(three.before).toEqual([{ line_number: 8, line: 'l8' }, { line_number: 9, line: 'l9' }]);
    expect(three.after).toEqual([{ line_number: 11, line: 'l11' }]);
  });

  it('clamps context over the cap with a warning', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'hit three', context_after: 500 });
    expect(reply.warnings.join(' ')).toContain(`context_after 500 is above the cap ${LIVE.contextLines.max}`);
  });

  it('multiline matches span lines', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'begin\\(\\);\\n\\s*end', multiline: true });
    expect(reply.total_matches).toBe(1);
    expect(reply.matches[0]).toMatchObject({ file: 'b.rs', line_number: 2, line: '    begin();\n    end();' });
    expect(reply.matches[0].submatches[0].match).toBe('begin();\n    end');
  });

  it('without multiline a newline in the pattern is a syntax error, not "no matches"', async () => {
    const failure = await callError(root, 'search_content', { roots: ['.'], query: 'begin\\n' });
    expect(failure.code).toBe('QUERY_SYNTAX');
    expect(failure.message).toMatch(/ripgrep rejected the pattern.*fixed_strings=true/);
  });
});

describe('encodings', () => {
  const root = makeTree({
    'jp/sjis.txt': iconv.encode('これはクラスの定義です\nclass Foo {}\n日本語のテキスト。クラス名を検索します。\n', 'shift_jis'),
    'cn/gbk.txt': iconv.encode('这是一个函数的定义\n函数名称在这里出现了很多次，中文文本。\n', 'gbk'),
    'eu/latin1.txt': iconv.encode('Un café au lait, s\'il vous plaît.\nTrès bien, voilà le café.\n', 'latin1'),
    'u16/utf16.txt': iconv.encode('UTF-16 テキスト: クラス and café\n', 'utf-16le', { addBOM: true }),
  });

  it.each([
    ['Shift_JIS with encoding', { query: 'クラス', roots: ['jp'], encoding: 'Shift_JIS' }, 'jp/sjis.txt', 'これはクラスの定義です'],
    ['Shift_JIS named CP932', { query: 'クラス', roots: ['jp'], encoding: 'CP932' }, 'jp/sjis.txt', 'これはクラスの定義です'],
    ['Shift_JIS detected', { query: 'クラス', roots: ['jp'] }, 'jp/sjis.txt', 'これはクラスの定義です'],
    ['GBK with encoding', { query: '函数', roots: ['cn'], encoding: 'GBK' }, 'cn/gbk.txt', '这是一个函数的定义'],
    ['GBK detected', { query: '函数', roots: ['cn'] }, 'cn/gbk.txt', '这是一个函数的定义'],
    ['Latin-1 with encoding', { query: 'café', roots: ['eu'], encoding: 'latin-1' }, 'eu/latin1.txt', "Un café au lait, s'il vous plaît."],
    ['Latin-1 detected', { query: 'café', roots: ['eu'] }, 'eu/latin1.txt', "Un café au lait, s'il vous plaît."],
    ['UTF-16 with a BOM', { query: 'クラス', roots: ['u16'] }, 'u16/utf16.txt', 'UTF-16 テキスト: クラス and café'],
    ['UTF-16 named', { query: 'café', roots: ['u16'], encoding: 'UTF-16' }, 'u16/utf16.txt', 'UTF-16 テキスト: クラス and café'],
  ])('%s', async (_name, args, file, firstLine) => {
    const reply = await call(root, 'search_content', args);
    expect(reply.matches[0].file).toBe(file);
    expect(reply.matches[0].line).toBe(firstLine);
    const sub = reply.matches[0].submatches[0];
    expect(sub.match).toBe(args.query);
    expect(Buffer.from(firstLine).subarray(sub.start, sub.end).toString()).toBe(args.query);
  });

  it('finds non-ASCII text across all encodings at once and counts them', async () => {
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'クラス', count_only_matches: true });
    expect(reply.files).toEqual({ 'jp/sjis.txt': 2, 'u16/utf16.txt': 1 });
  });

  it('decodes lines of non-UTF-8 files matched by an ASCII query', async () => {
    const reply = await call(root, 'search_content', { roots: ['eu'], query: 'bien' });
    expect(reply.matches[0].line).toBe('Très bien, voilà le café.');
  });

  it('refuses an encoding ripgrep cannot read', async () => {
    const failure = await callError(root, 'search_content', { roots: ['.'], query: 'x', encoding: 'no-such-encoding' });
    expect(failure).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(failure.message).toContain('Encoding "no-such-encoding" is not supported');
  });
});

describe('guards', () => {
  const root = projectTree();

  it.each([
    [{ total_only: true, count_only_matches: true }, 'total_only and count_only_matches', 'total_only=true'],
    [{ count_only_matches: true, summary_only: true }, 'count_only_matches and summary_only', 'count_only_matches=true'],
    [{ summary_only: true, group_by_file: true }, 'summary_only and group_by_file', 'summary_only=true'],
    [{ total_only: true, group_by_file: true }, 'total_only and group_by_file', 'total_only=true'],
    [{ total_only: true, optimize_paths: true }, 'total_only and optimize_paths', 'total_only=true'],
    [{ regex: true, fixed_strings: true }, 'regex and fixed_strings', 'fixed_strings=true'],
  ])('refuses %j naming both flags and the cheaper way', async (flags, both, cheaper) => {
    const failure = await callError(root, 'search_content', { roots: ['.'], query: 'x', ...flags });
    expect(failure.code).toBe('INVALID_ARGUMENT');
    expect(failure.message).toContain(`${both} cannot be used together`);
    expect(failure.message).toContain(`Cheaper: ${cheaper} alone`);
  });

  it('explains conflicts in Japanese with locale ja', async () => {
    const failure = await callError(root, 'search_content', { roots: ['.'], query: 'x', total_only: true, summary_only: true, locale: 'ja' });
    expect(failure.message).toContain('total_only と summary_only は同時に指定できません');
  });

  it('needs roots or files', async () => {
    expect((await callError(root, 'search_content', { query: 'x' })).message).toContain('Give roots (folders) or files');
  });

  it('refuses a root outside the project', async () => {
    expect(await callError(root, 'search_content', { roots: ['..'], query: 'x' })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
  });

  it('clamps max_results, timeout_ms and max_filesize to their caps with warnings', async () => {
    const reply = await call(root, 'search_content', { roots: ['docs'], query: 'TODO', max_results: 999_999, timeout_ms: 999_999, max_filesize: '5G' });
    const warnings = reply.warnings.join(' ');
    expect(warnings).toContain(`max_results 999999 is above the cap ${LIVE.matchLimit.max}`);
    expect(warnings).toContain(`timeout_ms 999999 is above the cap ${LIVE.timeoutMs.max}`);
    expect(warnings).toContain('max_filesize 5G is above the cap 200M');
  });

  it('refuses a malformed size', async () => {
    expect((await callError(root, 'search_content', { roots: ['.'], query: 'x', max_filesize: 'big' })).message).toContain('"big" is not a size');
  });

  it('follow_symlinks never returns matches from outside the project', async () => {
    const outside = makeTree({ 'leak.txt': 'TODO(outside) secret\n' });
    fs.symlinkSync(outside, path.join(root, 'src', 'link-out'));
    const plain = await call(root, 'search_content', { roots: ['src'], query: 'outside', count_only_matches: true });
    expect(plain.total_matches).toBe(0);
    const followed = await call(root, 'search_content', { roots: ['src'], query: 'outside', follow_symlinks: true });
    expect(followed.total_matches).toBe(0);
    expect(followed.warnings.join(' ')).toContain('outside the project root were left out');
    fs.unlinkSync(path.join(root, 'src', 'link-out'));
  });
});

describe('unreadable paths and big replies', () => {
  it('reports a file ripgrep cannot read as a warning and keeps the other results', async () => {
    const root = makeTree({ 'ok.txt': 'needle\n' });
    fs.symlinkSync(path.join(root, 'gone.txt'), path.join(root, 'dangling.txt'));
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'needle', follow_symlinks: true });
    expect(reply.total_matches).toBe(1);
    expect(reply.warnings.join(' ')).toMatch(/ripgrep could not read 1 path\(s\), e\.g\. .*dangling\.txt/);
  });

  it('a reply above the token warning threshold suggests a cheaper format', async () => {
    const root = makeTree({ 'long.txt': 'needle with some words after it to make the line longer\n'.repeat(1500) });
    const reply = await call(root, 'search_content', { roots: ['.'], query: 'needle', max_results: LIVE.matchLimit.max });
    expect(reply.estimated_tokens).toBeGreaterThan(LIVE.tokenWarning);
    expect(reply.warnings.join(' ')).toContain('Next time try summary_only=true first');
  });
});

describe('timeout', () => {
  // ~43 MB of random words: a counted class repetition costs ripgrep about half a second here.
  const words = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919).toString(36)}x${i.toString(36)}`);
  const line = (i: number) => Array.from({ length: 12 }, (_, j) => words[(i * 13 + j * 7) % words.length]).join(' ');
  const block = Array.from({ length: 1000 }, (_, i) => line(i)).join('\n') + '\n';
  const root = makeTree({ 'big.txt': block.repeat(430) });

  it('ends a slow search with TIMEOUT, not an empty result, and kills ripgrep promptly', async () => {
    const started = Date.now();
    const failure = await callError(root, 'search_content', {
      roots: ['.'], query: '[\\w\\s]{200}Q', max_filesize: '200M', timeout_ms: 50, total_only: true,
    });
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.message).toContain('Search stopped after 50 ms (timeout_ms)');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('the same search within its time answers', async () => {
    expect(await call(root, 'search_content', { roots: ['.'], query: 'nomatchZZZ', max_filesize: '200M', timeout_ms: 20_000, total_only: true })).toBe(0);
  });
});

describe('coarser formats come from the cache', () => {
  it('answers total_only and count_only_matches from an earlier full search; a finer request runs again', async () => {
    const root = makeTree({ 'a.txt': 'needle\nneedle\n', 'b.txt': 'needle\n' });
    const full = await call(root, 'search_content', { roots: ['.'], query: 'needle' });
    expect(full).toMatchObject({ total_matches: 3, cached: false });
    writeTree(root, { 'c.txt': 'needle\n' }); // invisible to answers served from the cache
    expect(await call(root, 'search_content', { roots: ['.'], query: 'needle', total_only: true })).toBe(3);
    const counts = await call(root, 'search_content', { roots: ['.'], query: 'needle', count_only_matches: true });
    expect(counts).toMatchObject({ total_matches: 3, cached: true, files: { 'a.txt': 2, 'b.txt': 1 } });
    const summary = await call(root, 'search_content', { roots: ['.'], query: 'needle', summary_only: true });
    expect(summary).toMatchObject({ total_matches: 3, cached: true });
    const finer = await call(root, 'search_content', { roots: ['.'], query: 'needle', context_after: 1 });
    expect(finer).toMatchObject({ total_matches: 4, cached: false });
  });

  it('answers total_only from an earlier count_only_matches', async () => {
    const root = makeTree({ 'a.txt': 'pin pin\n' });
    expect((await call(root, 'search_content', { roots: ['.'], query: 'pin', count_only_matches: true })).total_matches).toBe(2);
    writeTree(root, { 'b.txt': 'pin\n' });
    expect(await call(root, 'search_content', { roots: ['.'], query: 'pin', total_only: true })).toBe(2);
    expect((await call(root, 'search_content', { roots: ['.'], query: 'pin', summary_only: true })).total_matches).toBe(2);
    expect((await call(root, 'search_content', { roots: ['.'], query: 'pin', group_by_file: true })).total_matches).toBe(3);
  });
});
