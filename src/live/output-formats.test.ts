import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { commonDir, shapeCounts } from './output-formats.js';
import type { CountData } from './search.js';

const root = { given: '/p', real: '/p' };
const input = { optimizePaths: false, root, locale: 'en' as const, cached: false };

describe('output formats', () => {
  it.each([
    [['src/a/x.ts', 'src/a/y.ts'], 'src/a'],
    [['src/a/x.ts', 'src/b/y.ts'], 'src'],
    [['x.ts', 'src/y.ts'], ''],
    [['src/a/x.ts'], 'src/a'],
  ])('common folder of %j is %j', (files, dir) => {
    expect(commonDir(files)).toBe(dir);
  });

  it('total_only is a bare integer when exact, an object saying it is a lower bound when not', () => {
    const data: CountData = { counts: new Map([['/p/a', 3]]), total: 3, exact: true, warnings: [], elapsedMs: 1 };
    expect(shapeCounts({ ...input, format: 'total_only' }, data)).toBe(3);
    expect(shapeCounts({ ...input, format: 'total_only' }, { ...data, exact: false }))
      .toMatchObject({ total_matches: null, total_matches_at_least: 3, truncated: true });
  });

  it('count_only_matches lists the files with most matches first, up to its cap, keeping the exact file_count', () => {
    const counts = new Map(Array.from({ length: LIVE.countFilesMax + 5 }, (_, i) => [`/p/f${i}`, i + 1] as [string, number]));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const reply = shapeCounts({ ...input, format: 'count_only_matches' }, { counts, total, exact: true, warnings: [], elapsedMs: 1 }) as any;
    expect(Object.keys(reply.files)).toHaveLength(LIVE.countFilesMax);
    expect(Object.keys(reply.files)[0]).toBe(`f${LIVE.countFilesMax + 4}`);
    expect(reply).toMatchObject({ file_count: LIVE.countFilesMax + 5, total_matches: total, truncated: true });
    expect(reply.estimated_tokens).toBeGreaterThan(LIVE.countFilesMax);
  });
});
