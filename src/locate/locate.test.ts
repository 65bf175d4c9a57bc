/**
 * `locate` over a small Python package (test-fixtures/locate), indexed for
 * real in each store: SQLite, and PostgreSQL when the shared server answers.
 * Both must find the same files, for the same reasons, with the same scores.
 */
import { describe, expect, it } from 'vitest';
import { normalizeLocateParams, type LocateResponse } from '../contracts/locate.js';
import { TRACEBACK_ISSUE } from '../test-support/locate-fixture.js';
import { scratchSchema, sharedPostgres } from '../test-support/postgres.js';
import { indexedScratchStore, scratchSqlite } from '../test-support/store-contract.js';
import { copyFixture } from '../test-support/temp-tree.js';
import { locate } from './locate.js';

const PG = await sharedPostgres();
const STORES = [
  { name: 'SQLite', scratch: scratchSqlite, present: true, reason: 'embedded' },
  { name: 'PostgreSQL', scratch: scratchSchema, present: PG.present, reason: PG.reason },
];

/** Texts of every kind of clue: a traceback, prose naming a definition, a dotted module, a test id, a quoted error. */
const TEXTS = [
  TRACEBACK_ISSUE,
  'Keys with a space are accepted although validate_key should refuse control characters and spaces',
  'minicache.serialize: entries over 1 KB are compressed twice',
  'tests/test_cache.py::FileCacheTests::test_cull_removes_oldest_entries is flaky on slow disks',
  "Storing a value fails\n\nminicache.keys.InvalidKeyError: cache key 'a b' holds a control character or a space",
];

/** One copy of the fixture for every store, so the repository names agree too. */
const ROOT = copyFixture('locate');
/** Every store's answers to TEXTS, for comparing them. */
const answersByStore = new Map<string, Omit<LocateResponse, 'took_ms' | 'index_version'>[]>();

describe.each(STORES)('locate on $name ($reason)', ({ name, scratch, present }) => {
  const store = indexedScratchStore(ROOT, scratch, present);
  const run = (text: string, extra: Record<string, unknown> = {}) => locate(store(), normalizeLocateParams({ text, ...extra }));

  it.skipIf(!present)('puts the file of the traceback first, with the frame\'s function and the reason', async () => {
    const answer = await run(TRACEBACK_ISSUE);
    const first = answer.files[0]!;
    expect(first.file).toBe('minicache/cache.py');
    expect(first.symbols[0]).toMatchObject({ name: 'FileCache._cull', kind: 'method' });
    expect(first.reasons.join('; ')).toContain('in the traceback (line 78)');
    // The test file shares every word of the report (set, cull, cache) and still ranks below the source.
    const test = answer.files.findIndex((f) => f.file === 'tests/test_cache.py');
    expect(test === -1 || test > 0).toBe(true);
  });

  it.skipIf(!present)('follows the function a frame names when its line, from another version of the file, lands in another function', async () => {
    // Lines from an older cache.py: line 30 is now inside get, line 60 inside _delete.
    const drifted = [
      'FileCache.set raises FileNotFoundError when another process clears the cache',
      '',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/site-packages/minicache/cache.py", line 30, in set',
      '    self._cull()',
      '  File "/usr/lib/python3/site-packages/minicache/cache.py", line 60, in _cull',
      '    filelist.sort(key=os.path.getmtime)',
      "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c/3f2a.cache'",
    ].join('\n');
    const first = (await run(drifted)).files[0]!;
    expect(first.file).toBe('minicache/cache.py');
    expect(first.symbols.slice(0, 2)).toMatchObject([{ name: 'FileCache._cull', line: 71 }, { name: 'FileCache.set', line: 41 }]);
    // The drifted line's function (_delete) is never named for the frame; it may follow for the words it shares (FileNotFoundError).
    const deleteAt = first.symbols.findIndex((s) => s.name === 'FileCache._delete');
    expect(deleteAt === -1 || deleteAt >= 2).toBe(true);
  });

  it.skipIf(!present)('finds the file from prose alone, by the names it defines and its words', async () => {
    const answer = await run('Keys with a space are accepted although validate_key should refuse control characters and spaces');
    expect(answer.files[0]).toMatchObject({ file: 'minicache/keys.py', kind: 'source' });
    expect(answer.files[0]!.reasons.join('; ')).toContain('defines validate_key');
    expect(answer.files[0]!.symbols.map((s) => s.name)).toContain('validate_key');
  });

  it.skipIf(!present)('finds a file named as a dotted module and ranks docs below source for the same words', async () => {
    const answer = await run('minicache.serialize: entries over 1 KB are compressed twice');
    expect(answer.files[0]!.file).toBe('minicache/serialize.py');
    expect(answer.files[0]!.reasons.join('; ')).toContain('module minicache.serialize named');
    const docs = answer.files.findIndex((f) => f.kind === 'doc');
    expect(docs === -1 || docs > 0).toBe(true);
  });

  it.skipIf(!present)('names the file when the text points at the test itself', async () => {
    const answer = await run('tests/test_cache.py::FileCacheTests::test_cull_removes_oldest_entries is flaky on slow disks');
    expect(answer.files[0]!.file).toBe('tests/test_cache.py');
    expect(answer.files[0]!.reasons).toContain('path named in the text');
  });

  it.skipIf(!present)('finds the code that raises a quoted error message, past the values in it', async () => {
    const answer = await run("Storing a value fails\n\nminicache.keys.InvalidKeyError: cache key 'a b' holds a control character or a space");
    expect(answer.files[0]!.file).toBe('minicache/keys.py');
    expect(answer.files[0]!.reasons[0]).toMatch(/^holds the message "/);
  });

  it.skipIf(!present)('answers with the scored words, counts and the index version, and honours max_results', async () => {
    const answer = await run(TRACEBACK_ISSUE, { max_results: 2 });
    expect(answer).toMatchObject({ ok: true, count: 2, index_version: await store().indexVersion() });
    expect(answer.total).toBeGreaterThanOrEqual(answer.count);
    expect(answer.terms).toContain('_cull');
  });

  it.skipIf(!present)('finds nothing, without failing, when no word of the text is in the project', async () => {
    const answer = await run('zzqx wvvy');
    expect(answer).toMatchObject({ ok: true, count: 0, total: 0, files: [] });
  });

  it.skipIf(!present)('gives the same files, symbols, reasons and scores as every other store', async () => {
    const answers = [];
    for (const text of TEXTS) {
      const { took_ms: _took, index_version: _version, ...answer } = await run(text);
      answers.push(answer);
    }
    for (const [other, theirs] of answersByStore) expect(answers, `${name} against ${other}`).toEqual(theirs);
    answersByStore.set(name, answers);
  });
});
