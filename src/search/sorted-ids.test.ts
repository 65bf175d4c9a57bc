import { describe, expect, it } from 'vitest';
import { indexOf, intersectAll, u32, unionAll } from './sorted-ids.js';

const ids = (...values: number[]) => Uint32Array.from(values);

describe('sorted id lists', () => {
  it.each([
    { lists: [ids(1, 3, 5, 7), ids(3, 4, 5), ids(0, 3, 5, 9)], and: [3, 5], or: [0, 1, 3, 4, 5, 7, 9] },
    { lists: [ids(2, 4), ids()], and: [], or: [2, 4] },
    { lists: [ids(10)], and: [10], or: [10] },
    { lists: [], and: [], or: [] },
    { lists: [ids(1, 2, 3), ids(1, 2, 3)], and: [1, 2, 3], or: [1, 2, 3] },
    { lists: [ids(4_000_000_000, 4_000_000_001), ids(4_000_000_001)], and: [4_000_000_001], or: [4_000_000_000, 4_000_000_001] },
  ])('and / or of $lists.length lists', ({ lists, and, or }) => {
    expect([...intersectAll(lists)]).toEqual(and);
    expect([...unionAll(lists)]).toEqual(or);
  });

  it('finds where an id is, or says it is not there', () => {
    const list = ids(2, 3, 5, 8, 13);
    expect([2, 3, 5, 8, 13].map((id) => indexOf(list, id))).toEqual([0, 1, 2, 3, 4]);
    expect([0, 4, 14].map((id) => indexOf(list, id))).toEqual([-1, -1, -1]);
    expect(indexOf(ids(), 1)).toBe(-1);
  });

  it('reads numbers from bytes that need not be aligned', () => {
    const bytes = Buffer.alloc(9);
    new Uint8Array(Uint32Array.from([7, 0xdeadbeef]).buffer).forEach((byte, i) => { bytes[i + 1] = byte; });
    expect([...u32(bytes.subarray(1))]).toEqual([7, 0xdeadbeef]);
  });
});
