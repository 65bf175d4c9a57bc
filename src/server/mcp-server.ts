/**
 * @module server/mcp-server
 * The MCP door, generated from the tool registry and independent of the
 * transport (stdio here, Streamable HTTP in the HTTP server). Tool input is
 * validated by Quarry's own contracts (so every door gives the same
 * messages); a failed call is an `isError` result carrying
 * `{"ok":false,"error":...}`, and an unknown tool is a JSON-RPC error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callTool, errorBody } from '../tools/call-tool.js';
import type { ToolContext } from '../tools/context.js';
import type { ToolCallLogger } from '../tools/tool-log.js';
import type { AnyTool } from '../tools/types.js';
import { toQuarryError } from '../contracts/errors.js';

export const SERVER_INFO = { name: 'quarry', version: '0.1.0' } as const;

export const SERVER_INSTRUCTIONS = [
  'Quarry searches this project. Prefer the cheapest answer first:',
  'counts and ultra/compact detail levels before full snippets.',
].join(' ');

export function toolJsonSchema(tool: AnyTool): { type: 'object'; [key: string]: unknown } {
  const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: 'object' };
}

export function createMcpServer(ctx: ToolContext, tools: readonly AnyTool[], log: ToolCallLogger): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: toolJsonSchema(tool),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    try {
      // extra.signal aborts on notifications/cancelled and when the transport closes: live searches kill their process.
      const result = await callTool(name, args ?? {}, ctx, { tools, log, signal: extra.signal });
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    } catch (error) {
      const failure = toQuarryError(error);
      if (failure.code === 'UNKNOWN_TOOL') throw new McpError(ErrorCode.MethodNotFound, failure.message);
      return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(errorBody(failure)) }] };
    }
  });
  return server;
}
