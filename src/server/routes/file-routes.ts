/**
 * @module server/routes/file-routes
 * `GET /api/files/content?path=P`: one whole text file of the served folder
 * with its language and symbol outline, for the web page's file view. The
 * fencing and reading are the tool layer's (tools/file-view), and so are
 * the `hidden` and `no_ignore` opt-ins ("true" opts in). Each view reads a
 * file and parses an outline, so it takes a per-client window of its own
 * (FILE_VIEW.perWindow a minute).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_VIEW } from '../../contracts/access-limits.js';
import { catalogueError } from '../../contracts/errors.js';
import { viewFile } from '../../tools/file-view.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';

export function registerFileRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const limit = rateLimitHook(options.windowStore, {
    name: 'files', limit: FILE_VIEW.perWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(catalogueError('RATE_LIMITED', { key: 'access.file_view_rate_limited', params: { seconds: Math.ceil(decision.retryAfterMs / 1000) } }, options.toolContext.locale))),
  }, clientOf);
  app.get<{ Querystring: { path?: string; hidden?: string; no_ignore?: string } }>('/api/files/content', { onRequest: limit, config: { door: 'rest' } }, async (request) =>
    viewFile(options.toolContext, request.query.path, { hidden: request.query.hidden === 'true', noIgnore: request.query.no_ignore === 'true' }));
}
