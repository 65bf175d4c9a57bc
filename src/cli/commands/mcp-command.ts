/**
 * @module cli/commands/mcp-command
 * `quarry mcp [--root DIR]`: MCP over stdio for an agent. stdout is the
 * protocol, so logs go to stderr. The code index is refreshed in a child
 * process at start (incremental, so cheap when nothing changed); searches
 * wait for it instead of answering from a stale or missing index.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { InvalidArgumentError } from 'commander';
import { connectMcp, createMcpServer } from '../../server/mcp-server.js';
import { ToolContext } from '../../tools/context.js';
import { TOOL_GROUPS, toolsInGroups } from '../../tools/registry.js';
import { streamToolLogger } from '../../tools/tool-log.js';
import type { ToolGroup } from '../../tools/types.js';
import { runCommand } from '../exit.js';

const CLI_ENTRY = fileURLToPath(new URL('../main.js', import.meta.url));

export function parseToolGroups(value: string): ToolGroup[] {
  const groups = value.split(',').map((g) => g.trim()).filter(Boolean);
  const unknown = groups.filter((g) => !(TOOL_GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0 || groups.length === 0) throw new InvalidArgumentError(`tool groups are ${TOOL_GROUPS.join(', ')}; got ${value}`);
  return groups as ToolGroup[];
}

/** Runs `quarry index` in a child process; resolves when it exits (its output goes to stderr). */
export function refreshIndexInChild(root: string, indexPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'index', root, '--index', indexPath, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`quarry index exited with ${code}`))));
  });
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve Quarry\'s tools over MCP on stdio (for Claude Code, Claude Desktop, Cursor, ...).')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--tools <groups>', `tool groups to serve: ${TOOL_GROUPS.join(',')}`, parseToolGroups, [...TOOL_GROUPS])
    .option('--no-refresh', 'do not refresh the code index at start')
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .action((opts: { root: string; index?: string; tools: ToolGroup[]; refresh: boolean; locale?: string }) =>
      runCommand(async () => {
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, locale: opts.locale });
        if (opts.refresh && opts.tools.includes('code')) {
          ctx.indexReady = refreshIndexInChild(ctx.root, ctx.indexPath).catch((error: Error) => {
            process.stderr.write(`quarry: index refresh failed: ${error.message}\n`);
          });
        }
        const server = createMcpServer(ctx, toolsInGroups(opts.tools), streamToolLogger(process.stderr));
        await connectMcp(server, new StdioServerTransport(), ctx.locale);
        await new Promise<void>((resolve) => {
          server.onclose = resolve;
          process.stdin.on('end', resolve);
        });
        ctx.close();
        return 0;
      }),
    );
}
