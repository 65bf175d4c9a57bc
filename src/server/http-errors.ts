/**
 * @module server/http-errors
 * The HTTP door's one error mapping: QuarryError.code -> HTTP status, and the
 * two body shapes (REST `{error, message, code}`, MCP JSON-RPC error). Errors
 * fastify raises itself (body too large, malformed JSON) become QuarryErrors
 * first, so every failure takes the same path out.
 */
import { z } from 'zod';
import { issueText } from '../contracts/error-map.js';
import { catalogueError, QuarryError, toQuarryError, type ErrorCode } from '../contracts/errors.js';

const STATUS: Record<ErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  QUERY_SYNTAX: 400,
  LIMIT_EXCEEDED: 400,
  CURSOR_INVALID: 400,
  CURSOR_EXPIRED: 410,
  CURSOR_STALE: 409,
  PATH_OUTSIDE_ROOT: 403,
  NOT_FOUND: 404,
  UNKNOWN_TOOL: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INDEX_MISSING: 503,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
};

export function httpStatus(code: ErrorCode): number {
  return STATUS[code] ?? 500;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message: string;
}

/** Any thrown value -> QuarryError, translating fastify's transport errors. */
export function toHttpError(error: unknown, bodyLimit?: number): QuarryError {
  if (error instanceof QuarryError) return error;
  if (error instanceof z.ZodError) {
    // Bodies are parsed with parseRequestBody; a schema parsed elsewhere still answers in the catalogue's words.
    const text = issueText(error.issues[0]! as unknown as z.core.$ZodRawIssue, 'code', 'en');
    return catalogueError('INVALID_ARGUMENT', { ...text, wrap: 'http.invalid_request' }, 'en', { issues: error.issues });
  }
  const e = error as FastifyLikeError;
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return catalogueError('PAYLOAD_TOO_LARGE', { key: 'http.body_too_large', params: { limit: bodyLimit ?? '?' } });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return catalogueError('INVALID_ARGUMENT', { key: 'http.malformed_json', params: { reason: e.message } }, 'en', { malformed_json: true });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return catalogueError('INVALID_ARGUMENT', { key: 'http.unsupported_media_type' });
  }
  if (e instanceof SyntaxError) {
    return catalogueError('INVALID_ARGUMENT', { key: 'http.malformed_json', params: { reason: e.message } }, 'en', { malformed_json: true });
  }
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return catalogueError('INVALID_ARGUMENT', { key: 'http.invalid_request', params: { reason: e.message } });
  }
  return toQuarryError(error);
}

/** Stable slug of a REST error: `project_not_found` for a missing project (the REST API contract's slug), else the code in snake case. */
export function errorSlug(error: QuarryError): string {
  if (error.code === 'NOT_FOUND' && typeof error.details.resource === 'string') return `${error.details.resource}_not_found`;
  if (error.code === 'INVALID_ARGUMENT') return 'invalid_request';
  return error.code.toLowerCase();
}

export function restErrorBody(error: QuarryError): { error: string; message: string; code: string } {
  return { error: errorSlug(error), message: error.message, code: error.code };
}

/** JSON-RPC error codes for transport-level failures of the MCP endpoint. */
export const JSON_RPC = { parseError: -32700, invalidRequest: -32600, methodNotFound: -32601, serverError: -32000 } as const;

export function jsonRpcErrorBody(code: number, text: string): { jsonrpc: '2.0'; id: null; error: { code: number; message: string } } {
  return { jsonrpc: '2.0', id: null, error: { code, message: text } };
}

export function jsonRpcCodeFor(error: QuarryError): number {
  if (error.details.malformed_json) return JSON_RPC.parseError;
  if (error.code === 'INVALID_ARGUMENT') return JSON_RPC.invalidRequest;
  if (error.code === 'UNKNOWN_TOOL') return JSON_RPC.methodNotFound;
  return JSON_RPC.serverError;
}
