/**
 * @module server/serve
 * `quarry serve` without the command line: opens the projects (the served
 * folder is indexed in the background and kept fresh), builds the app,
 * listens, and shuts down gracefully: stop accepting, let in-flight requests
 * finish (cut after a grace period), stop re-indexing, close every index.
 * It refuses to start beyond loopback without a bearer token.
 */
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { catalogueError } from '../contracts/errors.js';
import { HTTP, RATE_LIMIT } from '../contracts/limits.js';
import { resolveRoot } from '../fs/root.js';
import { rankingLogFields } from '../store/ranking-extension.js';
import { defaultIndexPath } from '../store/sqlite-store.js';
import { resolveStoreLocation } from '../store/store-location.js';
import { ToolContext } from '../tools/context.js';
import type { ToolCallLogger } from '../tools/tool-log.js';
import type { AnyTool } from '../tools/types.js';
import { BearerToken } from './access/bearer-token.js';
import { isLoopbackHost } from './access/bind-address.js';
import { HostAllowList } from './access/host-allow-list.js';
import type { AppOptions } from './app-options.js';
import { buildApp } from './app.js';
import { trustedProxies } from './client-ip.js';
import type { RefreshMode } from './projects/folder-refresher.js';
import { runIndex, type IndexRunner } from '../ingest/index-runner.js';
import type { IndexProgress } from '../ingest/indexer.js';
import { ProjectRegistry } from './projects/project-registry.js';
import { MEMORY_RATE_STORE, openRateStore } from './rate-limit/rate-store.js';

export interface ServeOptions {
  root: string;
  host?: string;
  port?: number;
  indexPath?: string;
  /** --store URL|FILE (else QUARRY_STORE): the served folder's index, e.g. a PostgreSQL store shared by several servers. */
  store?: string;
  dataDir?: string;
  /** Folders projects may be created from; default: the served folder only. */
  allowRoots?: readonly string[];
  trustProxies?: readonly string[];
  corsOrigins?: readonly string[];
  /** Host names (optionally :port) requests may be addressed to, beyond the loopback names and the listen address. */
  allowedHosts?: readonly string[];
  /** Bearer token every route but /healthz requires; mandatory when `host` is not loopback. */
  token?: string;
  mcpRateLimit?: number;
  searchRateLimit?: number;
  projectRateLimit?: number;
  bodyLimitBytes?: number;
  refresh?: RefreshMode;
  /** The tools served, asked per request (tools/default-groups' followDefaultGroups, or a fixed list). */
  tools: () => readonly AnyTool[];
  toolLog: ToolCallLogger;
  locale?: string;
  logger?: boolean | Record<string, unknown>;
  /** Where rate-limit windows live: `memory` (default) or a redis:// URL shared by several servers. */
  rateStore?: string;
  /** Prefix of the Redis keys of the windows. */
  rateKeyPrefix?: string;
  shutdownGraceMs?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  projects: ProjectRegistry;
  close: () => Promise<void>;
}

/** The access rules of a server about to listen on `host`; throws before anything is opened when they are unsafe. */
export function accessRules(host: string, options: Pick<ServeOptions, 'token' | 'allowedHosts' | 'corsOrigins'>): AppOptions['access'] {
  const token = options.token ? options.token : null;
  if (token === null && !isLoopbackHost(host)) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'http.token_required', params: { host, min: HTTP.tokenMinChars } });
  }
  if (token !== null && token.length < HTTP.tokenMinChars) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'http.token_too_short', params: { length: token.length, min: HTTP.tokenMinChars } });
  }
  return {
    hosts: HostAllowList.build({ listenHost: host, extra: options.allowedHosts ?? [], corsOrigins: options.corsOrigins ?? [] }),
    token: token === null ? null : new BearerToken(token),
  };
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? HTTP.defaultHost;
  const access = accessRules(host, options);
  let app: FastifyInstance | null = null;
  // Before anything is opened: a bad --rate-store value throws here. Nothing connects until connect().
  const rateStore = openRateStore(options.rateStore ?? MEMORY_RATE_STORE, {
    keyPrefix: options.rateKeyPrefix,
    log: (level, fields, msg) => app?.log[level](fields, msg),
  });
  const windowStore = rateStore.store;
  const root = resolveRoot(options.root);
  const indexPath = path.resolve(options.indexPath ?? defaultIndexPath(root));
  const store = resolveStoreLocation({ root, index: options.indexPath, store: options.store });
  const dataDir = path.resolve(options.dataDir ?? path.join(root, '.quarry', 'projects'));
  fs.mkdirSync(dataDir, { recursive: true });
  const allowedRoots = (options.allowRoots?.length ? options.allowRoots : [root]).map((r) => resolveRoot(r));
  // Set once the tool context exists: a refresh of the default folder has its search workers read ahead.
  let defaultRefreshed: (() => void) | null = null;
  // Also set then: the default folder's passes report their progress to the searches that answer meanwhile.
  let defaultProgress: ((progress: IndexProgress) => void) | null = null;
  const reportingRunIndex: IndexRunner = (job, signal, heapMb) =>
    runIndex(path.resolve(job.root) === root && !job.onProgress ? { ...job, onProgress: (progress) => defaultProgress?.(progress) } : job, signal, heapMb);
  const projects = ProjectRegistry.open({
    root, indexPath, store, dataDir, allowedRoots, runIndex: reportingRunIndex,
    refresh: {
      mode: options.refresh ?? 'watch',
      log: (level, fields, msg) => app?.log[level](fields, msg),
      onRefreshed: (refreshed) => { if (refreshed === root) defaultRefreshed?.(); },
    },
  });
  const toolContext = new ToolContext({ root, indexPath: options.indexPath, store: options.store, locale: options.locale });
  defaultRefreshed = () => toolContext.warmSearch();
  defaultProgress = (progress) => toolContext.indexPass.report(progress);
  toolContext.trackIndexPass(projects.defaultProject.ready);
  toolContext.prestartSearch();
  app = await buildApp({
    projects, toolContext, tools: options.tools, toolLog: options.toolLog, windowStore,
    rateLimits: {
      windowMs: RATE_LIMIT.windowMs,
      mcpPerWindow: options.mcpRateLimit ?? RATE_LIMIT.mcpPerWindow,
      searchPerWindow: options.searchRateLimit ?? RATE_LIMIT.searchPerWindow,
      projectsPerWindow: options.projectRateLimit ?? RATE_LIMIT.projectsPerWindow,
    },
    access,
    trustedProxies: trustedProxies(options.trustProxies ?? []),
    corsOrigins: options.corsOrigins ?? [],
    bodyLimitBytes: options.bodyLimitBytes ?? HTTP.bodyLimitBytes,
    logger: options.logger ?? true,
  });
  await rateStore.connect();
  const port = options.port ?? HTTP.defaultPort;
  let url: string;
  try {
    url = await app.listen({ host, port });
  } catch (error) {
    // Stop the index worker and watchers, or they would keep the process alive.
    await app.close();
    await projects.close();
    toolContext.close();
    await windowStore.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw catalogueError('UNAVAILABLE', { key: 'http.listen_failed', params: { host, port, reason: code } }, 'en', {}, error);
    }
    throw error;
  }
  const running = app;
  running.log.info({ event: 'server_ready', url, default_project: projects.defaultProject.meta.id, root, data_dir: dataDir, rate_store: rateStore.name, ...(store.kind === 'sqlite' ? rankingLogFields() : {}) }, 'quarry serve ready');

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const grace = setTimeout(() => running.server.closeAllConnections(), options.shutdownGraceMs ?? HTTP.shutdownGraceMs);
      grace.unref();
      // A keep-alive connection whose request just finished is idle: close it at once instead of waiting for the client.
      const sweep = setInterval(() => running.server.closeIdleConnections(), HTTP.shutdownSweepMs);
      await running.close();
      clearTimeout(grace);
      clearInterval(sweep);
      await projects.close();
      toolContext.close();
      await windowStore.close();
    })();
    return closing;
  };
  return { app: running, url, projects, close };
}
