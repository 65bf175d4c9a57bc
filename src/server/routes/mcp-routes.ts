/**
 * @module server/routes/mcp-routes
 * MCP over Streamable HTTP at POST /mcp and POST /api/mcp (the MCP
 * contract's endpoint and its rewrite). Stateless: each request gets a fresh SDK
 * transport and a fresh server from `createMcpServer`, the same registry
 * door that `quarry mcp` serves over stdio, so every tool behaves the same.
 * Replies are plain JSON (no SSE stream is needed for single answers).
 *
 * Rate limit: every JSON-RPC message counts, so a batch of n messages takes n
 * hits of the client's window (counted after the body is parsed). A batch
 * that does not fit in what is left of the window is refused whole with
 * the MCP contract's 429 body and nothing of it runs: a partial answer would leave
 * the client to work out which calls ran, and JSON-RPC has no "some refused".
 * The SDK transport's own DNS-rebinding check is on as a second fence behind
 * the app-wide Host/Origin hook. A request cancelled by the same body is
 * taken out before it runs (server/mcp-cancelled), so a POST never waits
 * for an answer that will not come.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { message } from '../../contracts/messages/index.js';
import { withoutSelfCancelled } from '../mcp-cancelled.js';
import { connectMcp, createMcpServer } from '../mcp-server.js';
import type { AppOptions } from '../app-options.js';
import { JSON_RPC, jsonRpcErrorBody } from '../http-errors.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';

export const MCP_PATHS = ['/mcp', '/api/mcp'] as const;

/** Name of the per-client window shared by both MCP paths and the REST tool routes. */
export const MCP_WINDOW = 'mcp';

/** The MCP contract's 429 body, byte for byte. */
export function mcpRateLimitedBody(): string {
  return JSON.stringify(jsonRpcErrorBody(JSON_RPC.serverError, message('http.mcp_rate_limited')));
}

/** Messages in a JSON-RPC body: a batch counts each of its entries (an empty batch still counts as one request). */
export function jsonRpcMessageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

export function registerMcpRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const rule = {
    name: MCP_WINDOW, limit: options.rateLimits.mcpPerWindow, windowMs: options.rateLimits.windowMs,
    body: mcpRateLimitedBody,
  };
  const limit = rateLimitHook(options.windowStore, rule, clientOf);
  const limitMessages = rateLimitHook(options.windowStore, { ...rule, cost: (request) => jsonRpcMessageCount(request.body) }, clientOf);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const server = createMcpServer(options.toolContext, options.tools(), options.toolLog);
    const port = request.socket.localPort ?? 0;
    const origins = options.access.hosts.originValues(port);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined, enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: options.access.hosts.hostValues(port),
      ...(origins ? { allowedOrigins: origins } : {}),
    });
    // Headers set by hooks (CORS) live on the fastify reply; a hijacked reply writes the raw one.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await connectMcp(server, transport, options.toolContext.locale);
    // A request the same body cancels would never be answered, and the POST would wait for the idle timeout.
    await transport.handleRequest(request.raw, reply.raw, withoutSelfCancelled(request.body));
  };

  // Stateless: there is no session to stream to (GET) or to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send(jsonRpcErrorBody(JSON_RPC.serverError, 'Method not allowed.'));

  for (const url of MCP_PATHS) {
    app.post(url, { preHandler: limitMessages, config: { door: 'mcp' } }, handle);
    app.get(url, { onRequest: limit, config: { door: 'mcp' } }, notAllowed);
    app.delete(url, { onRequest: limit, config: { door: 'mcp' } }, notAllowed);
  }
}
