/**
 * @module server/mcp-cancelled
 * A JSON-RPC batch that cancels its own requests. The MCP server does not
 * answer a cancelled request (the spec says it should not), while the
 * stateless HTTP transport holds the POST open until every request of the
 * body has its answer, so `[tools/call id 7, notifications/cancelled 7]`
 * would wait for the socket's idle timeout. Such requests are taken out of
 * the body before it runs: they never start and get no answer, as the
 * client asked; the rest of the batch answers as usual, and a body left with
 * only notifications gets 202 at once.
 *
 * A cancel of a request in another POST needs nothing: each POST has a
 * server of its own, so there it refers to nothing and is a plain
 * notification.
 */

type Id = string | number;

interface Message { method?: unknown; id?: unknown; params?: unknown }

function cancelledId(message: Message): Id | null {
  if (message.method !== 'notifications/cancelled' || typeof message.params !== 'object' || message.params === null) return null;
  const id = (message.params as { requestId?: unknown }).requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function isRequest(message: Message): boolean {
  return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number');
}

/** The body without the requests it cancels itself (the same body when it cancels none). */
export function withoutSelfCancelled(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const messages = body.filter((m): m is Message => typeof m === 'object' && m !== null);
  const cancelled = new Set(messages.map(cancelledId).filter((id): id is Id => id !== null));
  if (cancelled.size === 0) return body;
  return body.filter((m) => !(typeof m === 'object' && m !== null && isRequest(m as Message) && cancelled.has((m as Message).id as Id)));
}
