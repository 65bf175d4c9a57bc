/**
 * @module cli/commands/index-command
 * `quarry index [DIR] [--index FILE] [--json] [--max-file-size BYTES] [--workers N]`
 */
import type { Command } from 'commander';
import { indexFolder } from '../../ingest/indexer.js';
import { EXIT, runCommand, writeOut } from '../exit.js';
import { terminalProgress } from '../print/progress.js';
import { printIndexSummary } from '../print/text.js';
import { InvalidArgumentError } from 'commander';
import { INGEST } from '../../contracts/limits.js';
import { parseByteSize, parseInteger } from '../options.js';

function parseWorkers(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > INGEST.prepareWorkersMax) throw new InvalidArgumentError(`--workers takes 0 to ${INGEST.prepareWorkersMax}, not ${value}`);
  return n;
}

export function registerIndexCommand(program: Command): void {
  program
    .command('index')
    .description('Build or refresh the index of a folder (incremental: only changed files are read).')
    .argument('[dir]', 'folder to index', '.')
    .option('--index <file>', 'index file (default: DIR/.quarry/index.db)')
    .option('--max-file-size <bytes>', 'skip files larger than this (e.g. 10M, 512K)', '10M')
    .option('--repository <name>', 'name the files are searched under (default: folder name)')
    .option('--workers <n>', 'threads that read and parse files while the index is written (0: none; default: cores - 1)')
    .option('--json', 'print one JSON summary object')
    .action((dir: string, opts: { index?: string; maxFileSize: string; repository?: string; workers?: string; json?: boolean }) =>
      runCommand(async () => {
        const progress = opts.json ? null : terminalProgress(process.stderr);
        const summary = await indexFolder({
          root: dir, indexPath: opts.index, maxFileBytes: parseByteSize(opts.maxFileSize), repository: opts.repository,
          onProgress: progress?.update, workers: opts.workers === undefined ? undefined : parseWorkers(opts.workers),
        });
        progress?.done();
        await writeOut(opts.json ? JSON.stringify(summary) : printIndexSummary(summary));
        return EXIT.ok;
      }),
    );
}
