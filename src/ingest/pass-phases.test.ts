import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indexFolder } from './indexer.js';
import { SEQUENTIAL_PHASES } from './pass-phases.js';

// A small real tree: this folder's own sources (TypeScript, parsed for symbols and edges).
const here = path.dirname(fileURLToPath(import.meta.url));

describe('where an index pass spends its time', () => {
  it('names every step of a first build, none negative, the sequential ones adding up to at most the duration', async () => {
    const indexPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-phases-')), 'index.db');
    // A first stage and a learnt dictionary even on this small tree, so those steps run too.
    const summary = await indexFolder({ root: path.join(here, 'symbols'), indexPath, firstStageMinBytes: 1, textDictionaryMinBytes: 1 });
    const { sequential_ms: steps, prepare, writes } = summary.phases;
    expect(Object.keys(steps).sort()).toEqual([...SEQUENTIAL_PHASES].sort());
    for (const ms of [...Object.values(steps), ...Object.values(prepare), ...Object.values(writes!)]) expect(ms).toBeGreaterThanOrEqual(0);
    const sum = Object.values(steps).reduce((a, b) => a + b, 0);
    // Each step is rounded to a tenth of a millisecond; the duration is whole milliseconds of another clock.
    expect(sum).toBeLessThanOrEqual(summary.duration_ms + 2);
    expect(summary.added).toBeGreaterThan(0);
    expect(summary.first_stage).toBeDefined();
    // What this build did shows where it did it.
    expect(steps.walk).toBeGreaterThan(0);
    expect(steps.first_stage).toBeGreaterThan(0);
    expect(steps.prepare_and_write).toBeGreaterThan(0);
    expect(prepare.in_thread_ms).toBeGreaterThan(0);
    expect(prepare.in_thread_ms).toBeLessThanOrEqual(steps.prepare_and_write);
    expect(writes!.words_ms).toBeGreaterThan(0);
    expect(writes!.trigrams_ms).toBeGreaterThan(0);
    expect(writes!.chunk_rows_ms).toBeGreaterThan(0);
    // The parts of the transactions are inside them, and they inside the prepare-and-write step.
    const parts = writes!.chunk_rows_ms + writes!.words_ms + writes!.trigrams_ms + writes!.symbols_ms + writes!.graph_ms + writes!.removals_ms;
    expect(parts).toBeLessThanOrEqual(writes!.transactions_ms + 1);
    expect(writes!.transactions_ms).toBeLessThanOrEqual(steps.prepare_and_write + steps.removals + 1);

    // A pass with nothing changed prepares and writes nothing.
    const again = await indexFolder({ root: path.join(here, 'symbols'), indexPath });
    expect(again.unchanged).toBe(summary.added);
    expect(again.phases.prepare.in_thread_ms).toBe(0);
    expect(again.phases.writes!.words_ms).toBe(0);
  });
});
