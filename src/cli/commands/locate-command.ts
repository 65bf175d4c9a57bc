/**
 * @module cli/commands/locate-command
 * `quarry locate [TEXT] [--file F]`: the locate tool for people. The text is
 * the argument, the file, or stdin when neither is given (`gh issue view 12 |
 * quarry locate`). Prints the ranked files as a model reads them, or the
 * tool's JSON with --json. Exit 0 when files were found, 1 when none, 2 on error.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { catalogueError } from '../../contracts/errors.js';
import { LOCATE } from '../../contracts/limits.js';
import type { LocateResponse } from '../../contracts/locate.js';
import { renderLocateText } from '../../shape/locate-text.js';
import { callTool } from '../../tools/call-tool.js';
import { ToolContext } from '../../tools/context.js';
import { locateTool } from '../../tools/locate.js';
import { EXIT, exitQuietlyOnBrokenPipe, exitWithJsonError, runCommand, writeOut } from '../exit.js';
import { STORE_OPTION_HELP, parseInteger } from '../options.js';

interface LocateOptions { root: string; index?: string; store?: string; file?: string; maxResults?: number; repository?: string; locale?: string; json?: boolean }

/**
 * Bytes read of a file or stdin: enough for LOCATE.textMaxChars characters of UTF-8 and one
 * more, so the contract still sees longer text and truncates it with its warning.
 */
const READ_MAX_BYTES = 4 * LOCATE.textMaxChars + 4;

function readFileStart(file: string): string {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    throw catalogueError('NOT_FOUND', { key: 'locate.file_unreadable', params: { file } });
  }
  try {
    const buffer = Buffer.alloc(READ_MAX_BYTES);
    const read = fs.readSync(fd, buffer, 0, READ_MAX_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

async function readStdinStart(): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (bytes >= READ_MAX_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, READ_MAX_BYTES).toString('utf8');
}

export function registerLocateCommand(program: Command): void {
  program
    .command('locate')
    .description('Which files a task is about (locate): pass an issue, bug report or stack trace. Exit 0 when files were found, 1 when none, 2 on error.')
    .argument('[text]', 'the text; without it, --file or stdin')
    .option('--file <file>', 'read the text from a file')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('-n, --max-results <n>', `files to return (${LOCATE.maxResults.min}-${LOCATE.maxResults.max}, default ${LOCATE.maxResults.default})`, parseInteger)
    .option('--repository <name>', 'only this repository')
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .option('--json', 'print the tool response as JSON')
    .action((text: string | undefined, opts: LocateOptions) =>
      runCommand(async () => {
        exitQuietlyOnBrokenPipe();
        if (text !== undefined && opts.file !== undefined) throw catalogueError('INVALID_ARGUMENT', { key: 'locate.text_and_file' });
        const input = opts.file !== undefined ? readFileStart(opts.file) : text ?? (process.stdin.isTTY ? '' : await readStdinStart());
        const raw: Record<string, unknown> = { text: input, max_results: opts.maxResults, repository: opts.repository };
        for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store, locale: opts.locale, searchInProcess: true });
        try {
          const response = (await callTool('locate', raw, ctx, { tools: [locateTool] })) as LocateResponse;
          await writeOut(opts.json ? JSON.stringify(response) : renderLocateText(response, '-n'));
          return response.count > 0 ? EXIT.ok : EXIT.none;
        } catch (error) {
          return await exitWithJsonError(error, opts.json);
        } finally {
          ctx.close();
        }
      }),
    );
}
