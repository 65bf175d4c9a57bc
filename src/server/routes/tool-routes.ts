/**
 * @module server/routes/tool-routes
 * Every registry tool as REST: `GET /api/tools` lists them with their JSON
 * Schemas, `POST /api/tools/:name` calls one through `callTool`, the path
 * MCP and the CLI take, so validation, results and the log line are the same.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueError } from '../../contracts/errors.js';
import { callTool } from '../../tools/call-tool.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import { toolJsonSchema } from '../mcp-server.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';
import { callerGone } from './caller-gone.js';
import { MCP_WINDOW } from './mcp-routes.js';

export function registerToolRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const rest = { config: { door: 'rest' as const } };
  // Tool calls over REST count against the same per-client window as MCP: the same tools, the same budget.
  const limit = rateLimitHook(options.windowStore, {
    name: MCP_WINDOW, limit: options.rateLimits.mcpPerWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(catalogueError('RATE_LIMITED', { key: 'http.tools_rate_limited', params: { seconds: Math.ceil(decision.retryAfterMs / 1000) } }, options.toolContext.locale))),
  }, clientOf);
  app.get('/api/tools', rest, async () => ({
    tools: options.tools().map((tool) => ({
      name: tool.name, title: tool.title, group: tool.group, description: tool.description, input_schema: toolJsonSchema(tool),
    })),
  }));
  app.post<{ Params: { name: string } }>('/api/tools/:name', { ...rest, onRequest: limit }, async (request, reply) => {
    // A client that hangs up before the reply cancels the call, so its rg/fd process or search worker is stopped.
    const gone = callerGone(reply);
    try {
      return await callTool(request.params.name, request.body ?? {}, options.toolContext, { tools: options.tools(), log: options.toolLog, signal: gone.signal });
    } finally {
      gone.release();
    }
  });
}
