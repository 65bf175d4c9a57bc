/**
 * @module cli/commands/serve-command
 * `quarry serve [DIR]`: the HTTP server (REST projects and search, the tools,
 * MCP over Streamable HTTP) with JSON logs on stdout; on a terminal, one
 * line on stderr says which address to open (cli/serve-banner). SIGINT/SIGTERM shut it
 * down gracefully: in-flight requests finish, indexes close cleanly.
 * --token / QUARRY_TOKEN and --allowed-hosts / QUARRY_ALLOWED_HOSTS fence it
 * (docs/security.md); the token is best passed by environment, since a
 * command line is visible to every user of the machine in `ps`.
 * --rate-store / QUARRY_RATE_STORE shares the rate-limit windows of several
 * servers through Redis (docs/deploy.md).
 */
import path from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { HTTP, RATE_LIMIT } from '../../contracts/limits.js';
import { resolveLocale } from '../../contracts/messages/index.js';
import { trustedProxies } from '../../server/client-ip.js';
import { parseHostEntry } from '../../server/access/host-allow-list.js';
import { MEMORY_RATE_STORE } from '../../server/rate-limit/rate-store.js';
import { startServer } from '../../server/serve.js';
import type { RefreshMode } from '../../server/projects/folder-refresher.js';
import { DEFAULT_GROUPS_HELP, servedTools } from '../../tools/default-groups.js';
import { TOOL_GROUPS } from '../../tools/registry.js';
import { streamToolLogger } from '../../tools/tool-log.js';
import type { ToolGroup } from '../../tools/types.js';
import { EXIT, runCommand } from '../exit.js';
import { STORE_OPTION_HELP, parseByteSize, parseInteger } from '../options.js';
import { serveBanner } from '../serve-banner.js';
import { parseToolGroups } from './mcp-command.js';

function parseRefreshMode(value: string): RefreshMode {
  if (value !== 'watch' && value !== 'poll' && value !== 'off') throw new InvalidArgumentError(`refresh modes are watch, poll, off; got ${value}`);
  return value;
}

const collect = (value: string, previous: string[]) => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

function parsePort(value: string): number {
  const port = parseInteger(value);
  if (port < 0 || port > 65535) throw new InvalidArgumentError(`not a port: ${value} (0-65535; 0 picks a free one)`);
  return port;
}

/** Collects proxies, refusing anything that is not an address or CIDR range as a usage error. */
const collectProxies = (value: string, previous: string[]) => {
  const next = collect(value, previous);
  try { trustedProxies(next); } catch (error) { throw new InvalidArgumentError((error as Error).message); }
  return next;
};

/** Collects host names, refusing anything that is not a name or address (with an optional port) as a usage error. */
const collectHosts = (value: string, previous: string[] = []) => {
  const next = collect(value, previous);
  try { next.forEach(parseHostEntry); } catch (error) { throw new InvalidArgumentError((error as Error).message); }
  return next;
};

interface ServeFlags {
  host: string;
  port: number;
  index?: string;
  store?: string;
  dataDir?: string;
  allowRoot: string[];
  trustProxy: string[];
  cors: string[];
  allowedHosts: string[];
  token?: string;
  mcpRateLimit: number;
  searchRateLimit: number;
  projectRateLimit: number;
  rateStore: string;
  rateKeyPrefix: string;
  bodyLimit: string;
  refresh: RefreshMode;
  tools?: ToolGroup[];
  locale?: string;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve REST (projects, search, tools), MCP over Streamable HTTP (/mcp, /api/mcp) and /healthz.')
    .argument('[dir]', 'folder served as the default project (indexed and kept fresh)', '.')
    .option('--host <host>', 'address to listen on', HTTP.defaultHost)
    .option('--port <port>', 'port (0 picks a free one)', parsePort, HTTP.defaultPort)
    .option('--index <file>', 'index of DIR (default: DIR/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('--data-dir <dir>', 'where created projects keep their indexes (default: DIR/.quarry/projects)')
    .option('--allow-root <dir>', 'folder projects may be created from (repeatable; default: DIR only)', collect, [])
    .option('--trust-proxy <ip>', 'proxy address or CIDR whose x-forwarded-for / x-real-ip is believed (repeatable)', collectProxies, [])
    .option('--cors <origin>', 'allowed CORS origin, or * (repeatable; default: no CORS)', collect, [])
    .addOption(new Option('--allowed-hosts <hosts>', 'extra Host names (optionally name:port, comma-separated, repeatable) requests may be addressed to; loopback names and the listen address are always allowed')
      .env('QUARRY_ALLOWED_HOSTS').argParser(collectHosts).default([]))
    .addOption(new Option('--token <token>', `bearer token every route but /healthz requires (at least ${HTTP.tokenMinChars} characters); required beyond loopback. Prefer the env var: a command line is visible in ps`)
      .env('QUARRY_TOKEN'))
    .option('--mcp-rate-limit <n>', 'MCP requests per client IP per minute', parseInteger, RATE_LIMIT.mcpPerWindow)
    .option('--search-rate-limit <n>', 'REST search requests per client IP per minute', parseInteger, RATE_LIMIT.searchPerWindow)
    .option('--project-rate-limit <n>', 'REST project, upload and conversation requests per client IP per minute', parseInteger, RATE_LIMIT.projectsPerWindow)
    .addOption(new Option('--rate-store <store>', 'where rate-limit windows live: memory (this server), or a Redis URL (redis://host:6379) shared by several servers')
      // Checked by startServer, not by an argParser: commander would echo the raw value, password included.
      .env('QUARRY_RATE_STORE').default(MEMORY_RATE_STORE))
    .addOption(new Option('--rate-key-prefix <prefix>', 'prefix of the rate-limit keys in Redis (one per deployment sharing a Redis)')
      .env('QUARRY_RATE_KEY_PREFIX').default(RATE_LIMIT.redisKeyPrefix))
    .option('--body-limit <bytes>', 'largest request body (file uploads: 16M)', String(HTTP.bodyLimitBytes))
    .option('--refresh <mode>', 'keep DIR\'s index fresh: watch (fs.watch, polling if that fails), poll, off', parseRefreshMode, 'watch' as RefreshMode)
    .option('--tools <groups>', `tool groups to serve: ${TOOL_GROUPS.join(',')} (${DEFAULT_GROUPS_HELP})`, parseToolGroups)
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .action((dir: string, flags: ServeFlags) =>
      runCommand(async () => {
        const server = await startServer({
          root: dir, host: flags.host, port: flags.port, indexPath: flags.index, store: flags.store, dataDir: flags.dataDir,
          allowRoots: flags.allowRoot, trustProxies: flags.trustProxy, corsOrigins: flags.cors,
          allowedHosts: flags.allowedHosts, token: flags.token,
          mcpRateLimit: flags.mcpRateLimit, searchRateLimit: flags.searchRateLimit, projectRateLimit: flags.projectRateLimit,
          rateStore: flags.rateStore, rateKeyPrefix: flags.rateKeyPrefix, bodyLimitBytes: parseByteSize(flags.bodyLimit),
          refresh: flags.refresh, tools: servedTools(dir, flags.tools), toolLog: streamToolLogger(process.stdout), locale: flags.locale,
        });
        const banner = serveBanner({
          url: server.url, root: path.resolve(dir), token: Boolean(flags.token), isTTY: process.stderr.isTTY === true, locale: resolveLocale(flags.locale),
        });
        if (banner) process.stderr.write(`${banner}\n`);
        await new Promise<void>((resolve) => {
          const stop = (signal: NodeJS.Signals) => {
            server.app.log.info({ event: 'server_stopping', signal }, 'shutting down');
            void server.close().then(resolve);
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        server.app.log.info({ event: 'server_stopped' }, 'stopped');
        return EXIT.ok;
      }),
    );
}
