/**
 * The layer map of docs/architecture.md, kept true: every import from one folder of
 * src/ into another must be on that folder's list below (data flows down,
 * never back up: layers in one direction). Tests and test support may import anything, so only shipped
 * source is scanned. Search and the store read the index's on-disk formats
 * from store/first-stage and shared text from text/ and fs/: neither imports
 * ingest, which writes the index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Folder -> the other folders of src/ it may import. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  contracts: [],
  text: ['contracts'],
  fs: ['contracts'],
  store: ['contracts', 'text', 'fs'],
  shape: ['contracts', 'text'],
  embeddings: ['contracts', 'text', 'store'],
  graph: ['store'],
  ingest: ['contracts', 'text', 'fs', 'shape', 'store', 'embeddings'],
  search: ['contracts', 'text', 'fs', 'shape', 'store', 'embeddings', 'locate'],
  locate: ['contracts', 'text', 'store'],
  medicines: ['contracts', 'text', 'store'],
  live: ['contracts', 'text', 'fs', 'shape', 'ingest'],
  tools: ['contracts', 'text', 'fs', 'shape', 'search', 'live', 'medicines', 'ingest', 'store', 'embeddings'],
  server: ['contracts', 'fs', 'tools', 'ingest', 'store'],
  cli: ['contracts', 'text', 'fs', 'shape', 'graph', 'search', 'live', 'medicines', 'ingest', 'store', 'tools', 'server', 'embeddings', 'locate'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The src/ folder a file or relative import lands in ('' for a file at the top of src/). */
const folderOf = (file: string) => (path.relative(SRC, file).split(path.sep).length > 1 ? path.relative(SRC, file).split(path.sep)[0]! : '');

describe('the layer map', () => {
  const files = sourceFiles(SRC);

  it('has a line for every folder of src/', () => {
    const folders = new Set(files.map(folderOf));
    expect([...folders].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it('holds: each folder imports only the folders it may', () => {
    const broken: string[] = [];
    for (const file of files) {
      const from = folderOf(file);
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
        const to = folderOf(path.resolve(path.dirname(file), match[1]!));
        if (to !== from && !(MAY_IMPORT[from] ?? []).includes(to)) broken.push(`${path.relative(SRC, file)} imports ${match[1]!} (${from} -> ${to})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the writer of the index out of its readers: neither search nor the store may import ingest', () => {
    expect(MAY_IMPORT.search).not.toContain('ingest');
    expect(MAY_IMPORT.store).not.toContain('ingest');
  });

  it('scans the real tree (the walk is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(100);
  });
});
