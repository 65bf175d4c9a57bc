/**
 * @module server/routes/search-routes
 * `POST /api/projects/:projectId/search` (the REST API contract), behind its own
 * per-client rate limit (default 30 a minute, the contract's suggested limiter). The
 * search itself is the tool layer's (tools/project-content), not the route's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchProjectContent } from '../../tools/project-content.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import { catalogueError } from '../../contracts/errors.js';
import { callerGone } from './caller-gone.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';

export function registerSearchRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const limit = rateLimitHook(options.windowStore, {
    name: 'search', limit: options.rateLimits.searchPerWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(catalogueError('RATE_LIMITED', { key: 'http.search_rate_limited', params: { seconds: Math.ceil(decision.retryAfterMs / 1000) } }, options.toolContext.locale))),
  }, clientOf);

  app.post<{ Params: { projectId: string } }>('/api/projects/:projectId/search',
    { onRequest: limit, config: { door: 'rest' } },
    async (request, reply) => {
      // Project first: the REST API contract answers 404 for an unknown project whatever the body.
      const handle = options.projects.get(request.params.projectId);
      const gone = callerGone(reply);
      try {
        return await searchProjectContent(handle, request.body, {
          pool: options.toolContext.searchPool, signal: gone.signal, locale: options.toolContext.locale,
        });
      } finally {
        gone.release();
      }
    });
}
