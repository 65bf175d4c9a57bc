import { describe, expect, it } from 'vitest';
import { TOOL_TEXT } from '../contracts/limits.js';
import { renderSearchCodeText, type SearchCodeReplyView, type SearchCodeTextItem } from './search-code-text.js';

const item = (over: Partial<SearchCodeTextItem>): SearchCodeTextItem => ({
  id: 'c1', file: 'net/sock.c', repository: 'linux', language: 'c', relevance: 3.2, highlights: {}, start_line: 10, end_line: 14, ...over,
});

const reply = (items: SearchCodeTextItem[], over: Partial<SearchCodeReplyView> = {}): SearchCodeReplyView => ({
  query: 'socket buffer', mode: 'text', query_type: 'concept', items, count: items.length, total: 57, has_more: true, next_skip: items.length,
  next_cursor: 'CURSOR.TAG', ...over,
});

describe('renderSearchCodeText', () => {
  it('ultra: a header with count, total and the cursor, then one `line: text` row per hit under its file', () => {
    const text = renderSearchCodeText(reply([
      item({ line: 'net/sock.c:12: int   sock_buffer_size(void);', highlights: { '12': [[6, 12]], '13': [[0, 3]] } }),
      item({ id: 'c2', file: 'include/sock.h', line: 'include/sock.h:3: #define SOCK_BUF 4096' }),
      item({ id: 'c3', line: 'net/sock.c:40: return buffer;', symbol: 'sock_free' }),
    ]), 'ultra');
    expect(text.split('\n')).toEqual([
      '3 of 57 chunks (text, concept); more: cursor "CURSOR.TAG"',
      'net/sock.c',
      '12: int sock_buffer_size(void);',
      '40: return buffer;',
      'include/sock.h',
      '3: #define SOCK_BUF 4096',
    ]);
  });

  it('compact: the snippet rows, context marked with a dash, punctuation-only context left out, the enclosing symbol noted', () => {
    const text = renderSearchCodeText(reply([
      item({ snippet: '{\n    size_t len = buffer_len(b);\n    return len;', snippet_start_line: 20, highlights: { '21': [[17, 23]] }, symbol: 'sock.read' }),
    ], { has_more: false, next_cursor: null, matched: 'any_term' }), 'compact');
    expect(text.split('\n')).toEqual([
      '1 of 57 chunks (text, concept, any term)',
      'net/sock.c',
      '21: size_t len = buffer_len(b);  (in sock.read)',
      '22- return len;',
    ]);
  });

  it('full: every snippet line with its indentation; regex matches marked once per row', () => {
    const text = renderSearchCodeText(reply([
      item({ snippet: 'int f() {\n\tgo(PM_SUSPEND);\n}', start_line: 5, end_line: 7, highlights: { '6': [[4, 14]] }, symbol: 'f', token_count: 9 }),
    ], { query: '[A-Z]+_SUSPEND', mode: 'regex', query_type: undefined, next_cursor: undefined, next_skip: 1 }), 'full');
    expect(text.split('\n')).toEqual([
      '1 of 57 lines (regex); more: skip 1',
      'net/sock.c',
      '5- int f() {',
      '6: \tgo(«PM_SUSPEND»);  (in f)',
      '7- }',
    ]);
  });

  it('says when the total is a lower bound, shows warnings, suggestions and reference sites', () => {
    const empty = renderSearchCodeText(reply([], {
      count: 0, total: 0, has_more: false, next_cursor: null, warnings: ['max_results clamped to 20'],
      suggestions: { did_you_mean: ['socket'], synonyms: [], hints: ['Nothing in language c; 3 hits without the filter.'] },
    }), 'ultra');
    expect(empty.split('\n')).toEqual([
      '0 chunks (text, concept)', 'warning: max_results clamped to 20', 'did you mean: socket', 'hints: Nothing in language c; 3 hits without the filter.',
    ]);
    const partial = renderSearchCodeText(reply([], { count: 0, total: 12, total_partial: true, has_more: false }), 'ultra');
    expect(partial.split('\n')[0]).toBe('0 of ≥12 chunks (text, concept)');
    const related = renderSearchCodeText(reply([item({ file: 'a.ts', line: 'a.ts:4: run(x);' })], {
      has_more: false, references_total: 9,
      references: [{ file: 'a.ts', line: 4, kind: 'CALLS', from: 'main' }, { file: 'b.ts', line: 7, kind: 'CALLS', from: null }],
    }), 'ultra');
    expect(related.split('\n').slice(1)).toEqual(['a.ts', '4: run(x);', 'references 2 of 9, 1 among the hits above:', 'b.ts', '7: calls']);
  });

  it('ultra: a long row is cut short around the literal or word it matched', () => {
    const long = `const config = loadEverything(${'argument, '.repeat(15)}NEEDLE_VALUE, ${'rest, '.repeat(20)});`;
    for (const [mode, query] of [['exact', 'needle_value'], ['text', 'needle value']] as const) {
      const text = renderSearchCodeText(reply([item({ line: `net/sock.c:9: ${long}`, highlights: { '9': [[200, 212]] } })], { mode, query }), 'ultra');
      const row = text.split('\n')[2]!;
      expect(row).toContain('NEEDLE_VALUE');
      expect(row.startsWith('9: …') && row.endsWith('…')).toBe(true);
      expect(row.length).toBeLessThanOrEqual('9: '.length + TOOL_TEXT.ultraRowMaxChars + 2);
    }
  });

  it('notes a graph-expanded hit\'s relation only when its row does not show the name', () => {
    const expanded = (snippet: string) => item({ snippet, start_line: 3, highlights: { '3': [[0, 1]] }, relation: 'caller', expanded_from: 'auth.validateToken' });
    expect(renderSearchCodeText(reply([expanded('ok = check(t)')]), 'compact')).toContain('3: ok = check(t)  (caller of auth.validateToken)');
    expect(renderSearchCodeText(reply([expanded('ok = validateToken(t)')]), 'compact').split('\n')).toContain('3: ok = validateToken(t)');
  });

  it('names the repository with the path when a page spans several', () => {
    const text = renderSearchCodeText(reply([
      item({ line: 'net/sock.c:1: a' }), item({ id: 'c2', repository: 'other', line: 'net/sock.c:1: a' }),
    ]), 'ultra');
    expect(text.split('\n').slice(1)).toEqual(['linux: net/sock.c', '1: a', 'other: net/sock.c', '1: a']);
  });
});
