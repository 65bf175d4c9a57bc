/**
 * @module search/sorted-ids
 * Lists of ids in increasing order, as the first stage's postings decode to
 * (search/first-stage-reader, search/first-stage-words): their intersection, their
 * union, where one id is; and numbers read from a file in this machine's order.
 */

/** The ids in every list (the shortest first, so each step scans less). */
export function intersectAll(lists: readonly Uint32Array[]): Uint32Array {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let out = sorted[0] ?? new Uint32Array(0);
  for (const next of sorted.slice(1)) {
    if (out.length === 0) break;
    const kept = new Uint32Array(out.length);
    let n = 0, j = 0;
    for (let i = 0; i < out.length; i++) {
      const id = out[i]!;
      while (j < next.length && next[j]! < id) j++;
      if (j < next.length && next[j] === id) kept[n++] = id;
    }
    out = kept.subarray(0, n);
  }
  return out;
}

/** The ids in any list, each once. */
export function unionAll(lists: readonly Uint32Array[]): Uint32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Uint32Array(0);
  const all = new Uint32Array(nonEmpty.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of nonEmpty) { all.set(list, at); at += list.length; }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.subarray(0, n);
}

/** Where `value` is in an increasing list, or -1. */
export function indexOf(sorted: Uint32Array, value: number): number {
  let low = 0, high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else if (sorted[mid]! > value) high = mid - 1;
    else return mid;
  }
  return -1;
}

/** Bytes as u32 in this machine's order (a copy: the bytes need not be aligned). */
export function u32(bytes: Buffer): Uint32Array {
  const out = new Uint32Array(bytes.length >>> 2);
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}
