/**
 * @module server/mcp-server
 * The MCP door, generated from the tool registry and independent of the
 * transport (stdio here, Streamable HTTP in the HTTP server). Tool input is
 * validated by Quarry's own contracts (so every door gives the same
 * messages). A reply's text content is what the model reads: the tool's
 * compact rendering (src/shape/*-text); its JSON is `structuredContent`.
 * A failed call is an `isError` result carrying `{"ok":false,"error":...}`,
 * and an unknown tool is a JSON-RPC error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { callToolWithText } from '../tools/call-tool.js';
import type { ToolContext } from '../tools/context.js';
import type { ToolCallLogger } from '../tools/tool-log.js';
import type { AnyTool } from '../tools/types.js';
import { errorBody, toQuarryError } from '../contracts/errors.js';
import { publishedJsonSchema } from '../contracts/tool-input.js';
import { message as catalogueText, type Locale } from '../contracts/messages/index.js';

export const SERVER_INFO = { name: 'quarry', version: '0.1.0' } as const;

export const SERVER_INSTRUCTIONS = [
  'Quarry searches this project. Prefer the cheapest answer first:',
  'counts and ultra/compact detail levels before full snippets.',
  'A reply reads as one header line (count, total, how to get more), then each file\'s path and its `line: text` rows',
  '(`line- text` is context); the complete JSON reply is in structuredContent.',
].join(' ');

/** A tool's input schema as every door publishes it (contracts/tool-input's publishedJsonSchema). */
export function toolJsonSchema(tool: AnyTool): { type: 'object'; [key: string]: unknown } {
  return { ...publishedJsonSchema(tool.inputSchema), type: 'object' };
}

export interface McpDoorOptions {
  /**
   * Send the JSON reply as `structuredContent` beside the text (default). Some clients are reported
   * to hand the model that JSON instead of the text when both are there; `quarry mcp
   * --no-structured-content` or QUARRY_MCP_STRUCTURED_CONTENT=off leaves it out.
   */
  structuredContent?: boolean;
  /** The tools may change while a session lasts (tools/default-groups): say so, and `followTools` then tells the client. */
  listChanged?: boolean;
}

const OFF = new Set(['0', 'off', 'false', 'no']);

/** `tools`: a fixed list, or the list as it is at each request (a registry imported while a session lasts adds the medicines group). */
export function createMcpServer(ctx: ToolContext, tools: readonly AnyTool[] | (() => readonly AnyTool[]), log: ToolCallLogger, options: McpDoorOptions = {}): Server {
  const structured = options.structuredContent ?? !OFF.has((ctx.env.QUARRY_MCP_STRUCTURED_CONTENT ?? '').trim().toLowerCase());
  const current = typeof tools === 'function' ? tools : () => tools;
  const server = new Server(SERVER_INFO, { capabilities: { tools: options.listChanged ? { listChanged: true } : {} }, instructions: SERVER_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: current().map((tool) => ({
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
      const { result, text } = await callToolWithText(name, args ?? {}, ctx, { tools: current(), log, signal: extra.signal });
      // The model reads the text (a compact rendering); the whole JSON reply rides along for programs.
      // A bare number (search_content total_only) is its own text: structuredContent must be an object.
      return { content: [{ type: 'text' as const, text }], ...(structured && typeof result === 'object' ? { structuredContent: result as Record<string, unknown> } : {}) };
    } catch (error) {
      const failure = toQuarryError(error);
      if (failure.code === 'UNKNOWN_TOOL') throw new McpError(ErrorCode.MethodNotFound, failure.message);
      return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(errorBody(failure)) }] };
    }
  });
  return server;
}

/**
 * Sends `notifications/tools/list_changed` when the served tools change (a stdio session, which
 * can be told; the stateless HTTP door's next request simply lists the new tools). Looks every
 * `everyMs` on a timer that keeps no process alive; returns the function that stops it.
 */
export function followTools(server: Server, tools: () => readonly AnyTool[], everyMs: number): () => void {
  let last = tools();
  const timer = setInterval(() => {
    const now = tools();
    if (now === last) return;
    last = now;
    server.sendToolListChanged().catch(() => { /* the client is gone; its session ends on its own */ });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
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
