/**
 * @module tools/call-tool
 * The single path of every tool call from every door: find the tool, parse
 * its arguments, run it, and write one structured log line with the timing
 * and outcome. Errors leave as QuarryError; doors decide their shape.
 */
import { z } from 'zod';
import { QuarryError, toQuarryError } from '../contracts/errors.js';
import { message } from '../contracts/messages/index.js';
import type { ToolContext } from './context.js';
import { findTool } from './registry.js';
import { redactParams, silentToolLogger, type ToolCallLogger, type ToolCallLogLine } from './tool-log.js';
import type { AnyTool } from './types.js';

export interface CallOptions {
  tools?: readonly AnyTool[];
  log?: ToolCallLogger;
  /** Aborted when the caller is gone (socket closed, MCP notifications/cancelled): live searches kill their process. */
  signal?: AbortSignal;
}

/** Parses raw arguments with the tool's parser, or its schema, into QuarryError on failure. */
export function parseToolInput(tool: AnyTool, raw: unknown, ctx: ToolContext): unknown {
  if (tool.parse) return tool.parse(raw ?? {}, ctx);
  const parsed = tool.inputSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new QuarryError('INVALID_ARGUMENT', message('tool.invalid_params', { reason: z.prettifyError(parsed.error) }), { issues: parsed.error.issues });
  }
  return parsed.data;
}

export async function callTool(name: string, raw: unknown, ctx: ToolContext, options: CallOptions = {}): Promise<object | number> {
  const log = options.log ?? silentToolLogger;
  const started = performance.now();
  const finish = (status: ToolCallLogLine['status'], error?: string) => {
    log({
      event: 'mcp_tool_call', tool: name, params: redactParams(raw ?? {}),
      duration_ms: Math.round((performance.now() - started) * 100) / 100, status, ...(error ? { error } : {}),
    });
  };
  try {
    const tool = findTool(name, options.tools);
    const input = parseToolInput(tool, raw, ctx);
    const result = await tool.run(input, ctx, { signal: options.signal });
    finish(options.signal?.aborted ? 'cancelled' : 'ok');
    return result;
  } catch (error) {
    const failure = toQuarryError(error);
    finish(options.signal?.aborted ? 'cancelled' : 'error', failure.message);
    throw failure;
  }
}

/** The body every door returns for a failed call. */
export function errorBody(error: QuarryError): { ok: false; error: string; code: string } {
  return { ok: false, error: error.message, code: error.code };
}
