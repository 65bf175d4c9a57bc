/**
 * @module contracts/locate
 * The `locate` contract: its input as one strict zod schema, and
 * the shape of its answer. The input is issue-sized text
 * (title, prose, stack traces, code, logs) of up to LOCATE.textMaxChars
 * characters, longer text truncated with a warning like search_code's query;
 * how many files to return; an optional repository. Failures use the code
 * tools' "Validation failed: ..." texts in the caller's locale.
 */
import { z } from 'zod';
import { catalogueIssue } from './error-map.js';
import { LOCATE } from './limits.js';
import type { Locale } from './messages/index.js';
import { searchCodeFields } from './search-code-params.js';
import { clampedInt, parseToolArgs, toolSchema, warn, withDefault } from './tool-input.js';

export interface LocatedSymbol {
  name: string;
  kind: string;
  line: number;
}

export interface LocatedFile {
  file: string;
  repository: string;
  language: string;
  /** source, test, doc, example, vendored, generated or data (from the path and language). */
  kind: string;
  /** The file's score (higher is better; comparable within one answer only). */
  score: number;
  /** Its most likely functions or classes, most likely first. */
  symbols: LocatedSymbol[];
  /** Why it ranks here, in a few words each (`defines _cull`, `in the traceback (line 130)`). */
  reasons: string[];
  /** Each kind of evidence's weighted share of the score. */
  evidence: Record<string, number>;
}

export interface LocateResponse {
  ok: true;
  files: LocatedFile[];
  count: number;
  /** Files with any evidence (ranked; at most LOCATE.candidatesMax). */
  total: number;
  /** The text's words that were scored with BM25, most telling first. */
  terms: string[];
  warnings?: string[];
  index_version: number;
  took_ms: number;
}

export interface LocateParams {
  text: string;
  repository: string | null;
  maxResults: number;
  warnings: string[];
}

/** A letter or digit: text without one has nothing to locate by. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/** Refuses blank text and text without words; truncates past the cap with a warning (the start of an issue names what matters). */
function normalizeText(raw: string, ctx: z.RefinementCtx): string {
  if (raw.trim().length === 0) {
    ctx.addIssue(catalogueIssue('locate.text_empty'));
    return z.NEVER;
  }
  const text = raw.length <= LOCATE.textMaxChars ? raw : raw.slice(0, LOCATE.textMaxChars);
  if (!HAS_WORD.test(text)) {
    ctx.addIssue(catalogueIssue('locate.no_words'));
    return z.NEVER;
  }
  if (text.length < raw.length) warn('locate.text_truncated', { max: LOCATE.textMaxChars });
  return text;
}

export const locateFields = {
  text: z.string().meta({ minLength: 1, maxLength: LOCATE.textMaxChars }).describe(
    'The issue as written, traces and logs included.',
  ).transform(normalizeText),
  max_results: withDefault(clampedInt('max_results', LOCATE.maxResults, { clampKey: 'search_code.clamped' }).optional(), LOCATE.maxResults.default),
  repository: searchCodeFields.repository,
};

/** locate's whole contract: raw arguments in, LocateParams out. */
export const locateSchema = toolSchema(locateFields).transform((v): LocateParams => ({
  text: v.text,
  repository: v.repository ?? null,
  maxResults: v.max_results ?? LOCATE.maxResults.default,
  warnings: v.warnings,
}));

/** Parses locate arguments with its schema (the tool, benchmarks and tests). */
export function normalizeLocateParams(input: unknown, locale: Locale = 'en'): LocateParams {
  return parseToolArgs(locateSchema, input, { dialect: 'code', locale });
}
