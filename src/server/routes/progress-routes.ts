/**
 * @module server/routes/progress-routes
 * `GET /api/events/projects`: server-sent events with the project list
 * (the same objects as `GET /api/projects`) plus each project's `state`
 * (indexing, ready, failed and the catalogue's words for the failure),
 * sent at once and again whenever it changes, so the web page can watch an
 * index build or an upload grow without polling. The stream ends when the
 * client goes or the server closes: every open stream is ended before the
 * server stops listening, so a shutdown does not wait out its grace period.
 *
 * A client opens at most EVENT_STREAMS.perWindow streams a minute and holds
 * at most EVENT_STREAMS.openPerClient at once; past either it gets 429 with
 * the catalogue's words, before the stream starts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENT_STREAMS } from '../../contracts/access-limits.js';
import { catalogueError, QuarryError } from '../../contracts/errors.js';
import { WEB } from '../../contracts/limits.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import type { ProjectHandle } from '../projects/project-registry.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';
import { OpenStreams } from './open-streams.js';

type BuildState = { state: 'indexing' } | { state: 'ready' } | { state: 'failed'; code: string; message: string };

/** Settled states of `ready` promises, learned once per handle. */
const states = new WeakMap<Promise<unknown>, BuildState>();

function stateOf(handle: ProjectHandle): BuildState {
  const known = states.get(handle.ready);
  if (known) return known;
  states.set(handle.ready, { state: 'indexing' });
  handle.ready.then(
    () => states.set(handle.ready, { state: 'ready' }),
    (error: unknown) => states.set(handle.ready, error instanceof QuarryError
      ? { state: 'failed', code: error.code, message: error.message }
      : { state: 'failed', code: 'INTERNAL', message: 'index build failed' }),
  );
  return { state: 'indexing' };
}

export function registerProgressRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const locale = options.toolContext.locale;
  const streams = new OpenStreams(EVENT_STREAMS.openPerClient);
  // Before the server stops listening: an open stream would hold its connection busy until the grace period ends.
  app.addHook('preClose', async () => streams.endAll());
  const limit = rateLimitHook(options.windowStore, {
    name: 'events', limit: EVENT_STREAMS.perWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(catalogueError('RATE_LIMITED', { key: 'access.streams_rate_limited', params: { seconds: Math.ceil(decision.retryAfterMs / 1000) } }, locale))),
  }, clientOf);

  app.get('/api/events/projects', { onRequest: limit, config: { door: 'rest' } }, async (request, reply) => {
    const out = reply.raw;
    const poll: { timer?: NodeJS.Timeout } = {};
    const end = () => { clearInterval(poll.timer); if (!out.writableEnded) out.end(); };
    const client = clientOf(request);
    const release = streams.open(client, end);
    if (!release) {
      throw catalogueError('RATE_LIMITED', { key: 'access.streams_open', params: { open: streams.count(client), max: streams.maxPerClient } }, locale);
    }
    // Whoever ends it (the client, the server, a shutdown), the stream stops its timer and leaves the count.
    out.on('close', () => { end(); release(); });
    reply.hijack();
    out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let last = '';
    let ticking = false;
    const tick = async () => {
      if (ticking) return; // a slow answer (the shared store) is not asked again before it arrives
      ticking = true;
      try {
        const projects = (await options.projects.list()).map((project) => {
          let state: BuildState = { state: 'ready' };
          try { state = stateOf(options.projects.get(project.id)); } catch { /* deleted between list and get: it leaves the next event */ }
          return { ...project, ...state };
        });
        const data = JSON.stringify({ projects });
        if (data !== last && !out.writableEnded) { last = data; out.write(`event: projects\ndata: ${data}\n\n`); }
      } catch {
        // The shared store did not answer: the next tick asks again, and the last event stands meanwhile.
      } finally {
        ticking = false;
      }
    };
    void tick();
    poll.timer = setInterval(() => void tick(), WEB.progressPollMs);
  });
}
