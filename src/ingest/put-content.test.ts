import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { addMessage, putFile } from './put-content.js';
import { loadParsers } from './symbols/parsers.js';

describe('uploaded files', () => {
  it('get symbols, edges and definition chunks like indexed folders, and lose them when replaced', async () => {
    const store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
    try {
      const parsers = await loadParsers();
      await putFile(store, 'src/pay.ts', 'export function charge(card: Card) {\n  return gateway.capture(card);\n}\n', parsers);
      const symbols = () => store.db.prepare('SELECT name, kind FROM symbols').all();
      expect(symbols()).toEqual([{ name: 'charge', kind: 'function' }]);
      expect(store.db.prepare("SELECT from_name, to_name FROM edges WHERE kind = 'CALLS'").all()).toEqual([{ from_name: 'charge', to_name: 'capture' }]);
      expect(store.db.prepare('SELECT symbol FROM chunks').all()).toEqual([{ symbol: 'charge' }]);
      await putFile(store, 'src/pay.ts', 'export function refund() {}\n', parsers);
      expect(symbols()).toEqual([{ name: 'refund', kind: 'function' }]);
    } finally {
      store.close();
    }
  });

  it('stay within the quota: a replaced file counts once, the refused one leaves nothing, messages count too', async () => {
    const store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
    try {
      const quota = { quotaBytes: 100 };
      await putFile(store, 'a.txt', 'x'.repeat(60), undefined, quota);
      await expect(putFile(store, 'b.txt', 'y'.repeat(50), undefined, quota)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/quota of 100 bytes \(60 bytes stored\)/) });
      expect((await putFile(store, 'a.txt', 'z'.repeat(90), undefined, quota)).replaced).toBe(true);
      expect(store.db.prepare('SELECT path, size FROM files').all()).toEqual([{ path: 'a.txt', size: 90 }]);
      await expect(addMessage(store, { conversationId: 'conv_1', speaker: 'user', content: 'w'.repeat(20) }, { ...quota, locale: 'cs' }))
        .rejects.toMatchObject({ message: expect.stringMatching(/kvótu nahraného obsahu projektu/) });
    } finally {
      store.close();
    }
  });
});
