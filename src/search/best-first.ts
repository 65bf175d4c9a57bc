/**
 * @module search/best-first
 * The first few of many items in a given order, without sorting them all: the
 * page of a word search from the first stage's words (search/first-stage-words)
 * out of every chunk its expression matches.
 */

/**
 * The first `limit` of `0 .. n - 1` in the order `before` gives (a negative number: x first), in
 * that order: a heap of the best so far when the limit is small against n, else a sort of all.
 */
export function bestFirst(n: number, limit: number, before: (x: number, y: number) => number): number[] {
  if (limit * 8 >= n) return Array.from({ length: n }, (_, i) => i).sort(before).slice(0, limit);
  // A heap whose top is the worst of the best so far.
  const heap: number[] = [];
  const worse = (x: number, y: number) => before(x, y) > 0;
  const down = (at: number) => {
    for (;;) {
      const left = at * 2 + 1, right = left + 1;
      let worst = at;
      if (left < heap.length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < heap.length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < limit) {
      heap.push(i);
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at]!, heap[parent]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
    } else if (before(i, heap[0]!) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(before);
}
