/**
 * @module server/routes/tool-routes
 * Every registry tool as REST: `GET /api/tools` lists them with their JSON
 * Schemas, `POST /api/tools/:name` calls one through `callTool`, the path
 * MCP and the CLI take, so validation, results and the log line are the same.
 */
import type { FastifyInstance } from 'fastify';
import { callTool } from '../../tools/call-tool.js';
import type { AppOptions } from '../app-options.js';
import { toolJsonSchema } from '../mcp-server.js';

export function registerToolRoutes(app: FastifyInstance, options: AppOptions): void {
  const rest = { config: { door: 'rest' as const } };
  app.get('/api/tools', rest, async () => ({
    tools: options.tools.map((tool) => ({
      name: tool.name, title: tool.title, group: tool.group, description: tool.description, input_schema: toolJsonSchema(tool),
    })),
  }));
  app.post<{ Params: { name: string } }>('/api/tools/:name', rest, async (request) =>
    callTool(request.params.name, request.body ?? {}, options.toolContext, { tools: options.tools, log: options.toolLog }));
}
