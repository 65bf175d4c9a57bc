/**
 * @module text/path-glob
 * Which indexed paths a list of path filters selects, without building a
 * regular expression from the caller's text: an entry with no glob character
 * is a file or a folder prefix ("src", "src/", "src/main.c"); otherwise a glob
 * over the whole relative path where `*` and `?` stay within one folder and
 * `**` crosses folders, matched by dynamic programming over the path's
 * characters (time bounded by glob length × path length, no backtracking).
 * A glob with no `/` ("*.py") matches the file name anywhere, as in `.gitignore`.
 */

const GLOB_CHARS = ['*', '?'];

function isGlob(entry: string): boolean {
  return GLOB_CHARS.some((ch) => entry.includes(ch));
}

type Token = { kind: 'char'; ch: string } | { kind: 'one' } | { kind: 'star' } | { kind: 'globstar' };

function tokens(glob: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      // `**/` also matches no folder at all: "a/**/b" selects "a/b".
      const slash = glob[i + 2] === '/';
      out.push({ kind: 'globstar' });
      i += slash ? 2 : 1;
      if (slash) out.push({ kind: 'char', ch: '\u0000' }); // a slash a globstar may swallow (see matchGlob)
    } else if (ch === '*') out.push({ kind: 'star' });
    else if (ch === '?') out.push({ kind: 'one' });
    else out.push({ kind: 'char', ch });
  }
  return out;
}

/** Whether `glob` matches the whole of `path`. */
export function matchGlob(glob: string, path: string): boolean {
  const pattern = tokens(glob);
  // can[j]: pattern[0..i) matches path[0..j).
  let can = new Array<boolean>(path.length + 1).fill(false);
  can[0] = true;
  for (let i = 0; i < pattern.length; i++) {
    const token = pattern[i]!;
    const next = new Array<boolean>(path.length + 1).fill(false);
    for (let j = 0; j <= path.length; j++) {
      switch (token.kind) {
        case 'char':
          // The slash after a globstar: a real slash, or nothing when the globstar matched nothing.
          if (token.ch === '\u0000') next[j] = (j > 0 && can[j - 1]! && path[j - 1] === '/') || (can[j]! && (j === 0 || path[j - 1] === '/'));
          else next[j] = j > 0 && can[j - 1]! && path[j - 1] === token.ch;
          break;
        case 'one':
          next[j] = j > 0 && can[j - 1]! && path[j - 1] !== '/';
          break;
        case 'star':
          next[j] = can[j]! || (j > 0 && next[j - 1]! && path[j - 1] !== '/');
          break;
        case 'globstar':
          next[j] = can[j]! || (j > 0 && next[j - 1]!);
          break;
      }
    }
    can = next;
  }
  return can[path.length]!;
}

/** Whether a path filter entry selects `path`. */
export function pathSelected(entry: string, path: string): boolean {
  if (!isGlob(entry)) {
    const folder = entry.endsWith('/') ? entry : `${entry}/`;
    return path === entry || path.startsWith(folder);
  }
  if (!entry.includes('/')) return matchGlob(entry, path.slice(path.lastIndexOf('/') + 1));
  return matchGlob(entry.endsWith('/') ? `${entry}**` : entry, path);
}

/** Whether any entry selects `path` (no entries: every path). */
export function pathsSelect(entries: readonly string[], path: string): boolean {
  return entries.length === 0 || entries.some((entry) => pathSelected(entry, path));
}
