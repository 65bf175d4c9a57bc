/**
 * @module cli/commands/call-command
 * `quarry call TOOL [JSON]`: any tool, JSON arguments in (argument or stdin),
 * the tool's JSON reply out (`--text`: what a model reads of it over MCP);
 * exit 1 when the tool reports an error. list_files paths are relative to
 * the root unless asked otherwise.
 */
import type { Command } from 'commander';
import { catalogueError, errorBody, toQuarryError } from '../../contracts/errors.js';
import { callToolWithText } from '../../tools/call-tool.js';
import { ToolContext } from '../../tools/context.js';
import { streamToolLogger } from '../../tools/tool-log.js';
import { EXIT, exitQuietlyOnBrokenPipe, runCommand, writeOut } from '../exit.js';
import { STORE_OPTION_HELP } from '../options.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJsonArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch (error) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'tool.invalid_json', params: { reason: (error as Error).message } });
  }
}

/**
 * Defaults a person at a terminal is better served by than an agent: list_files
 * prints paths relative to the root, as the page does (`"absolute": true` still
 * gives absolute ones). Applied only where the caller left the argument out.
 */
const CLI_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  list_files: { absolute: false },
};

export function withCliDefaults(tool: string, args: unknown): unknown {
  const defaults = CLI_DEFAULTS[tool];
  return defaults && typeof args === 'object' && args !== null && !Array.isArray(args) ? { ...defaults, ...args } : args;
}

export function registerCallCommand(program: Command): void {
  program
    .command('call')
    .description('Call any tool with JSON arguments (argument, or stdin when omitted or "-") and print its JSON reply.')
    .argument('<tool>', 'tool name, e.g. search_code')
    .argument('[json]', 'arguments as a JSON object')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .option('--log', 'write the structured tool-call log line to stderr')
    .option('--text', 'print the compact text a model reads over MCP instead of the JSON')
    .action((tool: string, json: string | undefined, opts: { root: string; index?: string; store?: string; locale?: string; log?: boolean; text?: boolean }) =>
      runCommand(async () => {
        exitQuietlyOnBrokenPipe();
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store, locale: opts.locale });
        try {
          const text = json === undefined || json === '-' ? (process.stdin.isTTY ? '{}' : await readStdin()) : json;
          const reply = await callToolWithText(tool, withCliDefaults(tool, parseJsonArguments(text)), ctx, opts.log ? { log: streamToolLogger(process.stderr) } : {});
          await writeOut(opts.text ? reply.text : JSON.stringify(reply.result));
          return EXIT.ok;
        } catch (error) {
          await writeOut(JSON.stringify(errorBody(toQuarryError(error))));
          return EXIT.none;
        } finally {
          ctx.close();
        }
      }),
    );
}
