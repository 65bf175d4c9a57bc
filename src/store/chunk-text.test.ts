import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { STORE } from '../contracts/limits.js';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { searchCode } from '../search/engine.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { packChunkText, unpackChunkBytes, unpackChunkText } from './chunk-text.js';
import { openStore } from './open-store.js';
import { CONTENT_FORMAT } from './schema.js';
import { SqliteStore } from './sqlite-store.js';

/** A C file of several chunks whose text deflates well, with a few lines named by `marker`. */
function source(marker: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++) {
    lines.push(`static int ${marker}_handler_${i}(struct device *dev) /* résumé ✓ 日本 */`, '{', `\treturn dev_${i % 7 === 0 ? 'suspend' : 'resume'}(dev);`, '}', '');
  }
  return lines.join('\n');
}

async function exactTotal(indexPath: string, query: string, mode = 'exact'): Promise<number> {
  const store = await openStore({ kind: 'sqlite', file: indexPath }, {});
  try {
    return (await store.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query, mode })))).total;
  } finally {
    await store.close();
  }
}

function storageClasses(indexPath: string): Record<string, number> {
  const store = SqliteStore.open(indexPath);
  try {
    const rows = store.db.prepare<[], { kind: string; n: number }>('SELECT typeof(content) AS kind, count(*) AS n FROM chunks GROUP BY kind').all();
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  } finally {
    store.close();
  }
}

describe('stored chunk text', () => {
  it('round-trips any text, keeps short text plain and deflates the rest', () => {
    const short = 'x'.repeat(STORE.chunkTextDeflateMinBytes - 1);
    expect(packChunkText(short)).toBe(short);
    const long = source('rt');
    const packed = packChunkText(long);
    expect(packed).toBeInstanceOf(Uint8Array);
    const bytes = packed as Uint8Array;
    expect(bytes.length).toBeLessThan(Buffer.byteLength(long) / 3);
    // Exactly its own bytes: a worker's message copies the whole buffer behind a view.
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(unpackChunkText(bytes)).toBe(long);
  });

  it('unpacks a batch of segments, whole deflate streams and plain text to their bytes, in order', () => {
    const texts = [source('one'), 'short', source('two'), `${source('three')}\n🎉`, source('four')];
    const stored = texts.map((text) => packChunkText(text));
    // A row written by schema steps 4-5: one whole raw deflate stream.
    stored[2] = new Uint8Array(zlib.deflateRawSync(Buffer.from(texts[2]!, 'utf8')));
    expect(stored.map((v) => (typeof v === 'string' ? 'text' : v[0] === 0x07 ? 'segment' : 'stream'))).toEqual(['segment', 'text', 'stream', 'segment', 'segment']);
    expect(unpackChunkBytes(stored).map((bytes) => bytes.toString('utf8'))).toEqual(texts);
    expect(stored.map((v) => unpackChunkText(v))).toEqual(texts);
  });

  it('refuses a segment whose stored length disagrees with its deflate', () => {
    const packed = packChunkText(source('bad')) as Uint8Array;
    const broken = Uint8Array.from(packed);
    // The length's first LEB128 byte, one more, its continuation bit kept.
    broken[1] = (broken[1]! & 0x80) | ((broken[1]! + 1) & 0x7f);
    expect(() => unpackChunkText(broken)).toThrow(/inflated/);
    expect(() => unpackChunkBytes([packed, broken])).toThrow(/inflated/);
  });

  it('is stored deflated, and exact and regex searches count every line as before', async () => {
    const root = makeTree({ 'drivers/a.c': source('alpha'), 'drivers/b.c': source('beta'), 'tiny.txt': 'dev_suspend\n' });
    const { index } = await indexFolder({ root, indexPath: path.join(makeTree(), 'index.db') });
    expect(storageClasses(index).blob).toBeGreaterThan(0);
    expect(storageClasses(index).text).toBeGreaterThan(0);
    const lines = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;
    expect(await exactTotal(index, 'dev_suspend')).toBe(2 * lines(source('a'), /dev_suspend/) + 1);
    expect(await exactTotal(index, 'beta_handler_1[0-9]+\\(', 'regex')).toBe(lines(source('beta'), /beta_handler_1[0-9]+\(/));
    expect(await exactTotal(index, '日本')).toBe(240);
  });

  it('replays the plain text when a file is replaced, so the trigram index forgets the old lines', async () => {
    const root = makeTree({ 'a.c': source('gamma') });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    writeTree(root, { 'a.c': source('delta') });
    await indexFolder({ root, indexPath });
    expect(await exactTotal(indexPath, 'gamma_handler')).toBe(0);
    expect(await exactTotal(indexPath, 'delta_handler')).toBe(120);
    const store = SqliteStore.open(indexPath);
    try {
      // A 'delete' with other text than was indexed would leave its trigrams behind ("amm" is only in gamma).
      store.db.exec("CREATE VIRTUAL TABLE temp.grams_vocab USING fts5vocab(main, chunk_grams, 'row')");
      expect(store.db.prepare("SELECT count(*) AS n FROM temp.grams_vocab WHERE term = 'amm'").get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });

  it('reads chunk text stored as whole deflate streams (schema steps 4-5) with the same totals', async () => {
    const root = makeTree({ 'a.c': source('eta'), 'b.c': source('theta') });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const suspends = 2 * source('a').split('\n').filter((line) => line.includes('dev_suspend')).length;
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    const store = SqliteStore.open(indexPath);
    try {
      store.db.function('as_stream', (text: string) => zlib.deflateRawSync(Buffer.from(text, 'utf8')));
      const rewritten = store.db.prepare("UPDATE chunks SET content = as_stream(chunk_text(content)) WHERE typeof(content) = 'blob'").run().changes;
      expect(rewritten).toBeGreaterThan(0);
    } finally {
      store.close();
    }
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    expect(await exactTotal(indexPath, 'theta_handler_1[0-9]+\\(', 'regex')).toBe(source('theta').split('\n').filter((line) => /theta_handler_1[0-9]+\(/.test(line)).length);
  });

  it('reads an index of the previous content format (plain text rows), and rewrites it deflated on the next pass', async () => {
    const root = makeTree({ 'a.c': source('eps'), 'b.c': source('zeta') });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const store = SqliteStore.open(indexPath);
    try {
      // What an index written before format 5 holds: every chunk as TEXT.
      store.transaction(() => {
        store.db.exec('UPDATE chunks SET content = chunk_text(content)');
        store.setContentFormat(CONTENT_FORMAT - 1);
      });
    } finally {
      store.close();
    }
    expect(storageClasses(indexPath)).toEqual({ text: expect.any(Number) as number });
    const suspends = 2 * source('a').split('\n').filter((line) => line.includes('dev_suspend')).length;
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    const summary = await indexFolder({ root, indexPath });
    expect(summary.updated).toBe(2);
    expect(storageClasses(indexPath).blob).toBeGreaterThan(0);
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    expect(await exactTotal(indexPath, 'eps_handler')).toBe(120);
  });
});
