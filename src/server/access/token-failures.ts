/**
 * @module server/access/token-failures
 * A rate-limit window of failed bearer-token checks per client, apart from
 * the windows of the routes: a guesser is slowed by its failures only, and
 * a client with the right token is never counted here. Once a client's
 * window is full, its requests are refused before the token is compared,
 * a right token included, until the oldest failure leaves the window; else
 * the answer to the right guess (200, not 429) would still give it away.
 *
 * "Is the window full?" is a take of zero hits with one less room: it
 * records nothing, and is refused exactly when `limit` failures are in the
 * window, with the time until the oldest leaves (both window stores).
 */
import type { FastifyRequest } from 'fastify';
import type { WindowStore } from '../rate-limit/window-store.js';

/** Key prefix: these windows never share counts with a route's. */
export const TOKEN_FAILURES_WINDOW = 'token-failures';

export class TokenFailures {
  constructor(
    private readonly store: WindowStore,
    private readonly clientOf: (request: FastifyRequest) => string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private key(request: FastifyRequest): string {
    return `${TOKEN_FAILURES_WINDOW}:${this.clientOf(request)}`;
  }

  /** Milliseconds until the client may try again, or null when its window has room. */
  async blockedFor(request: FastifyRequest): Promise<number | null> {
    const decision = await this.store.take(this.key(request), this.limit - 1, this.windowMs, undefined, 0);
    return decision.allowed ? null : decision.retryAfterMs;
  }

  /** Counts one failed check. */
  async record(request: FastifyRequest): Promise<void> {
    await this.store.take(this.key(request), this.limit, this.windowMs);
  }
}
