/**
 * @module contracts/medicines-params
 * Argument validation of the medicines tools, rule by rule as seed 001 states
 * it, with its Czech messages (medicines answer in Czech unless a locale is
 * asked for). Numbers out of range are silently clamped, as the seed says;
 * a non-boolean `is_24h` is silently ignored.
 */
import { z } from 'zod';
import { QuarryError } from './errors.js';
import { message, type Locale } from './messages/index.js';

export interface Range { min: number; max: number; default: number }

function invalid(key: Parameters<typeof message>[0], params: Record<string, string | number>, locale: Locale, details: Record<string, unknown> = {}): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message(key, params, locale), details);
}

/** The arguments as an object; anything else has no parameters at all. */
export function argsObject(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/** Seed: validateString — a non-empty string (after trimming), returned trimmed. */
export function requireString(value: unknown, name: string, locale: Locale): string {
  if (typeof value !== 'string' || value.trim().length === 0) throw invalid('medicines.param_string', { name }, locale, { param: name });
  return value.trim();
}

/** Seed: optional, but when given it must not be empty. */
export function optionalString(value: unknown, name: string, locale: Locale): string | undefined {
  if (value === undefined || value === null) return undefined;
  return requireString(value, name, locale);
}

/** Seed: "silently clamped to range"; a value that is not a number means the default. */
export function clampNumber(value: unknown, range: Range): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.trunc(n)));
}

/** Seed: "silently ignored if not boolean". */
export function optionalBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * Seed: validateArray — a non-empty array of non-empty strings, at most `max`.
 * The seed gives two texts for "too many"; the table's ("Maximální počet kódů
 * je 50.") is used. A bad item gets the table's array message, with its
 * 1-based position in `details.item`.
 */
export function requireStringArray(value: unknown, name: string, max: number, locale: Locale): string[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid('medicines.param_string_array', { name }, locale, { param: name });
  if (value.length > max) throw invalid('medicines.too_many_codes', { max }, locale, { param: name, max, count: value.length });
  return value.map((item, i) => {
    if (typeof item !== 'string' || item.trim().length === 0) throw invalid('medicines.param_string_array', { name }, locale, { param: name, item: i + 1 });
    return item.trim();
  });
}

/** The `sukl_code` parameter of the single-product tools (seed 001 tools 2, 3, 6, 7, 8). */
export const suklCodeField = z.string().describe('SÚKL code, with or without leading zeros.');

/** Arguments of a tool whose only required parameter is `sukl_code`. */
export function parseSuklCodeArgs(raw: unknown, locale: Locale): { sukl_code: string } {
  return { sukl_code: requireString(argsObject(raw).sukl_code, 'sukl_code', locale) };
}
