/**
 * @module cli/commands/mcp-command
 * `quarry mcp [--root DIR]`: MCP over stdio for an agent. stdout is the
 * protocol, so logs go to stderr. The code index is refreshed in a child
 * process at start (incremental, so cheap when nothing changed); searches
 * wait for it up to INDEX_PASS.searchWaitMs, then answer from what it has
 * committed, saying how far it has got (tools/index-pass). With embeddings
 * on, a second child embeds new chunks meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { InvalidArgumentError } from 'commander';
import { connectMcp, createMcpServer, followTools } from '../../server/mcp-server.js';
import { ToolContext } from '../../tools/context.js';
import type { PassProgress } from '../../tools/index-pass.js';
import { DEFAULT_GROUPS_HELP, DEFAULT_GROUPS_RECHECK_MS, defaultToolGroups, servedTools } from '../../tools/default-groups.js';
import { TOOL_GROUPS } from '../../tools/registry.js';
import { streamToolLogger } from '../../tools/tool-log.js';
import { rankingLogFields } from '../../store/ranking-extension.js';
import type { ToolGroup } from '../../tools/types.js';
import { runCommand } from '../exit.js';
import { STORE_OPTION_HELP, embeddingsArgs, embeddingsOptions } from '../options.js';
import type { StoreLocation } from '../../store/store.js';
import { embeddingsConfig, type EmbeddingsFlags } from '../../embeddings/config.js';

const CLI_ENTRY = fileURLToPath(new URL('../main.js', import.meta.url));

export function parseToolGroups(value: string): ToolGroup[] {
  const groups = value.split(',').map((g) => g.trim()).filter(Boolean);
  const unknown = groups.filter((g) => !(TOOL_GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0 || groups.length === 0) throw new InvalidArgumentError(`tool groups are ${TOOL_GROUPS.join(', ')}; got ${value}`);
  return groups as ToolGroup[];
}

/**
 * Runs `quarry index` on `location` in a child process; `done` resolves when it exits (its messages go to
 * stderr). With `onProgress`, the child prints its progress as JSON lines (`--progress-json`), read here.
 */
export function spawnIndexChild(
  root: string, location: StoreLocation, extraArgs: readonly string[] = [], onProgress?: (progress: PassProgress) => void,
): { child: ChildProcess; done: Promise<void> } {
  const target = location.kind === 'sqlite' ? ['--index', location.file] : ['--store', location.url];
  const progressArgs = onProgress ? ['--progress-json'] : [];
  const child = spawn(process.execPath, [CLI_ENTRY, 'index', root, ...target, '--json', ...progressArgs, ...extraArgs], {
    stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onProgress && child.stdout) {
    // Progress lines, then the summary object (ignored here).
    createInterface({ input: child.stdout }).on('line', (line) => {
      const progress = parseProgressLine(line);
      if (progress) onProgress(progress);
    });
  }
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 || signal === 'SIGTERM' ? resolve() : reject(new Error(`quarry index exited with ${code}`))));
  });
  return { child, done };
}

/** A `--progress-json` line of `quarry index`, or null for any other line (its summary). */
function parseProgressLine(line: string): PassProgress | null {
  try {
    const progress = (JSON.parse(line) as { progress?: { files_done?: unknown; files_total?: unknown } }).progress;
    const { files_done: filesDone, files_total: filesTotal } = progress ?? {};
    return typeof filesDone === 'number' && typeof filesTotal === 'number' ? { filesDone, filesTotal } : null;
  } catch {
    return null;
  }
}

export function registerMcpCommand(program: Command): void {
  embeddingsOptions(program
    .command('mcp'))
    .description('Serve Quarry\'s tools over MCP on stdio (for Claude Code, Claude Desktop, Cursor, ...).')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('--tools <groups>', `tool groups to serve: ${TOOL_GROUPS.join(',')} (${DEFAULT_GROUPS_HELP})`, parseToolGroups)
    .option('--no-refresh', 'do not refresh the code index at start')
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .option('--no-structured-content', 'send each reply as its compact text only, without the JSON as structuredContent')
    .action((opts: { root: string; index?: string; store?: string; tools?: ToolGroup[]; refresh: boolean; locale?: string; structuredContent: boolean } & EmbeddingsFlags) =>
      runCommand(async () => {
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store, locale: opts.locale, embeddings: embeddingsConfig(opts, process.env) });
        const tools = servedTools(ctx.root, opts.tools);
        const groups = opts.tools ?? defaultToolGroups(ctx.root);
        let embedding: ChildProcess | undefined;
        if (opts.refresh && groups.includes('code')) {
          const failed = (error: Error) => { process.stderr.write(`quarry: index refresh failed: ${error.message}\n`); };
          // Searches wait for the word index only; the embedding pass follows in a second child, and
          // searches fuse whatever vectors are stored by then.
          const words = spawnIndexChild(ctx.root, ctx.location, ['--no-embeddings'], (progress) => ctx.indexPass.report(progress)).done;
          ctx.trackIndexPass(words);
          words.then(() => {
            if (!ctx.embeddings) return;
            const pass = spawnIndexChild(ctx.root, ctx.location, embeddingsArgs(opts));
            embedding = pass.child;
            pass.done.catch(failed);
          }).catch(failed);
        }
        if (groups.includes('code')) {
          ctx.prestartSearch();
          // The same answers, slower: whoever reads the client's log of this server should know why (SQLite ranks with it).
          const refused = ctx.location.kind === 'sqlite' ? rankingLogFields().ranking_refused : undefined;
          if (refused) process.stderr.write(`quarry: text queries rank with FTS5's bm25(): ${refused}\n`);
        }
        // Commander sets the flag to true unless --no-structured-content; then the environment may still turn it off.
        // Without --tools, a registry imported during the session adds the medicines tools, and the client is told.
        const server = createMcpServer(ctx, tools, streamToolLogger(process.stderr), {
          ...(opts.structuredContent ? {} : { structuredContent: false }), listChanged: !opts.tools,
        });
        await connectMcp(server, new StdioServerTransport(), ctx.locale);
        const unfollow = opts.tools ? () => {} : followTools(server, tools, DEFAULT_GROUPS_RECHECK_MS);
        await new Promise<void>((resolve) => {
          server.onclose = resolve;
          process.stdin.on('end', resolve);
        });
        unfollow();
        embedding?.kill('SIGTERM');
        ctx.close();
        return 0;
      }),
    );
}
