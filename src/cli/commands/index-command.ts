/**
 * @module cli/commands/index-command
 * `quarry index [DIR] [--index FILE | --store URL] [--json] [--max-file-size BYTES] [--workers N] [--embeddings-url URL] [--embeddings-model NAME]`
 */
import type { Command } from 'commander';
import { EXIT, runCommand, writeOut } from '../exit.js';
import { terminalProgress } from '../print/progress.js';
import { printIndexSummary } from '../print/text.js';
import { InvalidArgumentError } from 'commander';
import { INGEST } from '../../contracts/limits.js';
import { STORE_OPTION_HELP, embeddingsOptions, parseByteSize, parseInteger } from '../options.js';
import { indexFolder, resolveRoot } from '../../ingest/indexer.js';
import { resolveStoreLocation } from '../../store/store-location.js';
import { embeddingsConfig, type EmbeddingsFlags } from '../../embeddings/config.js';

function parseWorkers(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > INGEST.prepareWorkersMax) throw new InvalidArgumentError(`--workers takes 0 to ${INGEST.prepareWorkersMax}, not ${value}`);
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
    .option('--json', 'print one JSON summary object')
    .option('--no-embeddings', 'skip the embedding pass even when an endpoint is configured')
    .action((dir: string, opts: { index?: string; store?: string; maxFileSize: string; repository?: string; workers?: string; json?: boolean; embeddings: boolean } & EmbeddingsFlags) =>
      runCommand(async () => {
        const progress = opts.json ? null : terminalProgress(process.stderr);
        const store = resolveStoreLocation({ root: resolveRoot(dir), index: opts.index, store: opts.store });
        const summary = await indexFolder({
          root: dir, store, maxFileBytes: parseByteSize(opts.maxFileSize), repository: opts.repository,
          onProgress: progress?.update, workers: opts.workers === undefined ? undefined : parseWorkers(opts.workers),
          embeddings: opts.embeddings ? embeddingsConfig(opts, process.env) : null,
        });
        progress?.done();
        // The word index is complete either way; say why vectors are missing, on stderr so --json stays one object.
        if (summary.embeddings?.error) process.stderr.write(`quarry: ${summary.embeddings.error.message}\n`);
        await writeOut(opts.json ? JSON.stringify(summary) : printIndexSummary(summary));
        return EXIT.ok;
      }),
    );
}
