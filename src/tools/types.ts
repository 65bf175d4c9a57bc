/**
 * @module tools/types
 * What a tool is: a name, a description an agent reads, one strict zod input
 * schema (the whole contract: it validates, normalises and clamps, and is
 * published as JSON Schema by every door), and a handler. Doors never see more.
 * A reply is a JSON object, or a bare number (search_content's total_only);
 * a tool may also say how a model reads it as text.
 */
import type { z } from 'zod';
import type { Locale } from '../contracts/messages/index.js';
import type { ToolContext } from './context.js';

/** Which family a tool belongs to; `quarry mcp --tools` serves a subset. It also picks the messages' dialect. */
export type ToolGroup = 'code' | 'live' | 'medicines';

export interface ToolDefinition<Input = unknown, Output extends object | number = object> {
  name: string;
  title: string;
  group: ToolGroup;
  description: string;
  /** The contract: raw arguments in, the handler's input out (built with contracts/tool-input's toolSchema). */
  inputSchema: z.ZodType<Input>;
  run: (input: Input, ctx: ToolContext, call: ToolCall) => Promise<Output>;
  /**
   * What a model reads of a reply (the MCP text content), rendered by src/shape; the JSON reply
   * stays whole in structuredContent, REST and `quarry call`. Without it the text is the JSON.
   */
  // A method, so a registry of differing outputs (AnyTool) can hold it.
  text?(output: Output, input: Input): string;
}

/** What belongs to one call rather than to the door: its cancellation (client gone or cancelled). */
export interface ToolCall {
  signal?: AbortSignal;
  /** The locale the call answers in, resolved once by callTool (its `locale` argument, then the door's). */
  locale: Locale;
}

/** A registry holds tools of differing input types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tools differ in input type; defineTool checks each one against its own schema
export type AnyTool = ToolDefinition<any, object | number>;

/** Identity helper that keeps a tool's input type checked against its schema and handler. */
export function defineTool<Input, Output extends object | number>(tool: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return tool;
}
