/**
 * @module server/routes/caller-gone
 * An AbortSignal that fires when the HTTP client hangs up before its reply
 * is written, so the work done for it (an rg process, a search worker) is
 * stopped instead of left to run for nobody. `release` detaches the listener
 * once the handler is done.
 */
import type { FastifyReply } from 'fastify';

export function callerGone(reply: FastifyReply): { signal: AbortSignal; release: () => void } {
  const gone = new AbortController();
  const onClose = () => { if (!reply.raw.writableEnded) gone.abort(); };
  reply.raw.on('close', onClose);
  return { signal: gone.signal, release: () => reply.raw.off('close', onClose) };
}
