/**
 * @module web/glob
 * A path glob (`*` within a folder, `**` across folders, `?` one character)
 * matched by hand: the house builds no RegExp from user text.
 */
export function globMatch(glob: string, path: string): boolean {
  const memo = new Map<string, boolean>();
  const go = (g: number, p: number): boolean => {
    const key = `${g},${p}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (g === glob.length) result = p === path.length;
    else if (glob.startsWith('**', g)) {
      const next = glob[g + 2] === '/' ? g + 3 : g + 2;
      result = false;
      for (let q = p; q <= path.length && !result; q++) result = go(next, q);
    } else if (glob[g] === '*') {
      result = false;
      for (let q = p; q <= path.length && !result; q++) {
        result = go(g + 1, q);
        if (path[q] === '/') break;
      }
    } else if (p < path.length && (glob[g] === '?' ? path[p] !== '/' : glob[g] === path[p])) result = go(g + 1, p + 1);
    else result = false;
    memo.set(key, result);
    return result;
  };
  // A glob without a slash matches the file name in any folder, as .gitignore and ripgrep's -g do.
  return glob.includes('/') ? go(0, 0) : go(0, 0) || globMatchName(glob, path);
}

function globMatchName(glob: string, path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name !== path && globMatch(glob, name);
}
