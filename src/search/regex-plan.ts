/**
 * @module search/regex-plan
 * Plans a regular expression into the trigrams a matching line must contain,
 * after Russ Cox's "Regular Expression Matching with a Trigram Index": each
 * node yields a small set of exact strings it can match (when finite) and a
 * requirement (AND/OR of literals). The planner only ever over-approximates:
 * what it cannot understand becomes "anything", never a wrong constraint, so
 * candidates are a superset of true hits and the verifier decides.
 */

export type Requirement =
  | { kind: 'any' }
  | { kind: 'literal'; text: string }
  | { kind: 'and'; parts: Requirement[] }
  | { kind: 'or'; parts: Requirement[] };

interface Info {
  /** Every string the node can match, when that set is small and finite. */
  exact: string[] | null;
  match: Requirement;
}

/** Largest exact set kept before it is folded into a requirement. */
const EXACT_SET_MAX = 16;
const ANY: Requirement = { kind: 'any' };

export function and(parts: Requirement[]): Requirement {
  const flat: Requirement[] = [];
  for (const p of parts) {
    if (p.kind === 'any') continue;
    if (p.kind === 'and') flat.push(...p.parts); else flat.push(p);
  }
  return flat.length === 0 ? ANY : flat.length === 1 ? flat[0]! : { kind: 'and', parts: flat };
}

export function or(parts: Requirement[]): Requirement {
  if (parts.length === 0 || parts.some((p) => p.kind === 'any')) return ANY;
  const flat: Requirement[] = [];
  for (const p of parts) if (p.kind === 'or') flat.push(...p.parts); else flat.push(p);
  return flat.length === 1 ? flat[0]! : { kind: 'or', parts: flat };
}

function exactToRequirement(exact: string[]): Requirement {
  return or(exact.map((text) => (text.length === 0 ? ANY : { kind: 'literal', text })));
}

/** The node's whole requirement: its match plus (when known) "one of its exact strings". */
function settle(info: Info): Requirement {
  return info.exact ? and([info.match, exactToRequirement(info.exact)]) : info.match;
}

function anything(): Info {
  return { exact: null, match: ANY };
}

function literal(text: string): Info {
  return { exact: [text], match: ANY };
}

function concat(a: Info, b: Info): Info {
  if (a.exact && b.exact && a.exact.length * b.exact.length <= EXACT_SET_MAX) {
    const exact: string[] = [];
    for (const x of a.exact) for (const y of b.exact) exact.push(x + y);
    return { exact: [...new Set(exact)], match: and([a.match, b.match]) };
  }
  return { exact: null, match: and([settle(a), settle(b)]) };
}

function alternate(a: Info, b: Info): Info {
  if (a.exact && b.exact && a.exact.length + b.exact.length <= EXACT_SET_MAX && a.match.kind === 'any' && b.match.kind === 'any') {
    return { exact: [...new Set([...a.exact, ...b.exact])], match: ANY };
  }
  return { exact: null, match: or([settle(a), settle(b)]) };
}

/** Recursive-descent reader of the common regex syntax (RE2/Rust flavour). */
class Reader {
  pos = 0;
  constructor(readonly src: string) {}

  parseAlternation(): Info {
    let info = this.parseConcat();
    while (this.src[this.pos] === '|') {
      this.pos++;
      info = alternate(info, this.parseConcat());
    }
    return info;
  }

  /**
   * A sequence keeps one running exact set; when the next atom cannot extend
   * it (unknown, or the product grows too large), the run so far is settled
   * into a requirement and a new run starts, so `hello.*world` needs both words.
   */
  private parseConcat(): Info {
    const settled: Requirement[] = [];
    let run = literal('');
    while (this.pos < this.src.length && this.src[this.pos] !== '|' && this.src[this.pos] !== ')') {
      const next = this.parseRepeat();
      const joined = concat(run, next);
      if (joined.exact) { run = joined; continue; }
      settled.push(settle(run));
      if (next.exact) run = next;
      else { settled.push(settle(next)); run = literal(''); }
    }
    if (settled.length === 0) return run;
    return { exact: null, match: and([...settled, settle(run)]) };
  }

  private parseRepeat(): Info {
    const atom = this.parseAtom();
    const ch = this.src[this.pos];
    let min: number;
    if (ch === '*' || ch === '?') { min = 0; this.pos++; }
    else if (ch === '+') { min = 1; this.pos++; }
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (!m) return atom; // a literal '{', as RE2 reads it
      min = Number(m[1]);
      this.pos += m[0].length;
    } else return atom;
    if (this.src[this.pos] === '?' || this.src[this.pos] === '+') this.pos++; // lazy / possessive
    if (ch === '?' && atom.exact && atom.exact.length < EXACT_SET_MAX) return { exact: [...new Set([...atom.exact, ''])], match: ANY };
    return min === 0 ? anything() : { exact: null, match: settle(atom) };
  }

  private parseAtom(): Info {
    const ch = this.src[this.pos]!;
    if (ch === '(') return this.parseGroup();
    if (ch === '[') { this.skipClass(); return anything(); }
    if (ch === '.') { this.pos++; return anything(); }
    if (ch === '^' || ch === '$') { this.pos++; return literal(''); }
    if (ch === '\\') return this.parseEscape();
    const cp = this.src.codePointAt(this.pos)!;
    const text = String.fromCodePoint(cp);
    this.pos += text.length;
    return literal(text);
  }

  private parseGroup(): Info {
    this.pos++; // (
    if (this.src[this.pos] === '?') {
      const flags = /^\?([a-zA-Z-]*)(:|\))/.exec(this.src.slice(this.pos));
      const named = /^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.exec(this.src.slice(this.pos));
      if (named) this.pos += named[0].length;
      else if (flags) {
        this.pos += flags[0].length;
        if (flags[2] === ')') return literal(''); // (?i) sets flags: search/plan then asks the trigrams in every case
      } else {
        // Lookaround and other extensions: RE2 rejects them at verification.
        this.skipToGroupEnd();
        return anything();
      }
    }
    const inner = this.parseAlternation();
    if (this.src[this.pos] === ')') this.pos++;
    return inner;
  }

  private skipToGroupEnd(): void {
    let depth = 1;
    while (this.pos < this.src.length && depth > 0) {
      const c = this.src[this.pos++];
      if (c === '\\') this.pos++;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
  }

  private skipClass(): void {
    this.pos++; // [
    if (this.src[this.pos] === '^') this.pos++;
    if (this.src[this.pos] === ']') this.pos++;
    while (this.pos < this.src.length && this.src[this.pos] !== ']') {
      if (this.src[this.pos] === '\\') this.pos++;
      else if (this.src.startsWith('[:', this.pos)) { const end = this.src.indexOf(':]', this.pos); if (end > 0) this.pos = end + 1; }
      this.pos++;
    }
    this.pos++; // ]
  }

  private parseEscape(): Info {
    this.pos++; // backslash
    const c = this.src[this.pos] ?? '';
    this.pos++;
    if ('dDwWsSpPC'.includes(c)) {
      if ((c === 'p' || c === 'P') && this.src[this.pos] === '{') this.pos = this.src.indexOf('}', this.pos) + 1 || this.src.length;
      else if (c === 'p' || c === 'P') this.pos++;
      return anything();
    }
    if ('bBAzZ<>'.includes(c)) return literal('');
    if (c === 'Q') {
      const end = this.src.indexOf('\\E', this.pos);
      const text = this.src.slice(this.pos, end < 0 ? undefined : end);
      this.pos = end < 0 ? this.src.length : end + 2;
      return literal(text);
    }
    // \0 followed by octal digits is one character (\011 is a tab): left to the verifier, like other octal escapes below.
    if (c === '0' && /[0-7]/.test(this.src[this.pos] ?? '')) {
      this.pos += /[0-7]/.test(this.src[this.pos + 1] ?? '') ? 2 : 1; // up to three octal digits in all
      return anything();
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', e: '\x1b', '0': '\0' };
    if (c in simple) return literal(simple[c]!);
    if (c === 'x' || c === 'u') {
      const m = /^\{([0-9a-fA-F]+)\}|^([0-9a-fA-F]{2,4})/.exec(this.src.slice(this.pos));
      if (!m) return anything();
      this.pos += m[0].length;
      const hex = m[1] ?? (c === 'x' ? m[2]!.slice(0, 2) : m[2]!);
      if (!m[1] && c === 'x') this.pos -= m[2]!.length - 2;
      return literal(String.fromCodePoint(parseInt(hex, 16)));
    }
    if (/[0-9]/.test(c)) return anything(); // octal or backreference: leave to the verifier
    return literal(c); // escaped punctuation: \. \( \\ ...
  }
}

/** The requirement a line must meet for `pattern` to match in it. */
export function planRegex(pattern: string): Requirement {
  const reader = new Reader(pattern);
  const info = reader.parseAlternation();
  // Leftover input (an unbalanced ')') means we misread it: ask for nothing rather than guess.
  if (reader.pos < pattern.length) return ANY;
  return settle(info);
}

/** The requirement of a plain substring. */
export function planLiteral(text: string): Requirement {
  return text.length === 0 ? ANY : { kind: 'literal', text };
}
