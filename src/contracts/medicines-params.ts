/**
 * @module contracts/medicines-params
 * The field schemas of the medicines tools, rule by rule as the MCP contract states
 * them; the error map's `medicines` dialect gives the contract's Czech messages
 * (medicines answer in Czech unless a locale is asked for). Numbers out of
 * range are silently clamped, as the contract says; a non-boolean `is_24h` (or
 * `include_medicines`) is silently ignored.
 */
import { z } from 'zod';
import { clampedInt, type IntRange } from './tool-input.js';

/** The contract's validateString — a non-empty string (after trimming), returned trimmed. */
export function requiredString(description: string, maxChars?: number) {
  const base = z.string().trim().min(1);
  return (maxChars === undefined ? base : base.max(maxChars)).describe(description);
}

/** The contract: optional, but when given it must not be empty. */
export function optionalString(description: string) {
  return z.string().trim().min(1).optional().describe(description);
}

/** The contract: "silently clamped to range"; fractions are cut to whole numbers. */
export function silentlyClamped(param: string, range: IntRange & { default: number }, description: string) {
  return clampedInt(param, range, { silent: true, clampBelow: true, truncate: true }).optional().describe(description);
}

/** The contract: "silently ignored if not boolean". */
export function lenientBoolean(description: string) {
  return z.preprocess((value) => (typeof value === 'boolean' ? value : undefined), z.boolean().optional()).describe(description);
}

/** The contract's validateArray — a non-empty array of non-empty strings, at most `max` (more is an error, never a slice). */
export function stringArray(max: number, description: string) {
  return z.array(z.string().trim().min(1)).min(1).max(max).describe(description);
}

/** The `sukl_code` parameter of the single-product tools (the MCP contract's tools 2, 3, 6, 7, 8). */
export const suklCodeField = requiredString('SÚKL code, with or without leading zeros ("0000113" or "113").');
