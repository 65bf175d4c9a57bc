import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test-support/cli.js';
import { makeTree } from '../test-support/temp-tree.js';
import { SqliteStore } from './sqlite-store.js';
import { queueWrite } from './write-queue.js';

/** Another process holding the write lock of `file` for `ms`; resolves once it holds it. */
function holdLock(file: string, ms: number): Promise<void> {
  const script = `
    const Database = require(${JSON.stringify(path.join(PROJECT_ROOT, 'node_modules', 'better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => child.stdout.setEncoding('utf8').once('data', () => resolve()));
}

describe('write queue', () => {
  it('runs writes in order, each in its own transaction', async () => {
    const store = SqliteStore.open(path.join(makeTree(), 'index.db'), { create: true });
    try {
      const order: number[] = [];
      await Promise.all([1, 2, 3].map((n) => queueWrite(store, () => {
        order.push(n);
        store.statements.metaSet.run({ key: `k${n}`, value: String(n) });
      })));
      expect(order).toEqual([1, 2, 3]);
      expect(store.statements.metaGet.get('k3')?.value).toBe('3');
      // A failing write leaves nothing behind and does not stop the next one.
      await expect(queueWrite(store, () => { store.statements.metaSet.run({ key: 'half', value: 'x' }); throw new Error('boom'); })).rejects.toThrow('boom');
      expect(store.statements.metaGet.get('half')).toBeUndefined();
      await queueWrite(store, () => store.statements.metaSet.run({ key: 'after', value: 'y' }));
      expect(store.statements.metaGet.get('after')?.value).toBe('y');
    } finally {
      store.close();
    }
  });

  it('waits for another process\'s lock without blocking the event loop, and gives UNAVAILABLE past its bound', async () => {
    const file = path.join(makeTree(), 'index.db');
    const store = SqliteStore.open(file, { create: true });
    try {
      await holdLock(file, 1500);
      let ticks = 0;
      const timer = setInterval(() => { ticks++; }, 20);
      const refused = await queueWrite(store, () => store.statements.metaSet.run({ key: 'a', value: '1' }), { maxWaitMs: 300 }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'UNAVAILABLE' });
      expect((refused as Error).message).not.toMatch(/SQLITE|database is locked/i);
      expect(store.statements.metaGet.get('a')).toBeUndefined();
      // The default bound outlasts the lock: the write waits its turn and is stored.
      await queueWrite(store, () => store.statements.metaSet.run({ key: 'b', value: '2' }));
      clearInterval(timer);
      expect(store.statements.metaGet.get('b')?.value).toBe('2');
      expect(ticks).toBeGreaterThan(10); // the timer kept firing while the write waited
    } finally {
      store.close();
    }
  });
});
