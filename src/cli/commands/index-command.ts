/**
 * @module cli/commands/index-command
 * `quarry index [DIR] [--index FILE] [--json] [--max-file-size BYTES]`
 */
import type { Command } from 'commander';
import { indexFolder } from '../../ingest/indexer.js';
import { EXIT, runCommand, writeOut } from '../exit.js';
import { terminalProgress } from '../print/progress.js';
import { printIndexSummary } from '../print/text.js';
import { parseByteSize } from '../options.js';

export function registerIndexCommand(program: Command): void {
  program
    .command('index')
    .description('Build or refresh the index of a folder (incremental: only changed files are read).')
    .argument('[dir]', 'folder to index', '.')
    .option('--index <file>', 'index file (default: DIR/.quarry/index.db)')
    .option('--max-file-size <bytes>', 'skip files larger than this (e.g. 10M, 512K)', '10M')
    .option('--repository <name>', 'name the files are searched under (default: folder name)')
    .option('--json', 'print one JSON summary object')
    .action((dir: string, opts: { index?: string; maxFileSize: string; repository?: string; json?: boolean }) =>
      runCommand(async () => {
        const progress = opts.json ? null : terminalProgress(process.stderr);
        const summary = await indexFolder({
          root: dir, indexPath: opts.index, maxFileBytes: parseByteSize(opts.maxFileSize), repository: opts.repository,
          onProgress: progress?.update,
        });
        progress?.done();
        await writeOut(opts.json ? JSON.stringify(summary) : printIndexSummary(summary));
        return EXIT.ok;
      }),
    );
}
