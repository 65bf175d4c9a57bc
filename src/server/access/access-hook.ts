/**
 * @module server/access/access-hook
 * The first thing every request meets (an app-wide onRequest hook, so MCP,
 * REST, /healthz and unknown routes alike): the Host and Origin checks
 * against DNS rebinding, then the bearer token when one is set.
 *
 * /healthz is exempt from the token only: liveness probes carry no
 * credentials, and it returns no content (a version, an id, a counter).
 * CORS preflights (OPTIONS) are exempt from the token too: browsers never
 * send credentials on them, and they return no data.
 * Failed token checks count against a window of their own (token-failures):
 * past it the client gets 429 until its oldest failure ages out.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { catalogueError } from '../../contracts/errors.js';
import type { Locale } from '../../contracts/messages/index.js';
import type { BearerToken } from './bearer-token.js';
import type { HostAllowList } from './host-allow-list.js';
import type { TokenFailures } from './token-failures.js';
import { isWebShellPath } from '../routes/web-routes.js';

export interface AccessRules {
  hosts: HostAllowList;
  /** null: no token configured (only possible on loopback). */
  token: BearerToken | null;
  locale: Locale;
}

export const TOKEN_EXEMPT_PATHS: ReadonlySet<string> = new Set(['/healthz']);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function accessHook(rules: AccessRules, failures?: TokenFailures): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // The port the connection came in on: the listening port, also with --port 0.
    const port = request.socket.localPort ?? 0;
    const host = single(request.headers.host);
    if (!rules.hosts.hostAllowed(host, port)) {
      throw catalogueError('FORBIDDEN', { key: 'http.host_not_allowed', params: { host: host ?? '(none)', allowed: rules.hosts.describe() } }, rules.locale, { host });
    }
    const origin = single(request.headers.origin);
    if (!rules.hosts.originAllowed(origin, port)) {
      throw catalogueError('FORBIDDEN', { key: 'http.origin_not_allowed', params: { origin } }, rules.locale, { origin });
    }
    if (!rules.token || request.method === 'OPTIONS') return;
    const path = request.url.split('?', 1)[0]!;
    if (TOKEN_EXEMPT_PATHS.has(path)) return;
    // The web page's shell (HTML, scripts, styles) holds no data; it asks for the token and sends it on every API call.
    if (request.method === 'GET' && isWebShellPath(path)) return;
    const blockedMs = await failures?.blockedFor(request) ?? null;
    if (blockedMs !== null) {
      const seconds = Math.ceil(blockedMs / 1000);
      reply.header('retry-after', String(seconds));
      throw catalogueError('RATE_LIMITED', { key: 'access.token_failures', params: { seconds } }, rules.locale);
    }
    if (!rules.token.accepts(single(request.headers.authorization))) {
      await failures?.record(request);
      reply.header('www-authenticate', 'Bearer realm="quarry"');
      throw catalogueError('UNAUTHORIZED', { key: 'http.unauthorized', params: {} }, rules.locale);
    }
  };
}
