/**
 * find_references on a real indexed tree (indexer, SQLite file, tool call): the files
 * that import a class by name are its importers, in TypeScript, Python and
 * Java, and an index written before imported names were recorded is
 * re-prepared so it finds them too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { callTool } from './call-tool.js';
import { ToolContext } from './context.js';

const TREE = {
  'web/session-store.ts': 'export class SessionStore {\n  get(id: string) { return id; }\n}\n',
  'web/login.ts': "import { SessionStore } from './session-store';\n\nexport function login() {\n  return new SessionStore().get('x');\n}\n",
  'web/admin.ts': "import type { SessionStore as Store } from './session-store';\nexport const keep = (s: Store) => s;\n",
  'web/other.ts': "import * as stores from './session-store';\nexport const all = stores;\n",
  'py/ledger.py': 'class Ledger:\n    def total(self):\n        return 0\n',
  'py/report.py': 'from ledger import Ledger\n\ndef report():\n    return Ledger().total()\n',
  'py/audit.py': 'from ledger import Ledger as L, other_name\n',
  'java/App.java': 'import com.acme.billing.Invoice;\nimport java.util.*;\nclass App { Invoice make() { return new Invoice(); } }\n',
};

type Refs = { references: { file: string; line: number; kind: string; text: string }[]; total: number; definitions: { file: string; name: string }[] };

async function importers(root: string, symbol: string): Promise<Refs> {
  const ctx = new ToolContext({ root });
  try {
    return await callTool('find_references', { symbol, kind: 'imports' }, ctx) as Refs;
  } finally {
    await (await ctx.codeIndex()).close();
  }
}

describe('find_references kind imports: importers of a class', () => {
  let root: string;
  beforeAll(async () => {
    root = makeTree(TREE);
    await indexFolder({ root });
  });

  it('finds the TypeScript files that import the class by name, also under an alias or as a type', async () => {
    const found = await importers(root, 'SessionStore');
    expect(found.references.map((r) => `${r.file}:${r.line}`).sort()).toEqual(['web/admin.ts:1', 'web/login.ts:1']);
    expect(found.references[0]!.text).toMatch(/^import .*SessionStore/);
    expect(found.definitions.map((d) => d.file)).toEqual(['web/session-store.ts']);
  });

  it('finds the Python files that import the class with from ... import', async () => {
    const found = await importers(root, 'Ledger');
    expect(found.references.map((r) => `${r.file}:${r.line}`).sort()).toEqual(['py/audit.py:1', 'py/report.py:1']);
  });

  it('finds a Java import of a class by its simple or qualified name', async () => {
    expect((await importers(root, 'Invoice')).references.map((r) => r.file)).toEqual(['java/App.java']);
    expect((await importers(root, 'com.acme.billing.Invoice')).references.map((r) => r.file)).toEqual(['java/App.java']);
  });

  it('finds the importers of a module by its specifier as written', async () => {
    expect((await importers(root, './session-store')).references.map((r) => r.file).sort()).toEqual(['web/admin.ts', 'web/login.ts', 'web/other.ts']);
    expect((await importers(root, 'ledger')).references.map((r) => r.file).sort()).toEqual(['py/audit.py', 'py/report.py']);
  });

  it('does not count an alias as an imported name', async () => {
    expect((await importers(root, 'Store')).total).toBe(0);
    expect((await importers(root, 'L')).total).toBe(0);
  });

  it('re-prepares an index written before imported names were recorded', async () => {
    const old = makeTree(TREE);
    const first = await indexFolder({ root: old });
    // What an index of the previous content format holds: only the module of each import.
    const store = SqliteStore.open(first.index);
    store.db.prepare("DELETE FROM edge_links WHERE id IN (SELECT id FROM edges WHERE kind = 'IMPORTS' AND to_name IN ('SessionStore', 'Invoice'))").run();
    store.db.prepare("UPDATE meta SET value = '2' WHERE key = 'content_format'").run();
    store.close();
    expect((await importers(old, 'SessionStore')).total).toBe(0);
    expect(await indexFolder({ root: old })).toMatchObject({ updated: Object.keys(TREE).length });
    expect((await importers(old, 'SessionStore')).total).toBe(2);
  });
});
