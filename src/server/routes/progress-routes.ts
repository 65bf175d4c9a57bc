/**
 * @module server/routes/progress-routes
 * `GET /api/events/projects`: server-sent events with the project list
 * (the same objects as `GET /api/projects`) plus each project's `state`
 * (indexing, ready, failed and the catalogue's words for the failure),
 * sent at once and again whenever it changes, so the web page can watch an
 * index build or an upload grow without polling. The stream ends when the
 * client goes or the server closes.
 */
import type { FastifyInstance } from 'fastify';
import { QuarryError } from '../../contracts/errors.js';
import { WEB } from '../../contracts/limits.js';
import type { AppOptions } from '../app-options.js';
import type { ProjectHandle } from '../projects/project-registry.js';

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

export function registerProgressRoutes(app: FastifyInstance, options: AppOptions): void {
  app.get('/api/events/projects', { config: { door: 'rest' } }, async (request, reply) => {
    reply.hijack();
    const out = reply.raw;
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
    const timer = setInterval(() => void tick(), WEB.progressPollMs);
    const stop = () => { clearInterval(timer); if (!out.writableEnded) out.end(); };
    request.raw.on('close', stop);
    app.addHook('onClose', async () => stop());
  });
}
