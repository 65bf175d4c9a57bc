/**
 * @module server/routes/project-routes
 * REST resources of the REST API contract other than search: projects, their files,
 * conversations and messages. The door finds the project (ProjectRegistry)
 * and sets statuses; validation and the work are the tool layer's
 * (tools/project-content), as for every other door. Failures leave as
 * QuarryErrors for the one error handler.
 * All of them share one per-client window (RATE_LIMIT.projectsPerWindow):
 * creating a project starts an index build and an upload indexes a file.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueError } from '../../contracts/errors.js';
import { HTTP } from '../../contracts/limits.js';
import { createProjectRequest } from '../../contracts/rest-api.js';
import { parseRequestBody } from '../../contracts/tool-input.js';
import { exampleQueries } from '../../tools/example-queries.js';
import { addConversationMessage, putProjectFile, startConversation } from '../../tools/project-content.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';

interface ProjectParams { projectId: string }
interface ConversationParams extends ProjectParams { conversationId: string }

export function registerProjectRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const { projects } = options;
  const limit = rateLimitHook(options.windowStore, {
    name: 'projects', limit: options.rateLimits.projectsPerWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(catalogueError('RATE_LIMITED', { key: 'http.projects_rate_limited', params: { seconds: Math.ceil(decision.retryAfterMs / 1000) } }, options.toolContext.locale))),
  }, clientOf);
  const rest = { onRequest: limit, config: { door: 'rest' as const } };

  app.get('/api/projects', rest, async () => ({ projects: await projects.list() }));

  // The served folder's example queries for the page's home view (tools/example-queries: cached, asked of a search worker).
  app.get('/api/example-queries', rest, async () => ({ queries: await exampleQueries(options.toolContext) }));

  app.post('/api/projects', rest, async (request, reply) => {
    const body = parseRequestBody(createProjectRequest, request.body, options.toolContext.locale);
    const { project, created } = await projects.create(body);
    reply.code(created ? 201 : 200); // 200: the folder already has this project
    return project;
  });

  app.get<{ Params: ProjectParams }>('/api/projects/:projectId', rest, async (request) => {
    const handle = projects.get(request.params.projectId);
    await handle.ready;
    return projects.describe(handle.meta.id);
  });

  app.delete<{ Params: ProjectParams }>('/api/projects/:projectId', rest, async (request, reply) => {
    await projects.delete(request.params.projectId);
    return reply.code(204).send();
  });

  app.post<{ Params: ProjectParams }>('/api/projects/:projectId/files',
    { ...rest, bodyLimit: HTTP.fileBodyLimitBytes },
    async (request, reply) => {
      const stored = await putProjectFile(projects.get(request.params.projectId), request.body, options.toolContext.locale);
      reply.code(stored.replaced ? 200 : 201);
      return stored;
    });

  app.get('/api/conversations', rest, async () => ({ conversations: projects.conversations() }));

  app.post<{ Params: ProjectParams }>('/api/projects/:projectId/conversations', rest, async (request, reply) => {
    const created = await startConversation(projects.get(request.params.projectId), request.body, options.toolContext.locale);
    reply.code(201);
    return created;
  });

  app.post<{ Params: ConversationParams }>('/api/projects/:projectId/conversations/:conversationId/messages',
    { ...rest, bodyLimit: HTTP.fileBodyLimitBytes },
    async (request, reply) => {
      const added = await addConversationMessage(projects.get(request.params.projectId), request.params.conversationId, request.body, options.toolContext.locale);
      reply.code(201);
      return added;
    });
}
