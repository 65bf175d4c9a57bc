/**
 * @module server/routes/web-routes
 * The web page for people: the Vite build in dist/web, served as
 * static files with a Content-Security-Policy that forbids inline script and
 * every foreign origin. Page paths all answer index.html (the page routes
 * itself); /assets/* answer the hashed bundle files. Every file is resolved
 * with realpath and must stay inside the build folder, so `..` or a symlink
 * cannot reach anything else. The page holds no data: it reads everything
 * through the documented REST/tool endpoints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogueError } from '../../contracts/errors.js';

/** dist/server/routes -> dist/web (the Vite outDir). */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** The paths the page routes itself; each answers index.html. */
export const WEB_PAGE_PATHS: ReadonlySet<string> = new Set(['/', '/file', '/folder', '/live', '/structure', '/projects', '/medicines']);

/** Same origin only, no inline script or style, no frames, no plugins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "font-src 'self'",
  "connect-src 'self'", "manifest-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'", "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json; charset=utf-8', '.ico': 'image/x-icon',
};

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Whether a GET path is the page's shell (HTML, scripts, styles): public like /healthz, as it carries no data. */
export function isWebShellPath(urlPath: string): boolean {
  return WEB_PAGE_PATHS.has(urlPath) || urlPath.startsWith('/assets/') || urlPath === '/favicon.svg';
}

/** Real path of `relative` inside the build folder, or null (missing, outside, or not a file). */
export function fenceWebFile(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(root);
    const lexical = path.resolve(realRoot, relative);
    if (!isInside(realRoot, lexical)) return null;
    real = fs.realpathSync(lexical);
  } catch {
    return null;
  }
  return isInside(realRoot, real) && fs.statSync(real).isFile() ? real : null;
}

export function registerWebRoutes(app: FastifyInstance, options: { root?: string } = {}): void {
  const root = options.root ?? WEB_DIST;
  const send = (reply: FastifyReply, file: string, immutable: boolean) => {
    reply.header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    // Asset names carry a content hash, so they never change; the HTML names them and must be fresh.
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.send(fs.createReadStream(file));
  };
  const notBuilt = () => catalogueError('NOT_FOUND', { key: 'web.not_built', params: { folder: root } }, 'en', { resource: 'web' });
  for (const page of WEB_PAGE_PATHS) {
    app.get(page, { config: { door: 'rest' } }, async (_request, reply) => {
      const file = fenceWebFile(root, 'index.html');
      if (!file) throw notBuilt();
      return send(reply, file, false);
    });
  }
  const asset = async (relative: string, reply: FastifyReply, immutable: boolean) => {
    const file = fenceWebFile(root, relative);
    if (!file) throw catalogueError('NOT_FOUND', { key: 'web.asset_not_found', params: { path: relative } }, 'en', { resource: 'web' });
    return send(reply, file, immutable);
  };
  app.get<{ Params: { '*': string } }>('/assets/*', { config: { door: 'rest' } }, async (request, reply) =>
    asset(path.posix.join('assets', request.params['*']), reply, true));
  app.get('/favicon.svg', { config: { door: 'rest' } }, async (_request, reply) => asset('favicon.svg', reply, false));
}
