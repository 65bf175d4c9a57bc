/**
 * @module contracts/bound-text
 * Checks on user text that is bound into an index query, run by the
 * contracts before any store sees the value, so SQLite and PostgreSQL
 * answer alike: a NUL byte (no indexed path, name or text holds one;
 * PostgreSQL cannot even take it as text) and a path glob's bracket range
 * written backwards (`[z-a]`: SQLite's GLOB would quietly match nothing,
 * PostgreSQL's regex refuses it). Both are refused with a catalogue error
 * that says how to fix the value.
 */
import type { z } from 'zod';
import { catalogueIssue } from './error-map.js';

/** A zod check: `param` holds no NUL byte. */
export function noNul(param: string) {
  return (value: string, ctx: z.RefinementCtx): void => {
    if (value.includes('\u0000')) ctx.addIssue(catalogueIssue('input.nul_byte', { param }));
  };
}

/**
 * The first bracket range of a glob whose ends are backwards (`z-a`), as
 * SQLite's GLOB reads brackets: `[` then an optional `^`, a `]` right after
 * is a member, `-` first or last is a member, `]` closes.
 */
export function reversedGlobRange(glob: string): { range: string; fixed: string } | null {
  const chars = Array.from(glob);
  for (let at = 0; at < chars.length; at++) {
    if (chars[at] !== '[') continue;
    let i = at + 1;
    if (chars[i] === '^') i++;
    if (chars[i] === ']') i++;
    for (; i < chars.length && chars[i] !== ']'; i++) {
      const from = chars[i]!;
      const to = chars[i + 2];
      if (chars[i + 1] !== '-' || to === undefined || to === ']') continue;
      if (from.codePointAt(0)! > to.codePointAt(0)!) return { range: `${from}-${to}`, fixed: `${to}-${from}` };
      i += 2;
    }
    at = i;
  }
  return null;
}

/** A zod check for a path glob: no NUL byte, no backwards range. */
export function pathGlob(param: string) {
  const nul = noNul(param);
  return (value: string, ctx: z.RefinementCtx): void => {
    nul(value, ctx);
    const reversed = reversedGlobRange(value);
    if (reversed) ctx.addIssue(catalogueIssue('input.glob_range_reversed', { param, glob: value, ...reversed }));
  };
}
