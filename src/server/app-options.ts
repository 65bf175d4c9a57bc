/**
 * @module server/app-options
 * What the HTTP app is built from, injected so tests and the CLI decide
 * lifetimes: the projects, the tool context and tools, where tool-call
 * lines go, the rate-limit store and rules, trusted proxies, CORS, and the
 * access rules (Host/Origin allow-list, bearer token).
 */
import type { AccessRules } from './access/access-hook.js';
import type { ToolContext } from '../tools/context.js';
import type { ToolCallLogger } from '../tools/tool-log.js';
import type { AnyTool } from '../tools/types.js';
import type { TrustedProxies } from './client-ip.js';
import type { ProjectRegistry } from './projects/project-registry.js';
import type { WindowStore } from './rate-limit/window-store.js';

export interface AppOptions {
  projects: ProjectRegistry;
  toolContext: ToolContext;
  /** The tools served, asked per request: without `--tools` the medicines group follows an import made while the server runs (tools/default-groups). */
  tools: () => readonly AnyTool[];
  toolLog: ToolCallLogger;
  windowStore: WindowStore;
  rateLimits: { windowMs: number; mcpPerWindow: number; searchPerWindow: number; projectsPerWindow: number };
  trustedProxies: TrustedProxies;
  /** Allowed CORS origins; empty (the default) sends no CORS headers. '*' allows any. */
  corsOrigins: readonly string[];
  /** Host/Origin allow-list and bearer token, checked before any route runs. */
  access: Omit<AccessRules, 'locale'>;
  bodyLimitBytes: number;
  /** pino options for fastify's logger, or false for none. */
  logger: boolean | Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which door a route belongs to: decides the shape of its error bodies. */
    door?: 'mcp' | 'rest';
  }
}
