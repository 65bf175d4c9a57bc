/**
 * @module server/routes/project-routes
 * REST resources of seed 003 other than search: projects, their files,
 * conversations and messages. Bodies are parsed with the zod contracts of
 * contracts/rest-api; failures leave as QuarryErrors for the one error handler.
 * All of them share one per-client window (RATE_LIMIT.projectsPerWindow):
 * creating a project starts an index build and an upload indexes a file.
 */
import { loadParsers } from '../../ingest/symbols/parsers.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QuarryError } from '../../contracts/errors.js';
import { HTTP } from '../../contracts/limits.js';
import { message } from '../../contracts/messages/index.js';
import {
  addMessageRequest, createConversationRequest, createProjectRequest, putFileRequest,
} from '../../contracts/rest-api.js';
import { addMessage, putFile } from '../../ingest/put-content.js';
import { createConversation, getConversation } from '../../store/content-store.js';
import type { AppOptions } from '../app-options.js';
import { restErrorBody } from '../http-errors.js';
import { rateLimitHook } from '../rate-limit/rate-limit-hook.js';

interface ProjectParams { projectId: string }
interface ConversationParams extends ProjectParams { conversationId: string }

export function registerProjectRoutes(app: FastifyInstance, options: AppOptions, clientOf: (r: FastifyRequest) => string): void {
  const { projects } = options;
  const limit = rateLimitHook(options.windowStore, {
    name: 'projects', limit: options.rateLimits.projectsPerWindow, windowMs: options.rateLimits.windowMs,
    body: (decision) => JSON.stringify(restErrorBody(new QuarryError('RATE_LIMITED',
      message('http.projects_rate_limited', { seconds: Math.ceil(decision.retryAfterMs / 1000) }, options.toolContext.locale)))),
  }, clientOf);
  const rest = { onRequest: limit, config: { door: 'rest' as const } };

  app.get('/api/projects', rest, async () => ({ projects: projects.list() }));

  app.post('/api/projects', rest, async (request, reply) => {
    const body = createProjectRequest.parse(request.body ?? {});
    reply.code(201);
    return projects.create(body);
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
      const handle = projects.get(request.params.projectId);
      const body = putFileRequest.parse(request.body ?? {});
      await handle.ready;
      const stored = putFile(handle.store, body.path, body.content, await loadParsers());
      reply.code(stored.replaced ? 200 : 201);
      return {
        project_id: handle.meta.id, source_id: `file_${stored.fileId}`, path: stored.path, language: stored.language,
        chunks: stored.chunks, token_count: stored.tokenCount, replaced: stored.replaced, index_version: stored.indexVersion,
      };
    });

  app.get('/api/conversations', rest, async () => ({ conversations: projects.conversations() }));

  app.post<{ Params: ProjectParams }>('/api/projects/:projectId/conversations', rest, async (request, reply) => {
    const handle = projects.get(request.params.projectId);
    const body = createConversationRequest.parse(request.body ?? {});
    const created = handle.store.transaction(() => createConversation(handle.store, body.title ?? 'Conversation'));
    reply.code(201);
    return { ...created, project_id: handle.meta.id };
  });

  app.post<{ Params: ConversationParams }>('/api/projects/:projectId/conversations/:conversationId/messages',
    { ...rest, bodyLimit: HTTP.fileBodyLimitBytes },
    async (request, reply) => {
      const handle = projects.get(request.params.projectId);
      const { conversationId } = request.params;
      if (!getConversation(handle.store, conversationId)) {
        throw new QuarryError('NOT_FOUND', message('conversation.not_found', { conversation: conversationId, project: handle.meta.id }), { resource: 'conversation' });
      }
      const body = addMessageRequest.parse(request.body ?? {});
      const added = addMessage(handle.store, { conversationId, speaker: body.speaker, content: body.content, roundNumber: body.round_number });
      reply.code(201);
      return {
        project_id: handle.meta.id, conversation_id: conversationId, source_id: `msg_${added.fileId}`,
        source_type: 'conversation_message' as const, round_number: added.roundNumber, speaker: body.speaker,
        chunks: added.chunks, index_version: added.indexVersion,
      };
    });
}
