/**
 * @module server/routes/health-routes
 * `GET /healthz`: answers as soon as the server listens; `index_version` 0
 * means the default project's first index is still being built.
 */
import type { FastifyInstance } from 'fastify';
import { SERVER_INFO } from '../mcp-server.js';
import type { AppOptions } from '../app-options.js';

export function registerHealthRoutes(app: FastifyInstance, options: AppOptions): void {
  const started = Date.now();
  app.get('/healthz', { config: { door: 'rest' } }, async () => ({
    ok: true,
    version: SERVER_INFO.version,
    default_project: options.projects.defaultProject.meta.id,
    index_version: await options.projects.indexVersion(options.projects.defaultProject),
    uptime_s: Math.round((Date.now() - started) / 1000),
  }));
}
