import { describe, expect, it } from 'vitest';
import { bestFirst } from './best-first.js';

describe('bestFirst', () => {
  it.each([
    { n: 0, limit: 5 }, { n: 10, limit: 3 }, { n: 1000, limit: 20 }, { n: 1000, limit: 1000 }, { n: 5000, limit: 1 }, { n: 5000, limit: 4999 },
  ])('takes the first $limit of $n as a whole sort would, ties kept in id order', ({ n, limit }) => {
    // Few distinct scores: many ties, which the id breaks.
    const scores = Array.from({ length: n }, (_, i) => (i * 7919) % 13);
    const before = (x: number, y: number) => scores[y]! - scores[x]! || x - y;
    expect(bestFirst(n, limit, before)).toEqual(Array.from({ length: n }, (_, i) => i).sort(before).slice(0, limit));
  });
});
