/**
 * @module server/rate-limit/failover-window-store
 * What a shared window does when its store (Redis) fails: fail open to this
 * server's own in-memory windows, with one warning line per outage and one
 * line when the shared store answers again. A Redis outage then costs the
 * rate limit its sharing (each server allows the full limit on its own),
 * never the service: failing closed would turn an outage of an auxiliary
 * store into every server answering 503. docs/deploy.md says why.
 *
 * After a failure, requests skip the shared store for a short while and one
 * request then tries it again, so a Redis that hangs delays one request per
 * period by its command timeout, not every request.
 */
import { RATE_LIMIT } from '../../contracts/limits.js';
import { MemoryWindowStore } from './memory-window-store.js';
import type { WindowDecision, WindowStore } from './window-store.js';

/** A store that can be shared, named for logs (its URL without the password). */
export interface SharedWindowStore extends WindowStore {
  readonly name: string;
  connect(): Promise<void>;
}

export type WindowStoreLog = (level: 'warn' | 'info', fields: Record<string, unknown>, msg: string) => void;

export class FailoverWindowStore implements WindowStore {
  /** Until when requests go straight to the fallback (0: the shared store is believed up). */
  private skipUntil = 0;
  private downSince: number | null = null;

  constructor(
    private readonly shared: SharedWindowStore,
    private readonly log: WindowStoreLog,
    private readonly fallback: WindowStore = new MemoryWindowStore(),
    private readonly retryAfterFailureMs: number = RATE_LIMIT.redisRetryAfterFailureMs,
  ) {}

  /** Connects the shared store; when it does not answer, starts on the fallback (logged) instead of refusing to serve. */
  async connect(): Promise<void> {
    try {
      await this.shared.connect();
    } catch (error) {
      this.failed(error);
    }
  }

  async take(key: string, limit: number, windowMs: number, now?: number, cost?: number): Promise<WindowDecision> {
    if (Date.now() >= this.skipUntil) {
      try {
        const decision = await this.shared.take(key, limit, windowMs, now, cost);
        this.recovered();
        return decision;
      } catch (error) {
        this.failed(error);
      }
    }
    return this.fallback.take(key, limit, windowMs, now, cost);
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.fallback.close()]);
  }

  private failed(error: unknown): void {
    this.skipUntil = Date.now() + this.retryAfterFailureMs;
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log('warn', { event: 'rate_store_unavailable', store: this.shared.name, reason: reasonOf(error) },
      'rate-limit store unavailable: each server now counts its own windows (fail open) until it answers again');
  }

  private recovered(): void {
    this.skipUntil = 0;
    if (this.downSince === null) return;
    this.log('info', { event: 'rate_store_recovered', store: this.shared.name, down_ms: Date.now() - this.downSince },
      'rate-limit store answers again: windows are shared again');
    this.downSince = null;
  }
}

/** The underlying failure (a QuarryError wraps the driver's), for the server log only. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as NodeJS.ErrnoException).code;
  return code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
}
