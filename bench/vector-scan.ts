/**
 * @module bench/vector-scan
 * `npm run bench:vectors -- [--chunks N] [--dims D] [--runs R]`
 * What the optional embeddings cost a search: a temp index of N one-chunk
 * files gets a random unit vector per chunk (no endpoint needed: the vectors
 * table is filled directly), then the 100 nearest chunks of a random query
 * are found R times: the first search loads the matrix, later ones only scan.
 * Prints load time, scan p50/p95 and the vectors' size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDINGS } from '../src/contracts/limits.js';
import { normalize } from '../src/embeddings/provider.js';
import { nearestChunks } from '../src/embeddings/vector-search.js';
import { chunksWithoutVector, ensureVectorTable, putVectors, vectorStats } from '../src/embeddings/vector-store.js';
import { indexFolder } from '../src/ingest/indexer.js';
import { SqliteStore } from '../src/store/sqlite-store.js';
import { percentile } from './harness/percentile.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

function randomUnit(dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) v[i] = Math.random() - 0.5;
  return normalize(v);
}

async function main(): Promise<void> {
  const chunks = option('--chunks', 20_000);
  const dims = option('--dims', 768);
  const runs = option('--runs', 20);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-vectors-'));
  try {
    for (let i = 0; i < chunks; i++) fs.writeFileSync(path.join(root, `f${i}.txt`), `file ${i}\n`);
    const summary = await indexFolder({ root, embeddings: null });
    const store = SqliteStore.open(summary.index);
    ensureVectorTable(store);
    for (let batch = chunksWithoutVector(store, 'bench', 0, 5000); batch.length > 0; batch = chunksWithoutVector(store, 'bench', batch.at(-1)!.id, 5000)) {
      store.transaction(() => putVectors(store, 'bench', batch.map((chunk) => ({ chunk, vector: randomUnit(dims) }))));
    }
    const stats = vectorStats(store, 'bench');
    const times: number[] = [];
    for (let r = 0; r < runs + 1; r++) {
      const query = Array.from(randomUnit(dims));
      const started = performance.now();
      nearestChunks(store, 'bench', query, EMBEDDINGS.fusionDepth);
      times.push(performance.now() - started);
    }
    const [load, ...scans] = times;
    process.stdout.write([
      `vectors  ${stats.count} x ${dims} dims, ${(stats.bytes / 1048576).toFixed(1)} MB (cap ${EMBEDDINGS.scanMaxBytes / 1048576} MB)`,
      `first    ${load!.toFixed(1)} ms (loads the matrix, then scans)`,
      `scan     p50 ${percentile(scans, 50).toFixed(1)} ms, p95 ${percentile(scans, 95).toFixed(1)} ms over ${runs} queries (top ${EMBEDDINGS.fusionDepth})`,
      '',
    ].join('\n'));
    store.close();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
