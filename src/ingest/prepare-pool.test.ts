import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { INGEST } from '../contracts/limits.js';
import { STORE } from '../store/store-tuning.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { BULK_LOAD_KEEPS, SECONDARY_INDEXES } from '../store/schema.js';
import { runCli, runCliJson } from '../test-support/cli.js';
import { driverTree } from '../test-support/driver-tree.js';
import { makeTree, writeTree, type TreeSpec } from '../test-support/temp-tree.js';
import { indexFolder, type IndexSummary } from './indexer.js';

/** Everything a search reads back, without ids or mtimes (which differ between two copies of a tree). */
function dump(indexPath: string) {
  const store = SqliteStore.open(indexPath);
  try {
    const all = (sql: string) => store.db.prepare(sql).raw().all();
    return {
      files: all('SELECT path, language, size, hash, encoding, line_count FROM files ORDER BY path'),
      chunks: all(`SELECT f.path, c.start_line, c.end_line, c.kind, c.symbol, c.token_count, chunk_text(c.content)
                   FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.start_line`),
      symbols: all(`SELECT f.path, s.name, s.kind, s.container, s.start_line, s.end_line
                    FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY f.path, s.start_line, s.name`),
      edges: all(`SELECT f.path, e.kind, e.from_name, e.to_name, e.line
                  FROM edges e JOIN files f ON f.id = e.file_id ORDER BY f.path, e.line, e.kind, e.to_name`),
      words: all('SELECT term, doc, cnt FROM chunk_words_vocab ORDER BY term'),
    };
  } finally {
    store.close();
  }
}

function counts(s: IndexSummary) {
  return { files: s.files, added: s.added, updated: s.updated, unchanged: s.unchanged, deleted: s.deleted, chunks: s.chunks, skipped: s.skipped_by_reason };
}

/** Two copies of a tree, each with an index file of its own: one indexed as the reference, one as the case under test. */
function twoCopies(files: TreeSpec) {
  return {
    reference: makeTree(files), subject: makeTree(files),
    referenceIndex: path.join(makeTree(), 'index.db'), subjectIndex: path.join(makeTree(), 'index.db'),
  };
}

const SOURCES: TreeSpec = {
  'src/app.ts': 'import { load } from "./load";\nexport class App extends Base implements Runner {\n  run() { return load(this.name); }\n}\n',
  'src/load.ts': 'export function load(name: string) {\n  return fetchConfig(name).then(parseConfig);\n}\n',
  'lib/util.py': 'import os\n\nclass Walker(Base):\n    def walk(self, top):\n        return os.walk(top)\n',
  'kern/pm.c': '#include <linux/pm.h>\n\nstatic int pm_resume(struct device *dev)\n{\n\treturn dev_pm_resume(dev, PM_RESUME);\n}\n',
  'cmd/main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(greet("x"))\n}\n',
  'notes/latin.txt': iconv.encode('café crème brûlée, déjà vu, garçon, naïve façade\n'.repeat(4), 'latin1'),
  'img.bin': Buffer.from([0x89, 0x50, 0x00, 0x01]),
  'README.md': '# Title\n\nSome words about suspend and resume.\n',
};

describe('preparing files in worker threads', () => {
  it('indexes a tree, and then its changes, exactly as preparing in the indexing thread does', async () => {
    const { reference: inThread, subject: inWorkers, referenceIndex: threadIndex, subjectIndex: workersIndex } = twoCopies(SOURCES);
    const viaWorkers = async () => {
      const run = await runCliJson<IndexSummary>(['index', inWorkers, '--index', workersIndex, '--repository', 'r', '--workers', '2', '--json']);
      expect(run.code, run.stderr).toBe(0);
      return run.json;
    };

    const first = [await indexFolder({ root: inThread, indexPath: threadIndex, repository: 'r', workers: 0 }), await viaWorkers()];
    expect(counts(first[1]!)).toEqual(counts(first[0]!));
    expect(first[1]!.added).toBe(7);
    expect(dump(workersIndex)).toEqual(dump(threadIndex));
    expect(dump(workersIndex).edges.length).toBeGreaterThan(5);

    // One file edited, one rewritten unchanged (new mtime, same bytes), one deleted, one turned binary.
    for (const root of [inThread, inWorkers]) {
      writeTree(root, { 'src/load.ts': 'export function load(name: string) {\n  return readConfig(name);\n}\n' });
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(root, 'kern/pm.c'), later, later);
      fs.rmSync(path.join(root, 'cmd/main.go'));
      writeTree(root, { 'README.md': Buffer.from([0x00, 0x01, 0x02]) });
    }
    const second = [await indexFolder({ root: inThread, indexPath: threadIndex, repository: 'r', workers: 0 }), await viaWorkers()];
    expect(counts(second[1]!)).toEqual(counts(second[0]!));
    expect(counts(second[1]!)).toMatchObject({ updated: 1, deleted: 2, skipped: { binary: 2 } });
    expect(dump(workersIndex)).toEqual(dump(threadIndex));
  });
});

describe('preparing files in worker threads with the chunk-text dictionary', () => {
  it('packs every row with the dictionary the pass learnt, the same one and the same rows as in the indexing thread', async () => {
    const files = driverTree(['usb', 'i2c', 'spi', 'mmc'], 100);
    expect(Object.values(files).reduce((sum, text) => sum + text.length, 0)).toBeGreaterThanOrEqual(STORE.textDictionaryMinBytes);
    const { reference: inThread, subject: inWorkers, referenceIndex: threadIndex, subjectIndex: workersIndex } = twoCopies(files);
    await indexFolder({ root: inThread, indexPath: threadIndex, repository: 'r', workers: 0 });
    const run = await runCliJson<IndexSummary>(['index', inWorkers, '--index', workersIndex, '--repository', 'r', '--workers', '2', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(dump(workersIndex)).toEqual(dump(threadIndex));
    const packing = (indexPath: string) => {
      const store = SqliteStore.open(indexPath);
      try {
        return {
          dictionaries: store.db.prepare('SELECT id, bytes FROM text_dictionaries').all(),
          // A dictionary segment starts with 0x17: a worker without the dictionary could not have written one.
          marks: store.db.prepare("SELECT DISTINCT unicode(substr(content, 1, 1)) FROM chunks WHERE typeof(content) = 'blob'").pluck().all(),
        };
      } finally {
        store.close();
      }
    };
    expect(packing(workersIndex)).toEqual(packing(threadIndex));
    expect(packing(workersIndex)).toMatchObject({ dictionaries: [expect.anything()], marks: [0x17] });
  }, 60_000);
});

describe('the indexing thread preparing files while it waits for workers', () => {
  it('takes some files itself (more than a window of them is queued) and writes the same index as without workers', async () => {
    const files: TreeSpec = {};
    for (let i = 0; i < INGEST.filesPerTransaction; i++) {
      files[`drivers/d${String(i).padStart(3, '0')}.c`] = `#include "d.h"\n\nstatic int probe_${i}(struct device *dev)\n{\n\treturn helper_${i % 7}(dev, ${i});\n}\n`;
    }
    const { reference: inThread, subject: inWorkers, referenceIndex: threadIndex, subjectIndex: workersIndex } = twoCopies(files);
    await indexFolder({ root: inThread, indexPath: threadIndex, repository: 'r', workers: 0 });
    const run = await runCliJson<IndexSummary>(['index', inWorkers, '--index', workersIndex, '--repository', 'r', '--workers', '1', '--json']);
    expect(run.code, run.stderr).toBe(0);
    // Files beyond the first window are handed out after the indexing thread has waited for the worker's start.
    expect(run.json.prepared_in_thread).toBeGreaterThan(0);
    expect(run.json.prepared_in_thread).toBeLessThan(INGEST.filesPerTransaction);
    expect(dump(workersIndex)).toEqual(dump(threadIndex));
    expect(dump(workersIndex).symbols.length).toBe(INGEST.filesPerTransaction);
  });
});

/**
 * Forty small files and a 6 MB generated one that takes a 16 MB heap past its cap, walked first
 * or right after the first small file. Either way it is prepared by the worker: the indexing
 * thread takes only files queued after the one it waits for, and none before it has waited once.
 */
function treeWithOneLargeFile(walked: 'first' | 'second' = 'second'): TreeSpec {
  const files: TreeSpec = {};
  for (let i = 0; i < 40; i++) files[`src/f${String(i).padStart(2, '0')}.c`] = `int probe_${i}(int a) { return helper_${i % 7}(a); }\n`;
  const lines: string[] = [];
  for (let i = 0, chars = 0; chars < 6_000_000; i++) {
    lines.push(`static int handler_${i}(struct device *dev_${i}) { return call_${i % 977}(dev_${i}, FLAG_${i % 313}); }\n`);
    chars += lines[i]!.length;
  }
  files[walked === 'first' ? 'src/a_generated.c' : 'src/f00_generated.c'] = lines.join('');
  return files;
}

describe('a prepare worker that runs out of heap', () => {
  it.each([
    ['after finishing a file, is replaced', 'second'],
    ['on its first file, is retired (it would die again at start)', 'first'],
  ] as const)('%s; its file is prepared in the indexing thread and the index is the same as without workers', async (_, walked) => {
    const files = treeWithOneLargeFile(walked);
    const { reference: inThread, subject: inWorkers, referenceIndex: threadIndex, subjectIndex: workersIndex } = twoCopies(files);
    await indexFolder({ root: inThread, indexPath: threadIndex, repository: 'r', workers: 0 });
    const run = await runCliJson<IndexSummary>(['index', inWorkers, '--index', workersIndex, '--repository', 'r', '--workers', '1', '--prepare-heap-mb', '16', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.prepare_worker_restarts).toBe(1);
    expect(run.json.added).toBe(41);
    expect(dump(workersIndex)).toEqual(dump(threadIndex));
  });

  it('refuses a cap below 16 MB', async () => {
    const refused = await runCli(['index', makeTree({ 'a.c': 'int a;\n' }), '--prepare-heap-mb', '8']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--prepare-heap-mb takes 16 to');
  });
});

describe('an index pass that outgrows the heap cap of its thread', () => {
  it('is run again without the cap, says so, and leaves the same index as an uncapped pass', async () => {
    const files = treeWithOneLargeFile();
    const { reference: uncapped, subject: capped, referenceIndex: uncappedIndex, subjectIndex: cappedIndex } = twoCopies(files);
    await indexFolder({ root: uncapped, indexPath: uncappedIndex, repository: 'r', workers: 0 });
    const run = await runCliJson<IndexSummary>(['index', capped, '--index', cappedIndex, '--repository', 'r', '--workers', '0', '--heap-mb', '16', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.index_heap_retried).toBe(true);
    expect(run.json.files).toBe(41);
    expect(dump(cappedIndex)).toEqual(dump(uncappedIndex));

    const plain = await runCliJson<IndexSummary>(['index', capped, '--index', cappedIndex, '--repository', 'r', '--json']);
    expect(plain.json.index_heap_retried).toBeUndefined();
    expect(plain.json.unchanged).toBe(41);
  });
});

describe('loading a large tree into an empty index', () => {
  it('ends with every lookup index in place, and a run after an interrupted load puts missing ones back', async () => {
    const files: TreeSpec = {};
    const fileBytes = 128 * 1024;
    const line = 'static int suspend_device(struct device *dev) { return pm_resume(dev); }\n';
    for (let i = 0; i * fileBytes < INGEST.bulkLoadMinBytes + fileBytes; i++) files[`f${i}.txt`] = line.repeat(Math.ceil(fileBytes / line.length));
    const root = makeTree(files);
    const summary = await indexFolder({ root, workers: 0 });
    expect(summary.bytes).toBeGreaterThanOrEqual(INGEST.bulkLoadMinBytes);

    const indexNames = () => {
      const store = SqliteStore.open(summary.index);
      try {
        return (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
      } finally {
        store.close();
      }
    };
    expect(indexNames()).toEqual(expect.arrayContaining(Object.keys(SECONDARY_INDEXES)));

    const store = SqliteStore.open(summary.index);
    store.dropSecondaryIndexes(); // as a build stopped before its end leaves the index
    // Searches during a load still find a site's chunk by file and line without scanning the chunk table.
    const plan = store.db.prepare('EXPLAIN QUERY PLAN SELECT id FROM chunks WHERE file_id = ? AND start_line <= ? ORDER BY start_line DESC, id DESC LIMIT 1').all(1, 10) as { detail: string }[];
    store.close();
    expect(indexNames()).not.toContain('edges_to');
    expect(indexNames()).toEqual(expect.arrayContaining([...BULK_LOAD_KEEPS]));
    expect(plan.map((row) => row.detail).join(' ')).toContain('chunks_file_line');
    const again = await indexFolder({ root, workers: 0 });
    expect(again.unchanged).toBe(summary.files);
    expect(indexNames()).toEqual(expect.arrayContaining(Object.keys(SECONDARY_INDEXES)));
  });
});
