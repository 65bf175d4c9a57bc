import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { indexFolder } from './indexer.js';
import { INGEST } from '../contracts/limits.js';
import { chunkLines, splitLines } from '../text/chunk.js';
import { splitIdentifier } from '../text/identifiers.js';

function filesIn(indexPath: string): Record<string, { language: string; encoding: string }> {
  const store = SqliteStore.open(indexPath);
  try {
    const rows = store.db.prepare('SELECT path, language, encoding FROM files ORDER BY path').all() as { path: string; language: string; encoding: string }[];
    return Object.fromEntries(rows.map((r) => [r.path, { language: r.language, encoding: r.encoding }]));
  } finally {
    store.close();
  }
}

describe('walking a folder', () => {
  it('honours nested .gitignore, .ignore and .quarryignore, and never enters .git', async () => {
    const root = makeTree({
      '.gitignore': 'build/\n*.log\n',
      'a.ts': 'a', 'debug.log': 'x', 'build/out.js': 'x',
      'pkg/.gitignore': 'secret.txt\n!keep.log\n', 'pkg/secret.txt': 'x', 'pkg/keep.log': 'kept', 'pkg/b.py': 'b',
      'docs/.ignore': 'draft.md\n', 'docs/draft.md': 'x', 'docs/final.md': 'y',
      '.quarryignore': 'vendor\n', 'vendor/lib.c': 'x',
      '.git/config': '[core]', '.github/workflows/ci.yml': 'on: push',
    });
    const summary = await indexFolder({ root });
    expect(Object.keys(filesIn(summary.index))).toEqual([
      '.github/workflows/ci.yml', '.gitignore', '.quarryignore', 'a.ts', 'docs/.ignore', 'docs/final.md', 'pkg/.gitignore', 'pkg/b.py', 'pkg/keep.log',
    ]);
  });

  it('skips binary and oversized files with reasons, and links leading out of the root', async () => {
    const outside = makeTree({ 'secret.txt': 'top secret' });
    const root = makeTree({ 'img.bin': Buffer.from([0x89, 0x50, 0x00, 0x01]), 'big.txt': 'x'.repeat(2048), 'ok.txt': 'fine' });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    fs.symlinkSync(path.join(root, 'ok.txt'), path.join(root, 'alias.txt'));
    const summary = await indexFolder({ root, maxFileBytes: 1024 });
    expect(summary.skipped_by_reason).toEqual({ binary: 1, too_large: 1, symlink_outside_root: 1 });
    expect(Object.keys(filesIn(summary.index))).toEqual(['alias.txt', 'ok.txt']);
  });

  it('detects language by extension, file name and shebang, and stores the encoding', async () => {
    const root = makeTree({
      'tool': '#!/usr/bin/env python3\nprint(1)\n', 'run': '#!/bin/bash\necho hi\n', 'Makefile': 'all:\n', 'x.rs': 'fn main(){}',
      'utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo wörld\n', 'utf16le')]),
      'latin.txt': iconv.encode('café crème brûlée, déjà vu, garçon, naïve façade\n'.repeat(3), 'latin1'),
      'readme.unknownext': 'plain words',
    });
    const files = filesIn((await indexFolder({ root })).index);
    expect(files.tool!.language).toBe('python');
    expect(files.run!.language).toBe('bash');
    expect(files.Makefile!.language).toBe('shell');
    expect(files['x.rs']!.language).toBe('rust');
    expect(files['readme.unknownext']!.language).toBe('text');
    expect(files['utf16.txt']!.encoding).toBe('utf-16le');
    expect(files['latin.txt']!.encoding).toMatch(/iso-8859-1|windows-1252|latin1/);
  });
});

describe('incremental indexing', () => {
  it('skips unchanged files, replaces changed ones, deletes vanished ones, and bumps the version only on change', async () => {
    const root = makeTree({ 'a.ts': 'const alpha = oldvalue;\n', 'b.ts': 'const beta = 2;\n', 'c.ts': 'const gamma = 3;\n' });
    const first = await indexFolder({ root });
    expect(first).toMatchObject({ added: 3, updated: 0, unchanged: 0, deleted: 0 });

    const again = await indexFolder({ root });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, deleted: 0, index_version: first.index_version });

    writeTree(root, { 'a.ts': 'const alphaChanged = 10;\n', 'd.ts': 'const delta = 4;\n' });
    fs.rmSync(path.join(root, 'c.ts'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'b.ts'), later, later); // touched, same content
    const third = await indexFolder({ root });
    expect(third).toMatchObject({ added: 1, updated: 1, unchanged: 1, deleted: 1 });
    expect(third.index_version).toBeGreaterThan(first.index_version);
    // The touched file's new mtime was recorded: the next run skips it without hashing.
    expect(await indexFolder({ root })).toMatchObject({ unchanged: 3, added: 0, updated: 0, index_version: third.index_version });

    const store = SqliteStore.open(third.index);
    try {
      const words = (q: string) => store.db.prepare('SELECT count(*) AS n FROM chunk_words WHERE chunk_words MATCH ?').get(q) as { n: number };
      const grams = (q: string) => store.db.prepare('SELECT count(*) AS n FROM chunk_grams WHERE chunk_grams MATCH ?').get(q) as { n: number };
      expect(words('"gamma"').n).toBe(0);
      expect(grams('"gam" AND "amm" AND "mma"').n).toBe(0);
      expect(words('"oldvalue"').n).toBe(0);
      expect(grams('"old" AND "ldv"').n).toBe(0);
      expect(words('"alphachanged"').n).toBe(1);
      expect(words('"delta"').n).toBe(1);
    } finally {
      store.close();
    }
  });
});

describe('re-indexing with the remembered folder listings', () => {
  /** Every file and folder last changed an hour ago: the walk then remembers each folder's listing. */
  const ageTree = (dir: string): void => {
    const past = new Date(Date.now() - 3_600_000);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) ageTree(path.join(dir, entry.name)); else fs.utimesSync(path.join(dir, entry.name), past, past);
    }
    fs.utimesSync(dir, past, past);
  };
  const contents = (indexPath: string) => {
    const store = SqliteStore.open(indexPath);
    try {
      return store.db.prepare('SELECT f.path, c.start_line, chunk_text(c.content) AS content FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.start_line').all();
    } finally {
      store.close();
    }
  };

  it('ends with the same index as a fresh build after edits, additions, deletions and renames', async () => {
    const root = makeTree({
      '.gitignore': '*.tmp\n', 'src/a.ts': 'export const alpha = 1;\n', 'src/b.ts': 'export const beta = 2;\n',
      'lib/deep/c.py': 'def gamma():\n    return 3\n', 'docs/readme.md': '# Docs\n', 'scratch.tmp': 'ignored',
    });
    ageTree(root);
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });
    expect(fs.existsSync(`${indexPath}-folders`)).toBe(true);

    // src/ keeps its mtime (a content edit only) and its remembered listing; the others change.
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const alphaEdited = 10;\n');
    writeTree(root, { 'lib/deep/d.py': 'def delta():\n    return 4\n' });
    fs.rmSync(path.join(root, 'docs/readme.md'));
    expect(await indexFolder({ root, indexPath })).toMatchObject({ added: 1, updated: 1, deleted: 1 });
    const fresh = async () => (await indexFolder({ root, indexPath: path.join(makeTree(), 'index.db') })).index;
    expect(contents(indexPath)).toEqual(contents(await fresh()));

    ageTree(root);
    await indexFolder({ root, indexPath });
    fs.renameSync(path.join(root, 'src/b.ts'), path.join(root, 'lib/b.ts'));
    fs.writeFileSync(path.join(root, '.gitignore'), '*.tmp\nlib/deep/c.py\n');
    expect(await indexFolder({ root, indexPath })).toMatchObject({ added: 1, updated: 1, deleted: 2 }); // updated: the .gitignore itself
    expect(contents(indexPath)).toEqual(contents(await fresh()));
    expect(Object.keys(filesIn(indexPath))).toEqual(['.gitignore', 'lib/b.ts', 'lib/deep/d.py', 'src/a.ts']);
  });
});

describe('content format', () => {
  it('re-prepares every file of an index written in an older content format, once', async () => {
    const root = makeTree({ 'a.ts': 'export const alpha = 1;\n', 'b.ts': 'export const beta = 2;\n' });
    const first = await indexFolder({ root });
    const store = SqliteStore.open(first.index);
    store.db.prepare("UPDATE meta SET value = '1' WHERE key = 'content_format'").run();
    store.close();
    expect(await indexFolder({ root })).toMatchObject({ updated: 2, unchanged: 0 });
    expect(await indexFolder({ root })).toMatchObject({ updated: 0, unchanged: 2 });
  });
});

describe('chunking', () => {
  it('covers every line exactly once, never splits a line, and bounds chunk size', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 17 === 0 ? '' : `line ${i} ${'x'.repeat(i % 120)}`));
    const chunks = chunkLines(lines);
    let expected = 1;
    for (const chunk of chunks) {
      expect(chunk.startLine).toBe(expected);
      expect(chunk.content.split('\n')).toEqual(lines.slice(chunk.startLine - 1, chunk.endLine));
      expect(chunk.endLine - chunk.startLine + 1).toBeLessThanOrEqual(INGEST.chunkMaxLines);
      expect(chunk.content.length).toBeLessThanOrEqual(INGEST.chunkMaxChars);
      expected = chunk.endLine + 1;
    }
    expect(expected).toBe(lines.length + 1);
  });

  it('splits lines as ripgrep counts them', async () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a\r', 'b']);
  });

  it.each([
    ['parseConfigFile', ['parse', 'config', 'file']],
    ['PM_RESUME', ['pm', 'resume']],
    ['HTTPServer2Go', ['http', 'server', '2', 'go']],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['plain', ['plain']],
  ])('splits identifier %s', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});
