import { describe, expect, it } from 'vitest';
import { QuarryError } from './errors.js';
import { SEARCH_CODE } from './limits.js';
import { normalizeSearchCodeParams } from './search-code-params.js';

function failure(input: unknown): string {
  try {
    normalizeSearchCodeParams(input);
  } catch (error) {
    expect(error).toBeInstanceOf(QuarryError);
    return (error as QuarryError).message;
  }
  throw new Error('expected a validation failure');
}

describe('search_code parameter contract', () => {
  it.each([
    [{ query: '' }, 'Validation failed: Query cannot be empty or whitespace-only'],
    [{ query: '   \t ' }, 'Validation failed: Query cannot be empty or whitespace-only'],
    [{}, 'Validation failed: Query is required and must be a string'],
    [{ query: 42 }, 'Validation failed: query must be a string'],
    [{ query: 'x', max_results: 0 }, `Validation failed: max_results must be >= ${SEARCH_CODE.maxResults.min}, got 0`],
    [{ query: 'x', max_results: -5 }, 'Validation failed: max_results must be >= 1, got -5'],
    [{ query: 'x', max_results: 2.5 }, 'Validation failed: max_results must be an integer, got 2.5'],
    [{ query: 'x', max_results: '5' }, 'Validation failed: max_results must be an integer, got "5"'],
    [{ query: 'x', skip: -10 }, 'Validation failed: skip must be >= 0, got -10'],
    [{ query: 'x', skip: SEARCH_CODE.skip.max + 1 }, `Validation failed: skip must be <= ${SEARCH_CODE.skip.max}, got ${SEARCH_CODE.skip.max + 1}`],
    [{ query: 'x', snippet_lines: -1 }, 'Validation failed: snippet_lines must be >= 0, got -1'],
    [{ query: 'x', detail_level: 'verbose' }, 'Validation failed: Invalid detail_level "verbose". Valid values: full, compact, ultra'],
    [{ query: 'x', mode: 'fuzzy' }, 'Validation failed: Invalid mode "fuzzy". Valid values: auto, text, exact, regex'],
    [{ query: 'x', repository: '../etc' }, 'Validation failed: repository must not contain path traversal ("..", leading "/" or "~")'],
    [{ query: 'x', repository: '/etc/passwd' }, 'Validation failed: repository must not contain path traversal ("..", leading "/" or "~")'],
    [{ query: 'x', repository: 'r'.repeat(SEARCH_CODE.repositoryMaxChars + 1) }, `Validation failed: repository must be at most ${SEARCH_CODE.repositoryMaxChars} characters, got ${SEARCH_CODE.repositoryMaxChars + 1}`],
    [{ query: 'x', limit: 3 }, 'Validation failed: Unknown parameter "limit"'],
    [{ query: 'x', case_sensitive: 'yes' }, 'Validation failed: case_sensitive must be a boolean'],
  ])('rejects %j', (input, expected) => {
    expect(failure(input)).toContain(expected);
  });

  it('rejects an invalid language and lists the valid ones', () => {
    const text = failure({ query: 'x', language: 'klingon' });
    expect(text).toMatch(/^Validation failed: Invalid language "klingon". Valid languages: python, javascript, /);
    expect(text).toContain('markdown');
  });

  it('rejects more words than the limit', () => {
    const query = Array.from({ length: SEARCH_CODE.queryMaxWords + 1 }, (_, i) => `w${i}`).join(' ');
    expect(failure({ query })).toContain(`has ${SEARCH_CODE.queryMaxWords + 1} words; the maximum is ${SEARCH_CODE.queryMaxWords}`);
  });

  it('normalises the contract\'s example: language case, detail level case, clamped max_results', () => {
    const params = normalizeSearchCodeParams({ query: '  find python functions ', language: 'PYTHON', max_results: 50, detail_level: 'FULL' });
    expect(params).toMatchObject({ query: 'find python functions', language: 'python', maxResults: SEARCH_CODE.maxResults.max, detailLevel: 'full', skip: 0, snippetLines: 0 });
    expect(params.warnings).toEqual([`max_results 50 is above the maximum ${SEARCH_CODE.maxResults.max}; clamped to ${SEARCH_CODE.maxResults.max}`]);
  });

  it('clamps snippet_lines and truncates long queries with warnings', () => {
    const params = normalizeSearchCodeParams({ query: 'a'.repeat(SEARCH_CODE.queryMaxChars + 50), snippet_lines: 500 });
    expect(params.query).toHaveLength(SEARCH_CODE.queryMaxChars);
    expect(params.snippetLines).toBe(SEARCH_CODE.snippetLines.max);
    expect(params.warnings).toHaveLength(2);
  });

  it('accepts language aliases', () => {
    expect(normalizeSearchCodeParams({ query: 'x', language: 'TS' }).language).toBe('typescript');
    expect(normalizeSearchCodeParams({ query: 'x', language: 'c++' }).language).toBe('cpp');
  });

  it.each([
    ['DROP TABLE users; --', 'SQL injection'],
    ['<script>alert(1)</script>', 'XSS'],
    ['${process.env.SECRET}', 'template injection'],
    ['{{constructor}}', 'template injection'],
    ['foo; rm -rf /', 'command injection'],
  ])('keeps suspicious query %j intact and warns (%s)', (query, kind) => {
    const params = normalizeSearchCodeParams({ query });
    expect(params.query).toBe(query);
    expect(params.warnings.join('\n')).toContain(kind);
  });

  it('sanitises repository names and says so', () => {
    const params = normalizeSearchCodeParams({ query: 'x', repository: 'my-repo;rm' });
    expect(params.repository).toBe('my-reporm');
    expect(params.warnings[0]).toContain('unsafe characters');
  });
});
