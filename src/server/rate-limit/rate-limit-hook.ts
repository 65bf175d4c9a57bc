/**
 * @module server/rate-limit/rate-limit-hook
 * A fastify hook that counts each request against its client's sliding
 * window and answers 429 with `Retry-After` when the window is full. The
 * body of the refusal belongs to the door (JSON-RPC for MCP, REST JSON).
 * As onRequest it counts one hit per request; as preHandler (after the body
 * is parsed) a rule's `cost` can count what the body holds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WindowDecision, WindowStore } from './window-store.js';

export interface RateLimitRule {
  /** Key prefix: windows of different rules never share counts. */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429 body, as a string so it goes out byte for byte. */
  body: (decision: WindowDecision) => string;
  /** Hits this request takes (default 1); read in a preHandler, where the body is parsed. */
  cost?: (request: FastifyRequest) => number;
}

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function rateLimitHook(store: WindowStore, rule: RateLimitRule, clientOf: (request: FastifyRequest) => string): RateLimitHook {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cost = rule.cost?.(request) ?? 1;
    const decision = await store.take(`${rule.name}:${clientOf(request)}`, rule.limit, rule.windowMs, undefined, cost);
    if (decision.allowed) return;
    await reply
      .code(429)
      .header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)))
      .type('application/json; charset=utf-8')
      .send(rule.body(decision));
  };
}
