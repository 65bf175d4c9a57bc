import { describe, expect, it } from 'vitest';
import type { StoredFileState } from '../store/store.js';
import { planIndexPass, type PassFacts } from './index-plan.js';
import type { WalkedFile } from './walk.js';

const KB = 1024;
const file = (relPath: string, size: number, mtimeMs = 1000): WalkedFile => ({ relPath, absPath: `/tree/${relPath}`, size, mtimeMs });
const stored = (entries: [string, number, number][]): Map<string, StoredFileState> =>
  new Map(entries.map(([relPath, size, mtimeMs], id) => [relPath, { id: id + 1, size, mtimeMs, hash: `h${id}` }]));

function facts(overrides: Partial<PassFacts>): PassFacts {
  return {
    storeKind: 'sqlite', walked: [], stored: new Map(), blobs: new Map(), binary: new Map(), staleFormat: false, emptyIndex: false,
    bulkLoadMinBytes: 100 * KB, firstStageMinBytes: 200 * KB, textDictionaryMinBytes: 50 * KB,
    ...overrides,
  };
}

describe('planning a pass', () => {
  it('a tree that did not change prepares nothing, loads no preparer and reads no dictionary', () => {
    const plan = planIndexPass(facts({ walked: [file('a.ts', 10), file('b.ts', 20)], stored: stored([['a.ts', 10, 1000], ['b.ts', 20, 1000]]) }));
    expect(plan).toMatchObject({
      toPrepare: [], bytesToPrepare: 0, vanished: [], bytesChanged: 0, bytesTotal: 30,
      bulkLoad: false, mayDeferWordCounts: false, firstStage: false, textDictionary: 'none', preparer: false,
    });
  });

  it('prepares new files and those of another size or mtime, in walk order; a vanished file counts as changed bytes', () => {
    const plan = planIndexPass(facts({
      walked: [file('new.ts', 5), file('same.ts', 7), file('grown.ts', 9), file('touched.ts', 3, 2000)],
      stored: stored([['same.ts', 7, 1000], ['grown.ts', 8, 1000], ['touched.ts', 3, 1000], ['gone.ts', 40, 1000]]),
    }));
    expect(plan.toPrepare.map((f) => f.relPath)).toEqual(['new.ts', 'grown.ts', 'touched.ts']);
    expect(plan.bytesToPrepare).toBe(17);
    expect(plan.vanished.map((s) => s.id)).toEqual([4]);
    expect(plan.bytesChanged).toBe(57);
    expect(plan).toMatchObject({ mayDeferWordCounts: true, bulkLoad: false, firstStage: false, textDictionary: 'read', preparer: true });
  });

  it('a first build of a large tree bulk-loads, writes a first stage and learns a text dictionary', () => {
    const plan = planIndexPass(facts({ emptyIndex: true, walked: [file('big.c', 150 * KB), file('more.c', 60 * KB)] }));
    expect(plan).toMatchObject({ bulkLoad: true, mayDeferWordCounts: false, firstStage: true, textDictionary: 'learn', packText: true });
  });

  it('each stage has its own threshold: a mid-sized first build bulk-loads without a first stage', () => {
    const plan = planIndexPass(facts({ emptyIndex: true, walked: [file('mid.c', 120 * KB)] }));
    expect(plan).toMatchObject({ bulkLoad: true, firstStage: false, textDictionary: 'learn' });
    const small = planIndexPass(facts({ emptyIndex: true, walked: [file('small.c', 10 * KB)] }));
    expect(small).toMatchObject({ bulkLoad: false, firstStage: false, textDictionary: 'read', mayDeferWordCounts: true });
  });

  it('the same amount of change to an index that holds files neither bulk-loads nor writes a first stage', () => {
    const plan = planIndexPass(facts({ walked: [file('big.c', 300 * KB)], stored: stored([['old.c', 10, 1000]]) }));
    expect(plan).toMatchObject({ bulkLoad: false, firstStage: false, mayDeferWordCounts: true, bytesChanged: 300 * KB + 10 });
  });

  it('rows in an older content format: every stored file is prepared again, unchanged or not', () => {
    const plan = planIndexPass(facts({ staleFormat: true, walked: [file('a.ts', 10), file('b.ts', 20)], stored: stored([['a.ts', 10, 1000], ['b.ts', 20, 1000]]) }));
    expect(plan.toPrepare.map((f) => f.relPath)).toEqual(['a.ts', 'b.ts']);
    expect(plan.preparer).toBe(true);
  });

  it('a PostgreSQL store gets no first stage and no packed text (so no dictionary)', () => {
    const plan = planIndexPass(facts({ storeKind: 'postgres', emptyIndex: true, walked: [file('big.c', 300 * KB)] }));
    expect(plan).toMatchObject({ bulkLoad: true, firstStage: false, packText: false, textDictionary: 'none', preparer: true });
  });
});
