/**
 * @module contracts/search-code-params
 * The `search_code` contract as one strict zod schema: it
 * validates, normalises, clamps with warnings and publishes its ranges.
 * Where the contract contradicts itself the stricter rule wins: negative
 * `skip`/`max_results` are rejected (its example "skip=-10 will be set to 0"
 * loses to "Negative max_results and skip values are rejected"), more than 50
 * words is rejected, an over-long `repository` is rejected. Suspicious text
 * (SQL, script, template) is reported in `warnings` and then searched
 * literally: stripping it would make code that contains it unfindable.
 */
import { z } from 'zod';
import { catalogueError, type ErrorCode, type QuarryError } from './errors.js';
import { catalogueIssue } from './error-map.js';
import { LANGUAGES, normalizeLanguage, type Language } from './languages.js';
import { SEARCH_CODE } from './limits.js';
import type { Locale, MessageKey, MessageParams } from './messages/index.js';
import { caseInsensitiveEnum, clampedInt, parseToolArgs, toolSchema, warn, withDefault } from './tool-input.js';

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

/**
 * A search_code contract failure raised after parsing (cursors, regexes): the
 * contract's "Validation failed: <reason>" message under a stable code, re-rendered
 * in the caller's locale by the tool door.
 */
export function validationError(key: MessageKey, params: MessageParams = {}, code: ErrorCode = 'INVALID_ARGUMENT', cause?: unknown, locale: Locale = 'en'): QuarryError {
  return catalogueError(code, { key, params, wrap: 'search_code.validation_failed' }, locale, { key, ...params }, cause);
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

/** Trims, truncates past the cap (warning), refuses empty and over-long word lists, warns on suspicious text. */
function normalizeQuery(raw: string, ctx: z.RefinementCtx): string {
  let query = raw.trim();
  if (query.length === 0) {
    ctx.addIssue(catalogueIssue('search_code.query_empty'));
    return z.NEVER;
  }
  if (query.length > SEARCH_CODE.queryMaxChars) {
    query = query.slice(0, SEARCH_CODE.queryMaxChars).trimEnd();
    warn('search_code.query_truncated', { max: SEARCH_CODE.queryMaxChars });
  }
  const words = query.split(/\s+/).length;
  if (words > SEARCH_CODE.queryMaxWords) {
    ctx.addIssue(catalogueIssue('search_code.query_too_many_words', { count: words, max: SEARCH_CODE.queryMaxWords }));
    return z.NEVER;
  }
  for (const found of suspiciousPatterns(query)) warn('search_code.suspicious_pattern', found);
  return query;
}

/** Blank means "any language"; otherwise a language of the contract or a common alias, case-insensitive. */
function normalizeLanguageParam(raw: string, ctx: z.RefinementCtx): Language | null {
  if (raw.trim() === '') return null;
  const language = normalizeLanguage(raw);
  if (!language) ctx.addIssue(catalogueIssue('search_code.language_invalid', { value: raw, valid: LANGUAGES.join(', ') }));
  return language;
}

/** Removes what a repository name must not contain; refuses traversal outright. Blank means any repository. */
function sanitizeRepositoryParam(raw: string, ctx: z.RefinementCtx): string | null {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (/(^|[\\/])\.\.([\\/]|$)/.test(trimmed) || /^[/~\\]/.test(trimmed)) {
    ctx.addIssue(catalogueIssue('search_code.repository_traversal'));
    return z.NEVER;
  }
  const sanitized = trimmed.replace(/[^\p{L}\p{N}._\-/@+ ]/gu, '');
  if (sanitized.length === 0) {
    ctx.addIssue(catalogueIssue('search_code.repository_empty'));
    return z.NEVER;
  }
  if (sanitized !== trimmed) warn('search_code.repository_sanitized', { value: trimmed, sanitized });
  return sanitized;
}

const clampKey = 'search_code.clamped' as const;

/** The published fields, in the order their rules and warnings apply. */
export const searchCodeFields = {
  query: z.string().meta({ minLength: 1, maxLength: SEARCH_CODE.queryMaxChars }).describe(
    `Words, an identifier, a literal or a regex (see mode); "quoted phrases" must appear. At most ${SEARCH_CODE.queryMaxWords} words.`,
  ).transform(normalizeQuery),
  mode: caseInsensitiveEnum(SEARCH_MODES).optional().describe(
    'auto (default): ranked words, or a literal if code-like; text: ranked; exact: substring; regex: RE2. exact/regex list every matching line.',
  ),
  case_sensitive: z.boolean().optional().describe('Default: exact insensitive, regex sensitive.'),
  language: z.string().transform(normalizeLanguageParam).optional().describe('python, typescript (ts), c, cpp, go, rust, java, ...'),
  repository: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(SEARCH_CODE.repositoryMaxChars)).transform(sanitizeRepositoryParam).optional(),
  max_results: withDefault(clampedInt('max_results', SEARCH_CODE.maxResults, { clampKey }).optional(), SEARCH_CODE.maxResults.default),
  skip: z.number().int().min(SEARCH_CODE.skip.min).max(SEARCH_CODE.skip.max).optional(),
  snippet_lines: clampedInt('snippet_lines', SEARCH_CODE.snippetLines, { clampKey }).optional().describe('0 (default): whole chunk.'),
  detail_level: caseInsensitiveEnum(DETAIL_LEVELS).optional().describe('full (default), compact (3 lines) or ultra (a line per item).'),
  cursor: z.string().optional().describe('next_cursor, for the next page.'),
};

/** search_code's whole contract: raw arguments in, SearchCodeParams out. */
export const searchCodeSchema = toolSchema(searchCodeFields).transform((v): SearchCodeParams => ({
  query: v.query,
  language: v.language ?? null,
  repository: v.repository ?? null,
  maxResults: v.max_results ?? SEARCH_CODE.maxResults.default,
  skip: v.skip ?? SEARCH_CODE.skip.default,
  snippetLines: v.snippet_lines ?? SEARCH_CODE.snippetLines.default,
  detailLevel: v.detail_level ?? 'full',
  mode: v.mode ?? 'auto',
  caseSensitive: v.case_sensitive ?? null,
  cursor: v.cursor ?? null,
  warnings: v.warnings,
}));

/** Parses search_code arguments with its schema (used by the tool, the CLI's --explain, benchmarks and tests). */
export function normalizeSearchCodeParams(input: unknown, locale: Locale = 'en'): SearchCodeParams {
  return parseToolArgs(searchCodeSchema, input, { dialect: 'code', locale });
}
