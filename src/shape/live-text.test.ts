import { describe, expect, it } from 'vitest';
import { renderFileListText } from './file-list-text.js';
import { renderLiveText } from './live-text.js';
import { renderReferencesText } from './references-text.js';

describe('renderLiveText', () => {
  it('a bare total is its own text', () => {
    expect(renderLiveText(47, 0)).toBe('47');
  });

  it('count_only_matches: one `count path` row per file', () => {
    const text = renderLiveText({ format: 'count_only_matches', total_matches: 5, file_count: 2, files: { 'a.h': 4, 'b/c.h': 1 } }, 0);
    expect(text.split('\n')).toEqual(['5 matches in 2 files', '4 a.h', '1 b/c.h']);
  });

  it('group_by_file: rows under each file, context with a dash; pattern marks use character offsets, not ripgrep\'s bytes', () => {
    const line = 'é = FOO_BAR;';
    const start = Buffer.byteLength('é = ');
    const text = renderLiveText({
      format: 'group_by_file', total_matches: 9, file_count: 1, warnings: ['Showing 1 of 9 matches.'],
      files: [{ file: 'x.c', count: 9, matches: [{ line_number: 3, line, submatches: [{ start, end: start + 7 }], before: [{ line_number: 2, line: '  /* before */' }] }] }],
    }, 1);
    expect(text.split('\n')).toEqual(['1 of 9 matches in 1 file', 'warning: Showing 1 of 9 matches.', 'x.c', '2- /* before */', '3: é = «FOO_BAR»;']);
  });

  it('full: matches grouped by file in their order; find_and_grep says how many files it searched', () => {
    const text = renderLiveText({
      format: 'full', total_matches_at_least: 3, total_matches: null, file_count: 2, meta: { searched_file_count: 40, truncated: true },
      matches: [
        { file: 'b.c', line_number: 7, line: 'x' }, { file: 'a.c', line_number: 1, line: 'y' }, { file: 'b.c', line_number: 2, line: 'z' },
      ],
    }, 0);
    expect(text.split('\n')).toEqual(['3 of ≥3 matches in 2 files; searched 40 files (file_limit reached)', 'b.c', '2: z', '7: x', 'a.c', '1: y']);
  });

  it('summary_only: each top file with its count and samples', () => {
    const text = renderLiveText({
      format: 'summary_only', total_matches: 12, file_count: 3, base: 'src',
      top_files: [{ file: 'a.ts', count: 10, samples: [{ line_number: 4, line: '\tTODO: one' }] }],
    }, 0);
    expect(text.split('\n')).toEqual(['12 matches in 3 files; paths under src/', 'a.ts (10)', '4: TODO: one']);
  });
});

describe('renderFileListText', () => {
  it('lists entries as ls -R does: folder, then its names, folders with a slash', () => {
    const text = renderFileListText({
      count: 4, total: 9, warnings: ['Showing 4 of 9 entries.'],
      files: [{ path: '/r/a.h', is_dir: false }, { path: '/r/net', is_dir: true }, { path: '/r/net/if.h', is_dir: false }, { path: '/r/z.h', is_dir: false }],
    });
    expect(text.split('\n')).toEqual(['4 of 9 entries', 'warning: Showing 4 of 9 entries.', '/r:', 'a.h', 'net/', 'z.h', '/r/net:', 'if.h']);
  });

  it('relative paths at the root are listed under "."', () => {
    expect(renderFileListText({ count: 1, total: 1, files: [{ path: 'a.h', is_dir: false }] })).toBe('1 of 1 entries\n.:\na.h');
  });
});

describe('renderReferencesText', () => {
  const base = { symbol: 'validateToken', kinds: ['CALLS'], count: 2, total: 5, has_more: true, next_skip: 2 };

  it('definitions, then sites by file; a row that does not name its caller says it', () => {
    const text = renderReferencesText({
      ...base,
      definitions: [{ file: 'auth.ts', line: 3, end_line: 9, kind: 'function', name: 'validateToken' }],
      references: [
        { file: 'api.ts', line: 12, kind: 'CALLS', from: 'handle', text: '  if (!validateToken(t)) return;' },
        { file: 'api.ts', line: 30, kind: 'CALLS', from: 'validateAll', text: 'validateAll(x)' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '2 of 5 references to validateToken (calls); more: skip 2',
      'definitions:', 'auth.ts', '3: function validateToken (to line 9)',
      'references:', 'api.ts', '12: if (!validateToken(t)) return;  (in handle)', '30: validateAll(x)',
    ]);
  });

  it('each row says its kind only when the sites are of several kinds', () => {
    const text = renderReferencesText({
      ...base, kinds: ['CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS'], has_more: false, next_skip: null, definitions: [],
      references: [
        { file: 'a.ts', line: 1, kind: 'IMPORTS', from: null, text: "import { validateToken } from './auth';" },
        { file: 'a.ts', line: 5, kind: 'CALLS', from: 'main', text: 'validateToken(t);' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '2 of 5 references to validateToken (all kinds)', 'references:', 'a.ts',
      "1: import { validateToken } from './auth';  (imports)", '5: validateToken(t);  (calls, in main)',
    ]);
  });
});
