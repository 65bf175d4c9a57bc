/**
 * @module cli/commands/index-command
 * `quarry index [DIR] [--index FILE | --store URL] [--json] [--progress-json] [--max-file-size BYTES] [--workers N] [--heap-mb MB] [--prepare-heap-mb MB] [--embeddings-url URL] [--embeddings-model NAME]`
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { EXIT, runCommand, writeOut } from '../exit.js';
import { jsonProgress, terminalProgress } from '../print/progress.js';
import { printIndexSummary } from '../print/text.js';
import { InvalidArgumentError } from 'commander';
import { INGEST } from '../../contracts/limits.js';
import { STORE_OPTION_HELP, embeddingsOptions, parseByteSize, parseInteger } from '../options.js';
import { resolveRoot } from '../../fs/root.js';
import { runIndex, type IndexJob } from '../../ingest/index-runner.js';
import { resolveStoreLocation } from '../../store/store-location.js';
import { embeddingsConfig, type EmbeddingsFlags } from '../../embeddings/config.js';

function parseWorkers(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > INGEST.prepareWorkersMax) throw new InvalidArgumentError(`--workers takes 0 to ${INGEST.prepareWorkersMax}, not ${value}`);
  return n;
}

function parseHeapMb(flag: string, value: string): number {
  const n = parseInteger(value);
  const { heapMbMin: min, heapMbMax: max } = INGEST;
  if (n < min || n > max) throw new InvalidArgumentError(`${flag} takes ${min} to ${max}, not ${value}`);
  return n;
}

export function registerIndexCommand(program: Command): void {
  embeddingsOptions(program
    .command('index'))
    .description('Build or refresh the index of a folder (incremental: only changed files are read).')
    .argument('[dir]', 'folder to index', '.')
    .option('--index <file>', 'index file (default: DIR/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('--max-file-size <bytes>', 'skip files larger than this (e.g. 10M, 512K)', '10M')
    .option('--repository <name>', 'name the files are searched under (default: folder name)')
    .option('--workers <n>', 'threads that read and parse files while the index is written (0: none; default: cores - 1)')
    .option('--heap-mb <mb>', `heap cap of the indexing thread, MB (default ${INGEST.indexHeapMb}); a tree that needs more is indexed again without it`)
    .option('--prepare-heap-mb <mb>', `heap cap of each worker, MB (default ${INGEST.prepareWorkerHeapMb}); a file that needs more is prepared in the indexing thread`)
    .option('--json', 'print one JSON summary object')
    .option('--progress-json', 'print the pass\'s progress as JSON lines on stdout ({"progress":{"files_done":N,"files_total":M,"bytes_done":B,"bytes_total":T}}), before the summary')
    .option('--no-embeddings', 'skip the embedding pass even when an endpoint is configured')
    .action((dir: string, opts: { index?: string; store?: string; maxFileSize: string; repository?: string; workers?: string; heapMb?: string; prepareHeapMb?: string; json?: boolean; progressJson?: boolean; embeddings: boolean } & EmbeddingsFlags) =>
      runCommand(async () => {
        const progress = opts.progressJson ? jsonProgress(process.stdout) : opts.json ? null : terminalProgress(process.stderr);
        const store = resolveStoreLocation({ root: resolveRoot(dir), index: opts.index, store: opts.store });
        const job: IndexJob = {
          root: dir, store, maxFileBytes: parseByteSize(opts.maxFileSize), repository: opts.repository,
          onProgress: progress?.update, workers: opts.workers === undefined ? undefined : parseWorkers(opts.workers),
          workerHeapMb: opts.prepareHeapMb === undefined ? undefined : parseHeapMb('--prepare-heap-mb', opts.prepareHeapMb),
          embeddings: opts.embeddings ? embeddingsConfig(opts, process.env) : null,
        };
        const heapMb = opts.heapMb === undefined ? undefined : parseHeapMb('--heap-mb', opts.heapMb);
        // A first build (where the memory peak is) runs in a worker thread under the heap cap; a refresh runs
        // here, where a pass with nothing to do costs 0.2 s less on the kernel (no second module load, no cap).
        const summary = heapMb !== undefined || store.kind !== 'sqlite' || !fs.existsSync(store.file)
          ? await runIndex(job, undefined, heapMb ?? INGEST.indexHeapMb)
          : await (await import('../../ingest/indexer.js')).indexFolder(job);
        progress?.done();
        // The word index is complete either way; say why vectors are missing, on stderr so --json stays one object.
        if (summary.embeddings?.error) process.stderr.write(`quarry: ${summary.embeddings.error.message}\n`);
        await writeOut(opts.json ? JSON.stringify(summary) : printIndexSummary(summary));
        return EXIT.ok;
      }),
    );
}
