/**
 * @module store/postgres/glob-regex
 * A path glob of the REST project search as SQLite's GLOB reads it (`*` any
 * run, `?` one character, `[...]` a class, `[^...]` its complement, case
 * sensitive, the whole path), written as an anchored PostgreSQL regular
 * expression, which PostgreSQL has instead of GLOB. Every other character is
 * escaped, so the glob's text is only ever matched literally; the pattern is
 * a bound parameter, and globs (a `*` becomes `.*`, nothing nests) cannot
 * make the regex engine backtrack without bound.
 */

/** Characters with a meaning in a PostgreSQL ARE outside a bracket expression. */
const ARE_META = new Set(['\\', '.', '^', '$', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);

/** One bracket expression starting at `glob[at]` (`[`): its regex text and where it ends, or null when unterminated. */
function bracket(glob: string[], at: number): { regex: string; end: number } | null {
  let i = at + 1;
  let out = '[';
  if (glob[i] === '^') { out += '^'; i++; }
  // A `]` right after `[` or `[^` belongs to the class.
  if (glob[i] === ']') { out += '\\]'; i++; }
  for (; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === ']') return { regex: `${out}]`, end: i };
    out += ch === '\\' || ch === '[' || ch === '^' ? `\\${ch}` : ch;
  }
  return null;
}

export function globRegex(glob: string): string {
  const chars = Array.from(glob);
  let out = '^';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '*') out += '.*';
    else if (ch === '?') out += '.';
    else if (ch === '[') {
      const cls = bracket(chars, i);
      if (cls) { out += cls.regex; i = cls.end; } else out += '\\[';
    } else out += ARE_META.has(ch) ? `\\${ch}` : ch;
  }
  return `${out}$`;
}
