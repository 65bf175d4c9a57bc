import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { STORE } from './store-tuning.js';
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

/** A row as written before zstd segments: 0x07, the UTF-8 length as LEB128, raw deflate ended by a sync flush. */
function deflateSegment(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  const length: number[] = [];
  for (let rest = bytes.length; ; rest = Math.floor(rest / 128)) {
    if (rest < 128) { length.push(rest); break; }
    length.push((rest % 128) | 128);
  }
  return Buffer.concat([Buffer.from([0x07, ...length]), zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH })]);
}

/** Which layout a stored value has (store/chunk-text). */
function layout(value: string | Uint8Array): string {
  if (typeof value === 'string') return 'text';
  return value[0] === 0x0f ? 'zstd' : value[0] === 0x07 ? 'deflate segment' : 'stream';
}

/** One length byte of a segment off by `delta`, its continuation bit kept. */
function withLengthOff(packed: Uint8Array, delta: number): Uint8Array {
  const broken = Uint8Array.from(packed);
  broken[1] = (broken[1]! & 0x80) | ((broken[1]! + delta) & 0x7f);
  return broken;
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

/** The layouts of an index's packed rows. */
function packedLayouts(indexPath: string): Set<string> {
  const store = SqliteStore.open(indexPath);
  try {
    return new Set(store.db.prepare<[], { content: Buffer }>("SELECT content FROM chunks WHERE typeof(content) = 'blob'").all().map((row) => layout(row.content)));
  } finally {
    store.close();
  }
}

describe('stored chunk text', () => {
  it('round-trips any text, keeps short text plain and packs the rest with zstd', () => {
    const short = 'x'.repeat(STORE.chunkTextPackMinBytes - 1);
    expect(packChunkText(short)).toBe(short);
    const long = source('rt');
    const packed = packChunkText(long);
    expect(layout(packed)).toBe('zstd');
    const bytes = packed as Uint8Array;
    expect(bytes.length).toBeLessThan(Buffer.byteLength(long) / 3);
    // Exactly its own bytes: a worker's message copies the whole buffer behind a view.
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(unpackChunkText(bytes)).toBe(long);
    // Text much longer than the scratch buffer first grew to, and text that does not pack (random bytes as Latin-1 letters) stays plain.
    const huge = source('huge').repeat(30);
    expect(Buffer.byteLength(huge)).toBeGreaterThan(256 * 1024);
    expect(unpackChunkText(packChunkText(huge))).toBe(huge);
    const noise = Array.from({ length: 400 }, (_, i) => String.fromCharCode(0x41 + ((i * 7919) % 1009) % 58)).join('');
    expect(unpackChunkText(packChunkText(noise))).toBe(noise);
  });

  it('unpacks a batch of zstd and deflate segments, whole deflate streams and plain text to their bytes, in order', () => {
    const texts = [source('one'), 'short', source('two'), `${source('three')}\n🎉`, source('four'), source('five'), source('six')];
    const stored = texts.map((text) => packChunkText(text));
    // A row written by schema steps 4-5: one whole raw deflate stream.
    stored[2] = new Uint8Array(zlib.deflateRawSync(Buffer.from(texts[2]!, 'utf8')));
    // Rows written before zstd: deflate segments, mixed with zstd ones in one batch.
    stored[4] = deflateSegment(texts[4]!);
    stored[6] = deflateSegment(texts[6]!);
    expect(stored.map(layout)).toEqual(['zstd', 'text', 'stream', 'zstd', 'deflate segment', 'zstd', 'deflate segment']);
    expect(unpackChunkBytes(stored).map((bytes) => bytes.toString('utf8'))).toEqual(texts);
    expect(stored.map((v) => unpackChunkText(v))).toEqual(texts);
  });

  it('refuses a segment of either codec whose stored length disagrees with its data', () => {
    for (const packed of [packChunkText(source('bad')) as Uint8Array, deflateSegment(source('bad'))]) {
      for (const delta of [1, -1]) {
        const broken = withLengthOff(packed, delta);
        expect(() => unpackChunkText(broken)).toThrow(/stored chunk text: .*unpack/);
        expect(() => unpackChunkBytes([packed, broken])).toThrow(/stored chunk text: .*unpack/);
      }
    }
  });

  it('is stored packed, and exact and regex searches count every line as before', async () => {
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

  it.each([
    { layout: 'stream', written: 'whole deflate streams (schema steps 4-5)', pack: (text: string) => zlib.deflateRawSync(Buffer.from(text, 'utf8')) },
    { layout: 'deflate segment', written: 'deflate segments (before zstd)', pack: deflateSegment },
  ])('reads chunk text stored as $written with the same totals, and packs a changed file with zstd', async ({ layout: kind, pack }) => {
    const root = makeTree({ 'a.c': source('eta'), 'b.c': source('theta') });
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    const suspends = 2 * source('a').split('\n').filter((line) => line.includes('dev_suspend')).length;
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    const store = SqliteStore.open(indexPath);
    try {
      store.db.function('as_older', (text: string) => pack(text));
      const rewritten = store.db.prepare("UPDATE chunks SET content = as_older(chunk_text(content)) WHERE typeof(content) = 'blob'").run().changes;
      expect(rewritten).toBeGreaterThan(0);
    } finally {
      store.close();
    }
    expect(packedLayouts(indexPath)).toEqual(new Set([kind]));
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    expect(await exactTotal(indexPath, 'theta_handler_1[0-9]+\\(', 'regex')).toBe(source('theta').split('\n').filter((line) => /theta_handler_1[0-9]+\(/.test(line)).length);
    // Rows keep their layout until their file changes; one batch then holds both.
    writeTree(root, { 'b.c': source('iota') });
    await indexFolder({ root, indexPath });
    expect(packedLayouts(indexPath)).toEqual(new Set([kind, 'zstd']));
    expect(await exactTotal(indexPath, 'dev_suspend')).toBe(suspends);
    expect(await exactTotal(indexPath, 'iota_handler')).toBe(120);
  });

  it('reads an index of the previous content format (plain text rows), and rewrites it packed on the next pass', async () => {
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
