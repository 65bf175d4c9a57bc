/**
 * @module test-support/rg-parity-contract
 * The indexed exact/regex search must report the same (file, line) hits as
 * ripgrep on the same real files with the same case rule: `rg -F -i -n` for
 * exact, `rg -n` for regex (and `-i` when case_sensitive is false), whichever
 * store holds the index. The corpus is real third-party source: the
 * installed zod package. Each store's test file runs this suite.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { INGEST } from '../contracts/limits.js';
import { writeFirstStage } from '../ingest/first-stage.js';
import { indexFolder } from '../ingest/indexer.js';
import { walkFolder } from '../ingest/walk.js';
import { FirstStagePostings, withFirstStage } from '../search/first-stage-reader.js';
import { searchLines } from '../search/line-search.js';
import { planSearch, type LinesPlan } from '../search/plan.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { PROJECT_ROOT } from './cli.js';
import type { ServiceCheck } from './redis.js';
import type { ScratchStore } from './store-contract.js';

const CORPUS = path.join(PROJECT_ROOT, 'node_modules', 'zod');

/**
 * `firstStage`: candidates come from a first stage of the corpus (ingest/first-stage) written to
 * that file, as while a first build runs, instead of from the index's trigrams.
 */
export function rgParityContract(name: string, scratch: () => Promise<ScratchStore>, service?: ServiceCheck, firstStage?: string): void {
  describe.skipIf(service?.present === false)(`exact and regex search equal ripgrep: ${name}${service ? ` (${service.reason})` : ''}`, () => {
    let place: ScratchStore;
    let store: Store;
    let stage: FirstStagePostings | null = null;

    beforeAll(async () => {
      place = await scratch();
      await indexFolder({ root: CORPUS, store: place.location });
      store = await openStore(place.location, { readonly: true });
      if (firstStage) {
        await writeFirstStage(firstStage, CORPUS, 'zod', walkFolder(CORPUS, { maxFileBytes: INGEST.maxFileBytesDefault, previous: new Map() }).files);
        stage = FirstStagePostings.open(firstStage);
        expect(stage).not.toBeNull();
      }
    }, 120_000);
    afterAll(async () => {
      stage?.close();
      await store?.close();
      await place?.drop();
    });

    /** rg's hits as `path:line`; the path argument is explicit, or rg would read stdin (a pipe here). */
    function ripgrep(args: string[]): Set<string> {
      // Same file set as the index: hidden files included, the corpus's own ignore files honoured
      // (also outside a git repo), none of its parent folders' (the index reads none).
      const run = spawnSync('rg', ['--hidden', '--no-require-git', '--no-ignore-parent', '--null', '-n', '-H', '--no-heading', '--color=never', ...args, '.'], {
        cwd: CORPUS, encoding: 'utf8', maxBuffer: 256 << 20,
      });
      expect(run.status === 0 || run.status === 1, run.stderr).toBe(true);
      const hits = new Set<string>();
      for (const line of run.stdout.split('\n')) {
        if (!line) continue;
        const [file, rest] = line.split('\0') as [string, string];
        hits.add(`${file.replace(/^\.\//, '')}:${rest.slice(0, rest.indexOf(':'))}`);
      }
      return hits;
    }

    async function quarry(query: string, mode: 'exact' | 'regex', caseSensitive?: boolean): Promise<Set<string>> {
      const params = normalizeSearchCodeParams({ query, mode, ...(caseSensitive === undefined ? {} : { case_sensitive: caseSensitive }) });
      const plan = planSearch(params) as LinesPlan;
      const result = await store.read((reader) => searchLines(stage ? withFirstStage(reader, stage).reader : reader, plan, { offset: 0, limit: Number.MAX_SAFE_INTEGER }));
      expect(result.total).toBe(result.hits.length);
      return new Set(result.hits.map((h) => `${h.path}:${h.line}`));
    }

    function expectSameHits(ours: Set<string>, theirs: Set<string>): void {
      const missing = [...theirs].filter((h) => !ours.has(h)).slice(0, 5);
      const extra = [...ours].filter((h) => !theirs.has(h)).slice(0, 5);
      expect({ missing, extra, count: ours.size }).toEqual({ missing: [], extra: [], count: theirs.size });
    }

    describe('exact mode equals rg -F -i -n', () => {
      it.each(['ZodError', 'parse(', 'undefined', '=>', 'TODO', 'ab', 'x', '"use strict"', 'Zod string', '\\', '$ref', 'çé'])('%j', async (literal) => {
        const theirs = ripgrep(['-F', '-i', '--', literal]);
        expectSameHits(await quarry(literal, 'exact'), theirs);
      });

      it('case_sensitive: true equals rg -F -s', async () => {
        expectSameHits(await quarry('ZodType', 'exact', true), ripgrep(['-F', '-s', '--', 'ZodType']));
      });
    });

    describe('regex mode equals rg -n', () => {
      it.each([
        '[A-Z]+_[A-Z]+', 'function\\s+\\w+\\(', '^export', 'if \\(.*\\) \\{$', 'Zod(String|Number)\\b', '[0-9]{4,}',
        '\\w+Error', '^\\s*$', 'return;$', 'a.c', '(?i)zoderror', 'sup{2}ort', '[^\\x00-\\x7F]',
      ])('%j', async (pattern) => {
        expectSameHits(await quarry(pattern, 'regex'), ripgrep(['--', pattern]));
      });

      it('case_sensitive: false equals rg -i', async () => {
        expectSameHits(await quarry('zod(string|number)', 'regex', false), ripgrep(['-i', '--', 'zod(string|number)']));
      });

      it('answers a pathological pattern promptly (linear-time engine)', async () => {
        const started = Date.now();
        await quarry('(a+)+$', 'regex');
        expect(Date.now() - started).toBeLessThan(15_000);
      });
    });
  });
}
