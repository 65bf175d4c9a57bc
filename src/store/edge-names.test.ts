/**
 * Schema step 7: the graph's names are stored once (`edge_names`), edge rows
 * hold ids (`edge_links`), and the `edges` view shows them as before. Real
 * indexes on disk: the answers of find_references are the same, an index of
 * step 6 is migrated to the same rows, and names nothing uses any more are
 * removed without leaving an edge pointing at a missing or wrong name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { EDGES_BEFORE_STEP_7, EDGES_BEFORE_STEP_9 } from '../test-support/older-schema.js';
import { makeTree } from '../test-support/temp-tree.js';
import { withStore } from '../test-support/with-store.js';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { SCHEMA_VERSION } from './schema.js';
import { SqliteStore } from './sqlite-store.js';
import type { NewEdge } from './store.js';

const TREE = {
  'app/billing.py': 'from ledger import Ledger\n\ndef charge(amount):\n    audit(amount)\n    return Ledger().post(amount)\n\ndef refund(amount):\n    audit(amount)\n    only_in_billing()\n',
  'app/report.py': 'def report():\n    audit(0)\n    return summarize()\n',
  'app/audit.py': 'def audit(value):\n    return value\n',
  'web/cart.ts': "import { Ledger } from './ledger';\nexport function total(l: Ledger) { return audit(l.sum()); }\n",
};

type Refs = { references: { file: string; line: number; kind: string; from?: string }[]; total: number };

async function references(root: string, symbol: string, kind: string): Promise<Refs> {
  const ctx = new ToolContext({ root });
  try {
    return await callTool('find_references', { symbol, kind }, ctx) as Refs;
  } finally {
    await (await ctx.codeIndex()).close();
  }
}

const edgeRows = (store: SqliteStore) =>
  store.db.prepare('SELECT e.kind, e.from_name, e.to_name, e.line, f.path FROM edges e JOIN files f ON f.id = e.file_id ORDER BY f.path, e.line, e.kind, e.to_name').all();
const storedNames = (store: SqliteStore) => store.db.prepare('SELECT name FROM edge_names ORDER BY name').pluck().all() as string[];
const usedNames = (store: SqliteStore) => store.db.prepare(
  'SELECT from_name FROM edges WHERE from_name IS NOT NULL UNION SELECT to_name FROM edges ORDER BY 1',
).pluck().all() as string[];

describe('the graph with its names stored once', () => {
  it('keeps each name once, however many edges use it, and find_references answers from it', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    withStore(index, (store) => {
      const names = storedNames(store);
      expect(names).toEqual(usedNames(store));
      expect(names.filter((n) => n === 'audit')).toHaveLength(1);
      // Four calls of audit in three files, all through the one name.
      expect(store.db.prepare("SELECT count(*) FROM edges WHERE to_name = 'audit' AND kind = 'CALLS'").pluck().get()).toBe(4);
    });
    const callers = await references(root, 'AUDIT', 'calls'); // any case, as before
    expect(callers.total).toBe(4);
    expect(callers.references.map((r) => r.file).sort()).toEqual(['app/billing.py', 'app/billing.py', 'app/report.py', 'web/cart.ts']);
    expect((await references(root, 'Ledger', 'imports')).references.map((r) => r.file).sort()).toEqual(['app/billing.py', 'web/cart.ts']);
  });

  it('migrates an index of schema step 6 to the same edges and answers', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    const before = withStore(index, edgeRows);
    const callersBefore = await references(root, 'audit', 'calls');
    withStore(index, (store) => store.db.exec(`${EDGES_BEFORE_STEP_7}\nPRAGMA user_version = 6;`));

    // A read-only reader does not migrate: the old table answers the same questions.
    withStore(index, (store) => {
      expect(store.db.pragma('user_version', { simple: true })).toBe(6);
      expect(edgeRows(store)).toEqual(before);
    }, { readonly: true });

    withStore(index, (store) => {
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(store.db.prepare("SELECT type FROM sqlite_master WHERE name = 'edges'").pluck().get()).toBe('view');
      expect(edgeRows(store)).toEqual(before);
      expect(storedNames(store)).toEqual(usedNames(store));
    });
    expect(await references(root, 'audit', 'calls')).toEqual(callersBefore);
  });

  it('migrates an index of schema step 8 to id ranges per file, and removes a file by its range', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    const before = withStore(index, edgeRows);
    withStore(index, (store) => store.db.exec(`${EDGES_BEFORE_STEP_9}\nPRAGMA user_version = 8;`));
    withStore(index, (store) => {
      // The old layout interleaves the files' ids, so a range over them would take other files' edges.
      expect(store.db.prepare('SELECT file_id FROM edge_links ORDER BY id').pluck().all()).not.toEqual(
        store.db.prepare('SELECT file_id FROM edge_links ORDER BY file_id, id').pluck().all(),
      );
    }, { readonly: true });

    withStore(index, (store) => {
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(edgeRows(store)).toEqual(before);
      expect(store.db.prepare("SELECT name FROM sqlite_master WHERE name = 'edges_file'").get()).toBeUndefined();
      expect(store.db.pragma('foreign_key_list(edge_links)')).toEqual([]);
      // Each file's range holds exactly its edges.
      const spans = store.db.prepare(`
        SELECT f.path, count(e.id) AS n, f.edges_last - f.edges_first + 1 AS span,
          (SELECT count(*) FROM edge_links l WHERE l.id BETWEEN f.edges_first AND f.edges_last AND l.file_id <> f.id) AS foreign_rows
        FROM files f LEFT JOIN edge_links e ON e.file_id = f.id GROUP BY f.id ORDER BY f.path`).all() as { path: string; n: number; span: number | null; foreign_rows: number }[];
      expect(spans.map((f) => f.path)).toEqual(['app/audit.py', 'app/billing.py', 'app/report.py', 'web/cart.ts']);
      for (const file of spans) expect(file).toEqual({ ...file, span: file.n === 0 ? null : file.n, foreign_rows: 0 });
      expect(spans.reduce((sum, f) => sum + f.n, 0)).toBe(before.length);
    });

    // Changing a file after the migration removes its old edges, and only those.
    fs.writeFileSync(path.join(root, 'app/report.py'), 'def report():\n    return tally()\n');
    await indexFolder({ root });
    withStore(index, (store) => {
      const after = edgeRows(store) as { path: string; to_name: string }[];
      expect(after.filter((e) => e.path === 'app/report.py').map((e) => e.to_name)).toEqual(['tally']);
      expect(after.filter((e) => e.path !== 'app/report.py')).toEqual((before as { path: string }[]).filter((e) => e.path !== 'app/report.py'));
      expect(storedNames(store)).toEqual(usedNames(store));
    });
    expect((await references(root, 'audit', 'calls')).total).toBe(3);
  });

  it('removes a name once no edge uses it, and keeps the names other files still use', async () => {
    const root = makeTree(TREE);
    const { index } = await indexFolder({ root });
    expect(withStore(index, storedNames)).toEqual(expect.arrayContaining(['only_in_billing', 'summarize', 'audit']));

    fs.writeFileSync(path.join(root, 'app/billing.py'), 'def charge(amount):\n    audit(amount)\n');
    fs.rmSync(path.join(root, 'app/report.py'));
    await indexFolder({ root });
    withStore(index, (store) => {
      const names = storedNames(store);
      expect(names).toEqual(usedNames(store));
      expect(names).not.toContain('only_in_billing');
      expect(names).not.toContain('summarize');
      expect(names).not.toContain('report');
      expect(names).toContain('audit');
    });
    expect((await references(root, 'audit', 'calls')).references.map((r) => r.file).sort()).toEqual(['app/billing.py', 'web/cart.ts']);
  });

  describe('writes on the store', () => {
    const file = (p: string) => ({ path: p, language: 'python', size: 1, mtimeMs: 1, hash: p, encoding: 'utf-8', lineCount: 1 });
    const chunk = { startLine: 1, endLine: 1, kind: 'block', symbol: null, tokenCount: 1, content: 'x()', words: 'x' };
    const calls = (from: string, to: string): NewEdge => ({ kind: 'CALLS', from, to, line: 1 });

    /** Two connections to one new index, and a function that writes a file of one call edge through either. */
    function withTwoWriters(test: (a: SqliteStore, b: SqliteStore, write: (store: SqliteStore, from: string, to: string) => number) => void): void {
      const indexPath = path.join(makeTree(), 'index.db');
      const a = SqliteStore.open(indexPath, { create: true });
      const b = SqliteStore.open(indexPath);
      try {
        const source = a.transaction(() => a.ensureSource('repo', '/repo'));
        const write = (store: SqliteStore, from: string, to: string) => store.insertFile(source, file(`${from}.py`), [chunk], [], [calls(from, to)]);
        test(a, b, write);
      } finally {
        a.close();
        b.close();
      }
    }
    const row = (from: string, to: string) => ({ kind: 'CALLS', from_name: from, to_name: to, line: 1, path: `${from}.py` });

    it('does not reuse a name id that another connection has removed since', () => {
      withTwoWriters((a, b, write) => {
        const first = a.transaction(() => write(a, 'one', 'vanishing'));
        a.transaction(() => write(a, 'two', 'kept'));
        b.transaction(() => b.deleteFile(first)); // prunes 'vanishing' and 'one'
        expect(storedNames(a)).toEqual(['kept', 'two']);
        b.transaction(() => write(b, 'three', 'other')); // may take the freed id
        a.transaction(() => write(a, 'four', 'vanishing'));
        expect(edgeRows(a)).toEqual([row('four', 'vanishing'), row('three', 'other'), row('two', 'kept')]);
        expect(storedNames(a)).toEqual(usedNames(a));
      });
    });

    it('forgets the ids of a transaction nested in an outer one that rolls back', () => {
      withTwoWriters((a, _b, write) => {
        expect(() => a.db.transaction(() => {
          a.transaction(() => write(a, 'one', 'ghost'));
          throw new Error('stop');
        })()).toThrow('stop');
        a.transaction(() => write(a, 'two', 'other')); // may take ghost's freed id
        a.transaction(() => write(a, 'three', 'ghost'));
        expect(edgeRows(a)).toEqual([row('three', 'ghost'), row('two', 'other')]);
      });
    });

    it('keeps no name from a transaction that rolled back, and stores it on the next one', () => {
      withTwoWriters((a, _b, write) => {
        expect(() => a.transaction(() => {
          write(a, 'one', 'undone');
          throw new Error('stop');
        })).toThrow('stop');
        expect(storedNames(a)).toEqual([]);
        a.transaction(() => write(a, 'two', 'kept'));
        a.transaction(() => write(a, 'one', 'undone'));
        expect(edgeRows(a)).toEqual([row('one', 'undone'), row('two', 'kept')]);
      });
    });
  });
});
