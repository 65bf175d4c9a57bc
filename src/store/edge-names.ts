/**
 * @module store/edge-names
 * Writes the graph's edges in their compact form (schema step 7): an edge row
 * holds the ids of its kind and of its two names, and every name is stored once
 * in `edge_names`. Readers use the `edges` view, which shows the names again.
 *
 * Name ids are remembered across transactions only while nothing else could
 * have changed them: a transaction is taken with BEGIN IMMEDIATE, so while it
 * lasts no other connection can remove a name, and its first lookup compares
 * SQLite's `data_version` (which moves when another connection commits) with
 * the one seen before; a changed version or a rollback forgets every id, since
 * a remembered id could then point at nothing or at another name.
 *
 * A file's edges are written together, so their ids follow each other, and
 * the file's row keeps the first and the last (schema step 9): removing the
 * file removes that id range, with no index on `file_id` to keep. The removal
 * prunes the names only those edges used, so the table holds no names that
 * nothing refers to. The statements are prepared on first use, since a
 * read-only store of an older schema has no `edge_links` to prepare them on.
 */
import type Database from 'better-sqlite3';
import { STORE } from './store-tuning.js';
import type { NewEdge } from './store.js';

function prepareEdgeStatements(db: Database.Database) {
  return {
    kinds: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM edge_kinds'),
    // The NOCASE term lets the lookup use edge_names_name; the second keeps only the exact spelling.
    nameId: db.prepare<{ name: string }, { id: number }>('SELECT id FROM edge_names WHERE name = @name COLLATE NOCASE AND name = @name'),
    nameInsert: db.prepare<{ name: string }>('INSERT INTO edge_names(name) VALUES (@name)'),
    linkInsert: db.prepare<{ file_id: number; kind: number; from_id: number | null; to_id: number; line: number }>(
      'INSERT INTO edge_links(file_id, kind, from_id, to_id, line) VALUES (@file_id, @kind, @from_id, @to_id, @line)',
    ),
    spanSet: db.prepare<{ file_id: number; first: number; last: number }>(
      'UPDATE files SET edges_first = @first, edges_last = @last WHERE id = @file_id',
    ),
    spanClear: db.prepare<{ file_id: number }>('UPDATE files SET edges_first = NULL, edges_last = NULL WHERE id = @file_id'),
    removeOfFile: db.prepare<{ file_id: number }, [number | null, number]>(`
      DELETE FROM edge_links
      WHERE id BETWEEN (SELECT edges_first FROM files WHERE id = @file_id) AND (SELECT edges_last FROM files WHERE id = @file_id)
        AND file_id = @file_id
      RETURNING from_id, to_id`).raw(),
    /**
     * One statement for all of a file's names: with edges_to/edges_from it seeks each name; while a
     * bulk load has dropped them (a server may replace an upload meanwhile) it scans edge_links twice
     * in all, not twice per name (a kernel file's 1,084 names: 249 ms instead of 78 s).
     */
    namesPrune: db.prepare<{ ids: string }, { name: string }>(`
      DELETE FROM edge_names WHERE id IN (SELECT value FROM json_each(@ids))
        AND id NOT IN (SELECT to_id FROM edge_links WHERE to_id IN (SELECT value FROM json_each(@ids)))
        AND id NOT IN (SELECT from_id FROM edge_links WHERE from_id IN (SELECT value FROM json_each(@ids)))
      RETURNING name`),
  };
}

export class EdgeWriter {
  private statements: ReturnType<typeof prepareEdgeStatements> | null = null;
  private kindIds: Map<string, number> | null = null;
  /** Name -> id, valid while `seenVersion` is the database's data_version. */
  private readonly names = new Map<string, number>();
  private seenVersion: number | null = null;
  /** Inside a transaction of this store, and whether its first lookup has checked the version yet. */
  private inTransaction = false;
  private checked = false;

  constructor(private readonly db: Database.Database) {}

  private get s() {
    this.statements ??= prepareEdgeStatements(this.db);
    return this.statements;
  }

  /** Called as a transaction of the store begins. */
  beginTransaction(): void {
    this.inTransaction = true;
    this.checked = false;
  }

  /**
   * Called when it has ended: a rollback may have undone inserted names, so their ids are forgotten;
   * so are they when it was only a savepoint of an outer transaction, which may still roll back.
   */
  endTransaction(committed: boolean): void {
    this.inTransaction = false;
    if (!committed || this.db.inTransaction) this.forget();
  }

  /** Writes a new file's edges, one after another, and keeps their id range on the file's row; returns the name ids they use. */
  insert(fileId: number, edges: readonly NewEdge[]): Set<number> {
    const used = new Set<number>();
    if (edges.length === 0) return used;
    this.kindIds ??= new Map(this.s.kinds.all().map((k) => [k.name, k.id]));
    let first = 0;
    let last = 0;
    for (const edge of edges) {
      const kind = this.kindIds.get(edge.kind);
      if (kind === undefined) throw new Error(`unknown edge kind ${edge.kind}`);
      const from_id = edge.from === null ? null : this.nameId(edge.from);
      const to_id = this.nameId(edge.to);
      if (from_id !== null) used.add(from_id);
      used.add(to_id);
      last = Number(this.s.linkInsert.run({ file_id: fileId, kind, from_id, to_id, line: edge.line }).lastInsertRowid);
      first ||= last;
    }
    // The ids follow each other because nothing else writes between these inserts (one connection, one thread).
    if (last - first + 1 !== edges.length) throw new Error(`edges of file ${fileId} did not get consecutive ids`);
    this.s.spanSet.run({ file_id: fileId, first, last });
    return used;
  }

  /**
   * A stored file's edges replaced by `edges`: the old ones removed, the new ones written, and only
   * the names the old ones used and the new ones do not pruned (an edited file keeps most of its names).
   */
  replace(fileId: number, edges: readonly NewEdge[]): void {
    const old = this.removeOfFile(fileId);
    if (edges.length === 0) this.s.spanClear.run({ file_id: fileId });
    const used = this.insert(fileId, edges);
    this.prune(old.filter((id) => !used.has(id)));
  }

  /** Removes a file's edges, before its row; returns the name ids they used, to `prune` after. */
  removeOfFile(fileId: number): number[] {
    const ids: number[] = [];
    for (const [from, to] of this.s.removeOfFile.all({ file_id: fileId })) {
      if (from !== null) ids.push(from);
      ids.push(to);
    }
    return ids;
  }

  /** Removes those of `ids` that no edge refers to any more. */
  prune(ids: readonly number[]): void {
    if (ids.length === 0) return;
    for (const { name } of this.s.namesPrune.all({ ids: JSON.stringify([...new Set(ids)]) })) this.names.delete(name);
  }

  private nameId(name: string): number {
    if (!this.inTransaction) return this.lookUp(name);
    if (!this.checked) {
      const version = Number(this.db.pragma('data_version', { simple: true }));
      if (version !== this.seenVersion) this.forget();
      this.seenVersion = version;
      this.checked = true;
    }
    let id = this.names.get(name);
    if (id === undefined) {
      id = this.lookUp(name);
      if (this.names.size >= STORE.edgeNameIdsRemembered) this.names.clear();
      this.names.set(name, id);
    }
    return id;
  }

  private lookUp(name: string): number {
    return this.s.nameId.get({ name })?.id ?? Number(this.s.nameInsert.run({ name }).lastInsertRowid);
  }

  private forget(): void {
    this.names.clear();
    this.seenVersion = null;
  }
}
