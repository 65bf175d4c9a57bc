/**
 * Which functions locate names inside a file, on a small Python package
 * (test-fixtures/locate) indexed for real into SQLite: a method is told apart
 * from its class by its own lines, and a name the text writes comes first.
 */
import { describe, expect, it } from 'vitest';
import { normalizeLocateParams } from '../contracts/locate.js';
import { indexedScratchStore, scratchSqlite } from '../test-support/store-contract.js';
import { copyFixture } from '../test-support/temp-tree.js';
import { locate } from './locate.js';
import { lineOwners } from './symbol-rank.js';

const ROOT = copyFixture('locate');

describe('symbol choice on SQLite', () => {
  const store = indexedScratchStore(ROOT, scratchSqlite);
  const symbolsOf = async (text: string, file: string) => {
    const answer = await locate(store(), normalizeLocateParams({ text }));
    return answer.files.find((f) => f.file === file)?.symbols.map((s) => s.name) ?? [];
  };


  it('gives each line to its innermost definition: a method\'s lines are the method\'s, the class keeps its own body', async () => {
    const outline = await store().read((reader) => reader.fileOutline('minicache/cache.py'));
    const owners = lineOwners(outline, 200);
    const ownerAt = (line: number) => (owners[line]! < 0 ? null : outline[owners[line]!]!);
    const cull = outline.find((s) => s.name === '_cull')!;
    const cls = outline.find((s) => s.name === 'FileCache')!;
    expect(ownerAt(cull.start_line + 2)?.name).toBe('_cull');
    expect(ownerAt(cls.start_line + 1)?.name).toBe('FileCache');
    expect(ownerAt(1)).toBeNull();
  });

  it('names the method whose own lines hold the report\'s words, not only the class whose chunk holds them', async () => {
    const symbols = await symbolsOf('Cache files sorted by getmtime: the doomed fraction of the filelist is wrong when cull frequency is large', 'minicache/cache.py');
    expect(symbols[0]).toBe('FileCache._cull');
  });

  it('names up to three symbols for the first file and one for each later file', async () => {
    const answer = await locate(store(), normalizeLocateParams({ text: 'FileCache.set calls _cull, which deletes entries with _delete; validate_key and make_key check the key' }));
    expect(answer.files.length).toBeGreaterThan(1);
    expect(answer.files[0]!.symbols.length).toBe(3);
    for (const later of answer.files.slice(1)) expect(later.symbols.length).toBeLessThanOrEqual(1);
  });

  it('puts a method the text names first, ahead of methods that only share its words', async () => {
    const symbols = await symbolsOf('The cache directory listing in _list_cache_files also returns files of another suffix', 'minicache/cache.py');
    expect(symbols[0]).toBe('FileCache._list_cache_files');
  });
});
