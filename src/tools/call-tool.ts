/**
 * @module tools/call-tool
 * The single path of every tool call from every door: find the tool, parse
 * its arguments with its schema (messages from the catalogue, in the
 * caller's locale), run it, and write one structured log line with the
 * timing and outcome. Errors leave as QuarryError in the caller's locale;
 * an unexpected one leaves as a generic INTERNAL error whose id the log line
 * repeats beside the real cause. Doors decide the errors' shape.
 */
import { catalogueError, causeText, localizeError, toQuarryError, type QuarryError } from '../contracts/errors.js';
import type { Dialect } from '../contracts/error-map.js';
import { resolveLocale, type Locale } from '../contracts/messages/index.js';
import { nestsDeeperThan, parseToolArgs } from '../contracts/tool-input.js';
import { TOOL_INPUT } from '../contracts/limits.js';
import type { ToolContext } from './context.js';
import { redactParams, silentToolLogger, type ToolCallLogger, type ToolCallLogLine } from './tool-log.js';
import type { AnyTool } from './types.js';

export interface CallOptions {
  /** The tools the caller serves; every tool when absent (the registry, loaded then: a one-shot command names only its own). */
  tools?: readonly AnyTool[];
  log?: ToolCallLogger;
  /** Aborted when the caller is gone (socket closed, MCP notifications/cancelled): live searches kill their process. */
  signal?: AbortSignal;
}

const DIALECTS: Record<AnyTool['group'], Dialect> = { code: 'code', live: 'live', medicines: 'medicines' };

/**
 * The locale a call answers in: its `locale` argument where the tool has one,
 * then the door's (--locale, QUARRY_LOCALE, LANG); medicines default to Czech.
 */
export function callLocale(tool: AnyTool | undefined, raw: unknown, ctx: ToolContext): Locale {
  if (tool?.group === 'medicines') return ctx.medicinesLocale();
  const asked = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).locale : undefined;
  return typeof asked === 'string' && asked.trim() !== '' ? resolveLocale(asked, ctx.env) : ctx.locale;
}

/** Parses raw arguments with the tool's schema, into a QuarryError in `locale` on failure. */
export function parseToolInput(tool: AnyTool, raw: unknown, locale: Locale): unknown {
  return parseToolArgs(tool.inputSchema, raw ?? {}, { dialect: DIALECTS[tool.group], locale });
}

/** The tool named `name` among `tools`, else UNKNOWN_TOOL naming the ones there are. */
export function findTool(name: string, tools: readonly AnyTool[]): AnyTool {
  const tool = tools.find((t) => t.name === name);
  if (!tool) {
    throw catalogueError('UNKNOWN_TOOL', { key: 'tool.unknown', params: { tool: name, available: tools.map((t) => t.name).join(', ') } }, 'en', { tool: name });
  }
  return tool;
}

function lookup(name: string, tools: readonly AnyTool[]): AnyTool | undefined {
  try {
    return findTool(name, tools);
  } catch {
    return undefined;
  }
}

/** A reply with the text a model reads of it (the tool's rendering, else the JSON). */
export interface ToolReply {
  result: object | number;
  text: string;
}

interface Executed {
  tool: AnyTool;
  input: unknown;
  result: object | number;
}

async function execute(name: string, raw: unknown, ctx: ToolContext, options: CallOptions): Promise<Executed> {
  const log = options.log ?? silentToolLogger;
  const tools = options.tools ?? (await import('./registry.js')).ALL_TOOLS;
  const started = performance.now();
  const known = lookup(name, tools);
  const locale = callLocale(known, raw, ctx);
  const finish = (status: ToolCallLogLine['status'], failure?: QuarryError) => {
    const cause = failure ? causeText(failure) : undefined;
    log({
      event: 'mcp_tool_call', tool: name, params: redactParams(raw ?? {}),
      duration_ms: Math.round((performance.now() - started) * 100) / 100, status,
      ...(failure ? { error: failure.message, code: failure.code } : {}),
      ...(typeof failure?.details.error_id === 'string' ? { error_id: failure.details.error_id } : {}),
      ...(cause ? { cause } : {}),
    });
  };
  try {
    const tool = findTool(name, tools);
    if (nestsDeeperThan(raw, TOOL_INPUT.maxDepth)) {
      throw catalogueError('INVALID_ARGUMENT', { key: 'tool.args_too_deep', params: { max: TOOL_INPUT.maxDepth } }, locale);
    }
    const input = parseToolInput(tool, raw, locale);
    const result = await tool.run(input, ctx, { signal: options.signal, locale });
    finish(options.signal?.aborted ? 'cancelled' : 'ok');
    return { tool, input, result };
  } catch (error) {
    const failure = localizeError(toQuarryError(error, locale), locale);
    finish(options.signal?.aborted ? 'cancelled' : 'error', failure);
    throw failure;
  }
}

export async function callTool(name: string, raw: unknown, ctx: ToolContext, options: CallOptions = {}): Promise<object | number> {
  return (await execute(name, raw, ctx, options)).result;
}

/** callTool, plus what a model reads of the reply: the tool's text rendering, else the JSON itself. */
export async function callToolWithText(name: string, raw: unknown, ctx: ToolContext, options: CallOptions = {}): Promise<ToolReply> {
  const { tool, input, result } = await execute(name, raw, ctx, options);
  const text = typeof result === 'number' ? String(result) : tool.text ? tool.text(result, input) : JSON.stringify(result);
  return { result, text };
}
