import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeLocateParams } from '../contracts/locate.js';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { TRACEBACK_ISSUE } from '../test-support/locate-fixture.js';
import { copyFixture } from '../test-support/temp-tree.js';
import { locate } from './locate.js';

describe('locate over a small Python package (real index)', () => {
  let store: SqliteStore;
  const run = (text: string, extra: Record<string, unknown> = {}) => locate(store, normalizeLocateParams({ text, ...extra }));

  beforeAll(async () => {
    const root = copyFixture('locate');
    const summary = await indexFolder({ root, workers: 0 });
    store = SqliteStore.open(summary.index, { readonly: true });
  });
  afterAll(() => store?.close());

  it('puts the file of the traceback first, with the frame\'s function and the reason', () => {
    const answer = run(TRACEBACK_ISSUE);
    const first = answer.files[0]!;
    expect(first.file).toBe('minicache/cache.py');
    expect(first.symbols[0]).toMatchObject({ name: 'FileCache._cull', kind: 'method' });
    expect(first.reasons.join('; ')).toContain('in the traceback (line 78)');
    // The test file shares every word of the report (set, cull, cache) and still ranks below the source.
    const test = answer.files.findIndex((f) => f.file === 'tests/test_cache.py');
    expect(test === -1 || test > 0).toBe(true);
  });

  it('finds the file from prose alone, by the names it defines and its words', () => {
    const answer = run('Keys with a space are accepted although validate_key should refuse control characters and spaces');
    expect(answer.files[0]).toMatchObject({ file: 'minicache/keys.py', kind: 'source' });
    expect(answer.files[0]!.reasons.join('; ')).toContain('defines validate_key');
    expect(answer.files[0]!.symbols.map((s) => s.name)).toContain('validate_key');
  });

  it('finds a file named as a dotted module and ranks docs below source for the same words', () => {
    const answer = run('minicache.serialize: entries over 1 KB are compressed twice');
    expect(answer.files[0]!.file).toBe('minicache/serialize.py');
    expect(answer.files[0]!.reasons.join('; ')).toContain('module minicache.serialize named');
    const docs = answer.files.findIndex((f) => f.kind === 'doc');
    expect(docs === -1 || docs > 0).toBe(true);
  });

  it('names the file when the text points at the test itself', () => {
    const answer = run('tests/test_cache.py::FileCacheTests::test_cull_removes_oldest_entries is flaky on slow disks');
    expect(answer.files[0]!.file).toBe('tests/test_cache.py');
    expect(answer.files[0]!.reasons).toContain('path named in the text');
  });

  it('finds the code that raises a quoted error message, past the values in it', () => {
    const answer = run("Storing a value fails\n\nminicache.keys.InvalidKeyError: cache key 'a b' holds a control character or a space");
    expect(answer.files[0]!.file).toBe('minicache/keys.py');
    expect(answer.files[0]!.reasons[0]).toMatch(/^holds the message "/);
  });

  it('answers with the scored words, counts and the index version, and honours max_results', () => {
    const answer = run(TRACEBACK_ISSUE, { max_results: 2 });
    expect(answer).toMatchObject({ ok: true, count: 2, index_version: store.indexVersion() });
    expect(answer.total).toBeGreaterThanOrEqual(answer.count);
    expect(answer.terms).toContain('_cull');
  });

  it('finds nothing, without failing, when no word of the text is in the project', () => {
    const answer = run('zzqx wvvy');
    expect(answer).toMatchObject({ ok: true, count: 0, total: 0, files: [] });
  });
});
