/**
 * @module server/mcp-server
 * The MCP door, generated from the tool registry and independent of the
 * transport (stdio here, Streamable HTTP in the HTTP server). Tool input is
 * validated by Quarry's own contracts (so every door gives the same
 * messages); a failed call is an `isError` result carrying
 * `{"ok":false,"error":...}`, and an unknown tool is a JSON-RPC error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callTool, errorBody } from '../tools/call-tool.js';
import type { ToolContext } from '../tools/context.js';
import type { ToolCallLogger } from '../tools/tool-log.js';
import type { AnyTool } from '../tools/types.js';
import { toQuarryError } from '../contracts/errors.js';
import { message as catalogueText, type Locale } from '../contracts/messages/index.js';

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

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The catalogue key for a tools/call whose envelope the SDK would refuse, or null when it is well formed. */
function malformedToolCall(message: JSONRPCMessage): 'tool.call_malformed' | 'tool.args_not_object' | null {
  const m = message as { method?: unknown; id?: unknown; params?: unknown };
  if (m.method !== 'tools/call' || m.id === undefined) return null;
  if (!isObject(m.params) || typeof m.params.name !== 'string') return 'tool.call_malformed';
  const args = m.params.arguments;
  return args === undefined || isObject(args) ? null : 'tool.args_not_object';
}

/**
 * Connects the door to a transport (stdio, or one Streamable HTTP request).
 * A tools/call whose params or `arguments` are not objects is answered here
 * with InvalidParams in the catalogue's words: the SDK would refuse it with
 * zod's own text as an internal error (-32603).
 */
export async function connectMcp(server: Server, transport: Transport, locale: Locale): Promise<void> {
  await server.connect(transport);
  const inner = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const key = malformedToolCall(message);
    if (!key) return inner?.(message, extra);
    const id = (message as { id: string | number }).id;
    void transport.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: catalogueText(key, {}, locale) } });
  };
}
