import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { makeTree } from '../test-support/temp-tree.js';
import { MEDICINES_MIGRATIONS, MEDICINES_SCHEMA_VERSION } from './schema.js';
import { MedicinesStore } from './store.js';

describe('medicines store migrations', () => {
  it('upgrades a version-1 database: duplicate document sections go, (file, section) becomes unique, search still finds the text', () => {
    const root = makeTree();
    const file = path.join(root, 'medicines.db');
    const old = new Database(file);
    old.exec(MEDICINES_MIGRATIONS[0]!);
    old.pragma('user_version = 1');
    const insert = old.prepare('INSERT INTO document_text (file, section, title, body) VALUES (?, ?, ?, ?)');
    insert.run('pi1.pdf', 0, '', 'úvod');
    insert.run('pi1.pdf', 1, '1. Co je přípravek', 'tlumí bolest');
    insert.run('pi1.pdf', 1, '1. Co je přípravek', 'tlumí bolest');
    old.exec("INSERT INTO document_fts(document_fts) VALUES ('rebuild')");
    old.close();

    const store = MedicinesStore.open(file, { root });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MEDICINES_SCHEMA_VERSION);
      expect(store.statements.documentSections.all('pi1.pdf').map((s) => s.section)).toEqual([0, 1]);
      expect(() => store.statements.documentInsert.run('pi1.pdf', 1, 'x', 'y')).toThrow(/UNIQUE/);
      expect(store.statements.documentSearch.all({ file: 'pi1.pdf', match: 'bolest' })).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});
