/**
 * @module server/app
 * Builds the HTTP app (fastify, pino JSON logs) from injected parts: routes
 * per resource, the MCP endpoints, CORS when configured, and the one error
 * handler that turns every failure into the door's shape (REST JSON or a
 * JSON-RPC error) with the status from `httpStatus`.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { catalogueError } from '../contracts/errors.js';
import { TOKEN_FAILURES } from '../contracts/access-limits.js';
import { HTTP } from '../contracts/limits.js';
import { accessHook } from './access/access-hook.js';
import { TokenFailures } from './access/token-failures.js';
import type { AppOptions } from './app-options.js';
import { clientIp } from './client-ip.js';
import { clientKey } from './client-key.js';
import { httpStatus, jsonRpcCodeFor, jsonRpcErrorBody, restErrorBody, toHttpError } from './http-errors.js';
import { openApiDocument } from './openapi.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerMcpRoutes } from './routes/mcp-routes.js';
import { registerProjectRoutes } from './routes/project-routes.js';
import { registerSearchRoutes } from './routes/search-routes.js';
import { registerToolRoutes } from './routes/tool-routes.js';
import { registerFileRoutes } from './routes/file-routes.js';
import { registerProgressRoutes } from './routes/progress-routes.js';
import { registerWebRoutes } from './routes/web-routes.js';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : {
      ...(options.logger === true ? {} : options.logger),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
    },
    bodyLimit: options.bodyLimitBytes,
    // Keep-alive connections that are idle are closed on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    // Never 0 (no limit): a client that trickles its headers or body forever would hold a socket forever.
    connectionTimeout: HTTP.connectionTimeoutMs,
    requestTimeout: HTTP.requestTimeoutMs,
    http: { headersTimeout: HTTP.headersTimeoutMs, connectionsCheckingInterval: HTTP.timeoutCheckIntervalMs },
  });

  // The rate-limit key: the client's address (forwarded only by trusted proxies), loopback and IPv6 /64s grouped.
  const clientOf = (request: FastifyRequest) =>
    clientKey(clientIp(request.headers, request.socket.remoteAddress, options.trustedProxies));

  // Before CORS and every route: a request with a foreign Host or Origin, or without the token, goes no further.
  const tokenFailures = new TokenFailures(options.windowStore, clientOf, TOKEN_FAILURES.perWindow, options.rateLimits.windowMs);
  app.addHook('onRequest', accessHook({ ...options.access, locale: options.toolContext.locale }, tokenFailures));

  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins.includes('*') ? true : [...options.corsOrigins],
      methods: ['GET', 'POST', 'DELETE'],
      exposedHeaders: ['retry-after', 'mcp-session-id'],
    });
  }

  app.setErrorHandler((error, request, reply) => {
    const failure = toHttpError(error, request.routeOptions.bodyLimit ?? options.bodyLimitBytes);
    const status = httpStatus(failure.code);
    // The body of an INTERNAL error is generic; its id ties it to this line, which carries the cause.
    if (status >= 500) request.log.error({ err: error, error_id: failure.details.error_id }, 'request failed');
    reply.code(status);
    if (request.routeOptions.config?.door === 'mcp') return reply.send(jsonRpcErrorBody(jsonRpcCodeFor(failure), failure.message));
    return reply.send(restErrorBody(failure));
  });

  app.setNotFoundHandler((request, reply) => {
    const failure = catalogueError('NOT_FOUND', { key: 'http.route_not_found', params: { method: request.method, url: request.url } }, 'en', { resource: 'route' });
    return reply.code(404).send(restErrorBody(failure));
  });

  registerHealthRoutes(app, options);
  registerMcpRoutes(app, options, clientOf);
  registerProjectRoutes(app, options, clientOf);
  registerSearchRoutes(app, options, clientOf);
  registerToolRoutes(app, options, clientOf);
  registerFileRoutes(app, options, clientOf);
  registerProgressRoutes(app, options, clientOf);
  registerWebRoutes(app);
  // Made again only when the served tools change (a registry imported while the server runs).
  let document = { tools: options.tools(), json: openApiDocument(options.tools()) };
  app.get('/api/openapi.json', { config: { door: 'rest' } }, async () => {
    const tools = options.tools();
    if (tools !== document.tools) document = { tools, json: openApiDocument(tools) };
    return document.json;
  });
  return app;
}
