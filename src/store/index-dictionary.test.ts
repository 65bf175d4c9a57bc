import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode } from '../search/engine.js';
import { callJson, connectStdio } from '../test-support/mcp-client.js';
import { driver, driverTree } from '../test-support/driver-tree.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { openStore } from './open-store.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteStore } from './sqlite-store.js';

const QUERIES = [
  { query: 'SUSPEND_MARKER', mode: 'exact' },
  { query: 'op_1[0-9]\\(struct', mode: 'regex' },
  { query: 'platform drvdata write', mode: 'text' },
];

/** Total and first page of each query, as a caller sees them. */
async function answers(indexPath: string, readonly = false) {
  const store = await openStore({ kind: 'sqlite', file: indexPath }, { readonly });
  try {
    return await Promise.all(QUERIES.map((q) => store.read(async (reader) => {
      const response = await searchCode(reader, normalizeSearchCodeParams({ ...q, max_results: 15 }));
      return { total: response.total, page: response.items.map((item) => `${item.file}:${item.start_line ?? ''}`) };
    })));
  } finally {
    await store.close();
  }
}

function inspect(indexPath: string) {
  const store = SqliteStore.open(indexPath);
  try {
    const marks = store.db.prepare<[], number>("SELECT DISTINCT unicode(substr(content, 1, 1)) FROM chunks WHERE typeof(content) = 'blob'").pluck().all();
    return {
      dictionaries: store.db.prepare<[], number>('SELECT count(*) FROM text_dictionaries').pluck().get()!,
      marks: new Set(marks),
      packedBytes: store.db.prepare<[], number>("SELECT sum(length(content)) FROM chunks WHERE typeof(content) = 'blob'").pluck().get()!,
    };
  } finally {
    store.close();
  }
}

/** First bytes of packed rows: a dictionary segment, a zstd segment without one. */
const DICTIONARY_SEGMENT = 0x17;
const ZSTD_SEGMENT = 0x0f;

describe("an index's chunk-text dictionary", () => {
  it('is learnt by a large enough pass, packs the rows smaller, and the index answers as one without it', async () => {
    const root = makeTree(driverTree(['usb', 'i2c', 'spi'], 12));
    const withDictionary = path.join(makeTree(), 'index.db');
    const without = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: withDictionary, textDictionaryMinBytes: 0 });
    await indexFolder({ root, indexPath: without });
    const learnt = inspect(withDictionary);
    const plain = inspect(without);
    expect(learnt.dictionaries).toBe(1);
    expect(learnt.marks).toEqual(new Set([DICTIONARY_SEGMENT]));
    expect(plain.dictionaries).toBe(0);
    expect(plain.marks).toEqual(new Set([ZSTD_SEGMENT]));
    expect(learnt.packedBytes).toBeLessThan(plain.packedBytes * 0.9);
    const expected = await answers(without);
    expect(expected[0]!.total).toBeGreaterThan(0);
    expect(await answers(withDictionary)).toEqual(expected);

    // Later passes pack with the same dictionary, whatever their size; no second one is learnt.
    writeTree(root, { 'drivers/usb/usb3.c': driver('usb', 103), 'drivers/mmc/mmc0.c': driver('mmc', 0) });
    await indexFolder({ root, indexPath: withDictionary, textDictionaryMinBytes: 0 });
    await indexFolder({ root, indexPath: without });
    expect(inspect(withDictionary)).toMatchObject({ dictionaries: 1, marks: new Set([DICTIONARY_SEGMENT]) });
    expect(await answers(withDictionary)).toEqual(await answers(without));
  });

  it('is not learnt from a pass below the size that pays for it, nor from too little text', async () => {
    const root = makeTree(driverTree(['usb'], 2));
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    expect(inspect(indexPath).dictionaries).toBe(0);
    const tooLittle = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath: tooLittle, textDictionaryMinBytes: 0 });
    expect(inspect(tooLittle).dictionaries).toBe(0);
    writeTree(root, { 'drivers/usb/usb0.c': driver('usb', 50) });
    await indexFolder({ root, indexPath, textDictionaryMinBytes: 0 });
    expect(inspect(indexPath)).toMatchObject({ dictionaries: 0, marks: new Set([ZSTD_SEGMENT]) });
  });

  it('is read by a search worker that opened the index before a pass added it', async () => {
    const root = makeTree(driverTree(['usb'], 2));
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const session = await connectStdio(['--root', root, '--index', indexPath, '--no-refresh']);
    try {
      const before = await callJson<{ total: number }>(session.client, 'search_code', { query: 'SUSPEND_MARKER', mode: 'exact' });
      expect(before.isError).toBe(false);
      writeTree(root, driverTree(['usb', 'i2c', 'spi'], 12));
      await indexFolder({ root, indexPath, textDictionaryMinBytes: 0 });
      // The two files it had are unchanged and keep their rows; the new ones are packed with the dictionary.
      expect(inspect(indexPath)).toMatchObject({ dictionaries: 1, marks: new Set([ZSTD_SEGMENT, DICTIONARY_SEGMENT]) });
      const after = await callJson<{ total: number }>(session.client, 'search_code', { query: 'SUSPEND_MARKER', mode: 'exact' });
      expect(after.isError).toBe(false);
      expect(after.body.total).toBe((await answers(indexPath))[0]!.total);
      expect(after.body.total).toBeGreaterThan(before.body.total);
    } finally {
      await session.close();
    }
  });

  it('is absent from an index of schema step 12 opened read-only, which still answers; a writable open adds its table', async () => {
    const root = makeTree(driverTree(['usb'], 2));
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const expected = await answers(indexPath);
    const old = SqliteStore.open(indexPath);
    old.db.exec('DROP TABLE text_dictionaries; PRAGMA user_version = 12;');
    old.close();
    const readonly = SqliteStore.open(indexPath, { readonly: true });
    expect(readonly.dictionaries.packingId).toBeNull();
    readonly.close();
    expect(await answers(indexPath, true)).toEqual(expected);
    const migrated = SqliteStore.open(indexPath);
    expect(migrated.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(migrated.db.prepare('SELECT count(*) AS n FROM text_dictionaries').get()).toEqual({ n: 0 });
    migrated.close();
  });
});
