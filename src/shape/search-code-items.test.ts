import { describe, expect, it } from 'vitest';
import { ENGINE, SEARCH_DISPLAY } from '../contracts/limits.js';
import { ELLIPSIS, cutLine, shapeItem, type ShapeableHit } from './search-code-items.js';

const lineHit = (text: string, ranges: [number, number][], extra: Partial<ShapeableHit> = {}): ShapeableHit => ({
  id: 'c1L1', repository: 'r', path: 'a.min.js', language: 'javascript', startLine: 7, endLine: 7, symbol: null, score: 1,
  text, highlights: { '7': ranges }, tokenCount: 1, singleLine: true, ...extra,
});

describe('cutLine: a long line shown around its first match', () => {
  it('keeps the match inside the window, marks both cut sides and moves the ranges into the shown text', () => {
    const line = `${'a'.repeat(10_000)}NEEDLE${'b'.repeat(10_000)}`;
    const cut = cutLine(line, [[10_000, 10_006]], 100);
    expect(cut.text.startsWith(ELLIPSIS) && cut.text.endsWith(ELLIPSIS)).toBe(true);
    expect(cut.text.length).toBe(100 + 2 * ELLIPSIS.length);
    const [[a, b]] = cut.ranges as [[number, number]];
    expect(cut.text.slice(a, b)).toBe('NEEDLE');
    expect(line.slice(cut.offset, cut.offset + 10)).toBe(cut.text.slice(ELLIPSIS.length, ELLIPSIS.length + 10));
  });

  it('drops ranges outside the window and says so', () => {
    const line = 'x'.repeat(5000);
    const cut = cutLine(line, [[10, 11], [4000, 4001]], 100);
    expect(cut.ranges).toEqual([[10, 11]]);
    expect(cut.dropped).toBe(true);
    expect(cut.offset).toBe(0);
    expect(cut.text.startsWith(ELLIPSIS)).toBe(false);
  });
});

describe('shapeItem caps what one item carries', () => {
  it('a single long line: cut around the match, line_truncated and line_offset at every detail level', () => {
    const line = `${'q'.repeat(200_000)}target${'z'.repeat(100_000)}`;
    for (const level of ['full', 'compact', 'ultra'] as const) {
      const item = shapeItem(lineHit(line, [[200_000, 200_006]]), level, 0);
      expect(item.line_truncated).toBe(true);
      expect(item.line_offset).toBeGreaterThan(199_000);
      const shown = item.snippet ?? item.line!;
      expect(shown).toContain('target');
      expect(shown.length).toBeLessThan(ENGINE.snippetLineMaxChars + 100);
      expect(JSON.stringify(item).length).toBeLessThan(2000);
    }
  });

  it('ranges past the per-line and per-item caps are left out, with highlights_truncated', () => {
    const many = Array.from({ length: 1000 }, (_, i) => [i, i + 1] as [number, number]);
    const one = shapeItem(lineHit('y'.repeat(1000), many), 'full', 0);
    expect(one.highlights['7']!.length).toBeLessThanOrEqual(SEARCH_DISPLAY.highlightRangesPerLine);
    expect(one.highlights_truncated).toBe(true);
    const chunk: ShapeableHit = {
      ...lineHit('text', []), singleLine: false, startLine: 1, endLine: 40,
      highlights: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i + 1), many.slice(0, SEARCH_DISPLAY.highlightRangesPerLine)])),
    };
    const shaped = shapeItem(chunk, 'compact', 0);
    const ranges = Object.values(shaped.highlights).reduce((n, r) => n + r.length, 0);
    expect(ranges).toBe(SEARCH_DISPLAY.highlightRangesPerItem);
    expect(shaped.highlights_truncated).toBe(true);
  });

  it('an ordinary item is left as it was (no truncation flags)', () => {
    const item = shapeItem(lineHit('const x = 1;', [[6, 7]]), 'full', 0);
    expect(item).toMatchObject({ snippet: 'const x = 1;', highlights: { '7': [[6, 7]] } });
    expect(item).not.toHaveProperty('highlights_truncated');
    expect(item).not.toHaveProperty('line_truncated');
  });
});
