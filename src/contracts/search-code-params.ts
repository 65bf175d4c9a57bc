/**
 * @module contracts/search-code-params
 * Validation and normalisation of `search_code` arguments, exactly as seed 000
 * tables them. Where the seed contradicts itself the stricter rule wins:
 * negative `skip`/`max_results` are rejected (its example "skip=-10 will be
 * set to 0" loses to "Negative max_results and skip values are rejected"),
 * more than 50 words is rejected, an over-long `repository` is rejected.
 * Suspicious text (SQL, script, template) is reported in `warnings` and then
 * searched literally: stripping it would make code that contains it unfindable.
 */
import { QuarryError, type ErrorCode } from './errors.js';
import { LANGUAGES, normalizeLanguage, type Language } from './languages.js';
import { SEARCH_CODE } from './limits.js';
import { message, type MessageKey, type MessageParams } from './messages/index.js';

export const SEARCH_MODES = ['auto', 'text', 'exact', 'regex'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const DETAIL_LEVELS = ['full', 'compact', 'ultra'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

export interface SearchCodeParams {
  query: string;
  language: Language | null;
  repository: string | null;
  maxResults: number;
  skip: number;
  snippetLines: number;
  detailLevel: DetailLevel;
  mode: SearchMode;
  /** null: the mode's default (exact: insensitive; regex: sensitive, as ripgrep). */
  caseSensitive: boolean | null;
  cursor: string | null;
  warnings: string[];
}

export const SEARCH_CODE_PARAM_NAMES = [
  'query', 'language', 'repository', 'max_results', 'skip', 'snippet_lines', 'detail_level', 'mode',
  'case_sensitive', 'cursor',
] as const;

/** A search_code contract failure: the seed's "Validation failed: <reason>" message, under a stable code. */
export function validationError(key: MessageKey, params: MessageParams = {}, code: ErrorCode = 'INVALID_ARGUMENT', cause?: unknown): QuarryError {
  return new QuarryError(code, `Validation failed: ${message(key, params)}`, { key, ...params }, cause === undefined ? undefined : { cause });
}

/** Patterns worth a warning: they are searched literally, never executed. */
const SUSPICIOUS: ReadonlyArray<[string, RegExp]> = [
  ['SQL injection', /\b(drop|delete|truncate|alter)\s+(table|database|from)\b|\bunion\s+select\b|;\s*--|'\s*or\s+'?1'?\s*=\s*'?1/i],
  ['XSS', /<\s*script\b|javascript\s*:|\bon(error|load|click|mouseover)\s*=/i],
  ['template injection', /\$\{[^}]*\}|\{\{[^}]*\}\}/],
  ['command injection', /[;&|]\s*(rm|curl|wget|sh|bash|nc)\b|`[^`]+`|\$\([^)]*\)/],
];

export function suspiciousPatterns(query: string): { kind: string; sample: string }[] {
  const found: { kind: string; sample: string }[] = [];
  for (const [kind, pattern] of SUSPICIOUS) {
    const match = pattern.exec(query);
    if (match) found.push({ kind, sample: match[0].slice(0, 40) });
  }
  return found;
}

function integerParam(raw: Record<string, unknown>, name: string, range: { min: number; max: number; default: number }, clamp: boolean, warnings: string[]): number {
  const value = raw[name];
  if (value === undefined || value === null) return range.default;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw validationError('search_code.not_integer', { param: name, value: JSON.stringify(value) });
  if (value < range.min) throw validationError('search_code.below_min', { param: name, min: range.min, value });
  if (value > range.max) {
    if (!clamp) throw validationError('search_code.above_max', { param: name, max: range.max, value });
    warnings.push(message('search_code.clamped', { param: name, value, max: range.max }));
    return range.max;
  }
  return value;
}

function optionalString(raw: Record<string, unknown>, name: string): string | null {
  const value = raw[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw validationError('search_code.type_invalid', { param: name, expected: 'a string' });
  return value;
}

/** Removes what a repository name must not contain; refuses traversal outright. */
export function sanitizeRepository(value: string, warnings: string[]): string {
  const trimmed = value.trim();
  if (trimmed.length > SEARCH_CODE.repositoryMaxChars) {
    throw validationError('search_code.repository_too_long', { max: SEARCH_CODE.repositoryMaxChars, length: trimmed.length });
  }
  if (/(^|[\\/])\.\.([\\/]|$)/.test(trimmed) || /^[/~\\]/.test(trimmed)) throw validationError('search_code.repository_traversal');
  const sanitized = trimmed.replace(/[^\p{L}\p{N}._\-/@+ ]/gu, '');
  if (sanitized.length === 0) throw validationError('search_code.repository_empty');
  if (sanitized !== trimmed) warnings.push(message('search_code.repository_sanitized', { value: trimmed, sanitized }));
  return sanitized;
}

export function normalizeSearchCodeParams(input: unknown): SearchCodeParams {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw validationError('search_code.query_required');
  }
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!(SEARCH_CODE_PARAM_NAMES as readonly string[]).includes(key)) {
      throw validationError('search_code.unknown_param', { param: key, known: SEARCH_CODE_PARAM_NAMES.join(', ') });
    }
  }
  const warnings: string[] = [];

  const cursor = optionalString(raw, 'cursor');
  if (typeof raw.query !== 'string') {
    throw validationError(raw.query === undefined || raw.query === null ? 'search_code.query_required' : 'search_code.type_invalid', { param: 'query', expected: 'a string' });
  }
  let query = raw.query.trim();
  if (query.length === 0) throw validationError('search_code.query_empty');
  if (query.length > SEARCH_CODE.queryMaxChars) {
    query = query.slice(0, SEARCH_CODE.queryMaxChars).trimEnd();
    warnings.push(message('search_code.query_truncated', { max: SEARCH_CODE.queryMaxChars }));
  }
  const words = query.split(/\s+/).length;
  if (words > SEARCH_CODE.queryMaxWords) throw validationError('search_code.query_too_many_words', { count: words, max: SEARCH_CODE.queryMaxWords });
  for (const found of suspiciousPatterns(query)) warnings.push(message('search_code.suspicious_pattern', found));

  const languageRaw = optionalString(raw, 'language');
  let language: Language | null = null;
  if (languageRaw !== null && languageRaw.trim() !== '') {
    language = normalizeLanguage(languageRaw);
    if (!language) throw validationError('search_code.language_invalid', { value: languageRaw, valid: LANGUAGES.join(', ') });
  }

  const repositoryRaw = optionalString(raw, 'repository');
  const repository = repositoryRaw === null || repositoryRaw.trim() === '' ? null : sanitizeRepository(repositoryRaw, warnings);

  const maxResults = integerParam(raw, 'max_results', SEARCH_CODE.maxResults, true, warnings);
  const skip = integerParam(raw, 'skip', SEARCH_CODE.skip, false, warnings);
  const snippetLines = integerParam(raw, 'snippet_lines', SEARCH_CODE.snippetLines, true, warnings);

  const detailRaw = optionalString(raw, 'detail_level');
  const detailLevel = (detailRaw ?? 'full').trim().toLowerCase();
  if (!(DETAIL_LEVELS as readonly string[]).includes(detailLevel)) throw validationError('search_code.detail_invalid', { value: detailRaw });

  const modeRaw = optionalString(raw, 'mode');
  const mode = (modeRaw ?? 'auto').trim().toLowerCase();
  if (!(SEARCH_MODES as readonly string[]).includes(mode)) throw validationError('search_code.mode_invalid', { value: modeRaw });

  const caseRaw = raw.case_sensitive;
  if (caseRaw !== undefined && caseRaw !== null && typeof caseRaw !== 'boolean') {
    throw validationError('search_code.type_invalid', { param: 'case_sensitive', expected: 'a boolean' });
  }

  return {
    query, language, repository, maxResults, skip, snippetLines,
    detailLevel: detailLevel as DetailLevel, mode: mode as SearchMode,
    caseSensitive: typeof caseRaw === 'boolean' ? caseRaw : null,
    cursor, warnings,
  };
}
