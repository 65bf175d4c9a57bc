/**
 * @module tools/tool-log
 * The one structured line written per tool call (the MCP contract's structured log):
 * `{"event":"mcp_tool_call","tool",...,"params","duration_ms","status","error"?}`, plus the
 * error's code and, for an internal error, its id and real cause (which only the log sees).
 * Parameters that look secret are redacted and long values cut, so the log
 * can be shipped anywhere.
 */
import { TOOL_LOG } from '../contracts/limits.js';

export interface ToolCallLogLine {
  event: 'mcp_tool_call';
  tool: string;
  params: unknown;
  duration_ms: number;
  /** cancelled: the caller went away or cancelled before the answer (its process was killed). */
  status: 'ok' | 'error' | 'cancelled';
  /** The message the caller got, and its code. */
  error?: string;
  code?: string;
  /** For INTERNAL errors: the id the caller saw, and the real cause (never sent to the caller). */
  error_id?: string;
  cause?: string;
}

export type ToolCallLogger = (line: ToolCallLogLine) => void;

const SECRET_KEY = /pass(word)?|secret|token|api[_-]?key|auth|credential|cookie/i;

export function redactParams(value: unknown, key = '', depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return '[redacted]';
  if (depth >= TOOL_LOG.maxDepth && value !== null && typeof value === 'object') return '…(nested deeper)';
  if (typeof value === 'string') {
    return value.length > TOOL_LOG.paramMaxChars ? `${value.slice(0, TOOL_LOG.paramMaxChars)}…(${value.length} chars)` : value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, TOOL_LOG.arrayMaxItems).map((v) => redactParams(v, '', depth + 1));
    return value.length > TOOL_LOG.arrayMaxItems ? [...kept, `…(${value.length} items)`] : kept;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactParams(v, k, depth + 1)]));
  }
  return value;
}

/** A logger writing one JSON line per call to a stream (stdout for HTTP, stderr for stdio MCP). */
export function streamToolLogger(stream: NodeJS.WritableStream): ToolCallLogger {
  return (line) => {
    stream.write(`${JSON.stringify(line)}\n`);
  };
}

export const silentToolLogger: ToolCallLogger = () => {};
