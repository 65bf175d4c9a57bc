/**
 * @module server/routes/open-streams
 * The event streams a server holds open, by client key: each client may
 * hold a few at once (EVENT_STREAMS.openPerClient), and the server ends
 * them all before it closes, so a shutdown does not wait for clients that
 * would never hang up by themselves.
 */

export class OpenStreams {
  private readonly byClient = new Map<string, Set<() => void>>();

  constructor(readonly maxPerClient: number) {}

  /** Streams `client` holds open now. */
  count(client: string): number {
    return this.byClient.get(client)?.size ?? 0;
  }

  /**
   * Records a stream that `end` finishes; returns its release (to call when
   * the stream ended, whoever ended it), or null when the client is at its cap.
   */
  open(client: string, end: () => void): (() => void) | null {
    const open = this.byClient.get(client) ?? new Set<() => void>();
    if (open.size >= this.maxPerClient) return null;
    open.add(end);
    this.byClient.set(client, open);
    return () => {
      open.delete(end);
      if (open.size === 0 && this.byClient.get(client) === open) this.byClient.delete(client);
    };
  }

  /** Ends every stream (at shutdown). */
  endAll(): void {
    for (const open of [...this.byClient.values()]) for (const end of [...open]) end();
    this.byClient.clear();
  }
}
