/**
 * @module server/routes/project-routes
 * REST resources of seed 003 other than search: projects, their files,
 * conversations and messages. Bodies are parsed with the zod contracts of
 * contracts/rest-api; failures leave as QuarryErrors for the one error handler.
 */
import { loadParsers } from '../../ingest/symbols/parsers.js';
import type { FastifyInstance } from 'fastify';
import { QuarryError } from '../../contracts/errors.js';
import { HTTP } from '../../contracts/limits.js';
import { message } from '../../contracts/messages/index.js';
import {
  addMessageRequest, createConversationRequest, createProjectRequest, putFileRequest,
} from '../../contracts/rest-api.js';
import { addMessage, putFile } from '../../ingest/put-content.js';
import { createConversation, getConversation } from '../../store/content-store.js';
import type { AppOptions } from '../app-options.js';

interface ProjectParams { projectId: string }
interface ConversationParams extends ProjectParams { conversationId: string }

export function registerProjectRoutes(app: FastifyInstance, options: AppOptions): void {
  const { projects } = options;
  const rest = { config: { door: 'rest' as const } };

  app.get('/api/projects', rest, async () => ({ projects: projects.list() }));

  app.post('/api/projects', rest, async (request, reply) => {
    const body = createProjectRequest.parse(request.body ?? {});
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
      const handle = projects.get(request.params.projectId);
      const body = putFileRequest.parse(request.body ?? {});
      await handle.ready;
      const stored = await putFile(handle.store, body.path, body.content, await loadParsers());
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
    const created = await createConversation(handle.store, body.title ?? 'Conversation');
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
      const added = await addMessage(handle.store, { conversationId, speaker: body.speaker, content: body.content, roundNumber: body.round_number });
      reply.code(201);
      return {
        project_id: handle.meta.id, conversation_id: conversationId, source_id: `msg_${added.fileId}`,
        source_type: 'conversation_message' as const, round_number: added.roundNumber, speaker: body.speaker,
        chunks: added.chunks, index_version: added.indexVersion,
      };
    });
}
