/**
 * @module server/routes/file-routes
 * `GET /api/files/content?path=P`: one whole text file of the served folder
 * with its language and symbol outline, for the web page's file view. The
 * fencing and reading are the tool layer's (tools/file-view), and so are
 * the `hidden` and `no_ignore` opt-ins ("true" opts in).
 */
import type { FastifyInstance } from 'fastify';
import { viewFile } from '../../tools/file-view.js';
import type { AppOptions } from '../app-options.js';

export function registerFileRoutes(app: FastifyInstance, options: AppOptions): void {
  app.get<{ Querystring: { path?: string; hidden?: string; no_ignore?: string } }>('/api/files/content', { config: { door: 'rest' } }, async (request) =>
    viewFile(options.toolContext, request.query.path, { hidden: request.query.hidden === 'true', noIgnore: request.query.no_ignore === 'true' }));
}
