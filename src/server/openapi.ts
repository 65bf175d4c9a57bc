/**
 * @module server/openapi
 * The OpenAPI 3.1 document of the REST API, generated from the same zod
 * contracts the routes parse with (and from the tool registry for
 * /api/tools/{name}), so it cannot drift from what the server accepts.
 * The access rules of server/access (Host/Origin checks, the optional
 * bearer token) are added to every operation at the end, in one place.
 */
import { EVENT_STREAMS, FILE_VIEW } from '../contracts/access-limits.js';
import { z } from 'zod';
import * as api from '../contracts/rest-api.js';
import type { AnyTool } from '../tools/types.js';
import { SERVER_INFO, toolJsonSchema } from './mcp-server.js';

type Json = Record<string, unknown>;

function schema(type: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

const jsonBody = (s: Json) => ({ required: true, content: { 'application/json': { schema: s } } });
const jsonReply = (description: string, s: Json) => ({ description, content: { 'application/json': { schema: s } } });
const error = (description: string) => jsonReply(description, { $ref: '#/components/schemas/Error' });
const projectId = { name: 'projectId', in: 'path', required: true, schema: { type: 'string' } };

/** Query parameters from a zod object, one OpenAPI parameter per property. */
function queryParameters(type: z.ZodObject): Json[] {
  const json = schema(type, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: 'query', required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Paths without the token check (server/access/access-hook's TOKEN_EXEMPT_PATHS). */
const TOKEN_EXEMPT = new Set(['/healthz']);

/** Adds the access hook's refusals to every operation: 403 (Host/Origin) everywhere, 401 and the bearer requirement where the token applies. */
function withAccessRules(paths: Json): void {
  for (const [path, item] of Object.entries(paths) as [string, Record<string, Json>][]) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as { responses: Json; security?: Json[] } | undefined;
      if (!op) continue;
      // The MCP door answers its refusals as JSON-RPC errors, the others with the REST error body.
      const refusal = (description: string) => (path === '/mcp' ? { description: `${description}: a JSON-RPC error` } : error(description));
      const own = (op.responses[403] as { description?: string } | undefined)?.description;
      op.responses[403] = refusal(`${own ? `${own}; or ` : ''}Host or Origin not allowed (DNS rebinding protection)`);
      if (TOKEN_EXEMPT.has(path)) {
        op.security = [];
      } else {
        op.responses[401] = { ...refusal('Missing or wrong bearer token (only when the server runs with --token)'), headers: { 'WWW-Authenticate': { schema: { type: 'string', example: 'Bearer realm="quarry"' } } } };
      }
    }
  }
}

export function openApiDocument(tools: readonly AnyTool[]): Json {
  const out = (type: z.ZodType) => schema(type, 'output');
  const input = (type: z.ZodType) => schema(type, 'input');
  const paths: Json = {
    '/healthz': { get: { summary: 'Liveness and the default project', responses: { 200: jsonReply('Healthy', out(api.healthResponse)) } } },
    '/api/projects': {
      get: { summary: 'List projects', responses: { 200: jsonReply('Projects', out(api.projectList)) } },
      post: {
        summary: 'Create a project from a folder inside the allowed roots, or empty',
        requestBody: jsonBody(input(api.createProjectRequest)),
        responses: { 201: jsonReply('Created (indexed)', out(api.project)), 400: error('Invalid body'), 403: error('Folder outside the allowed roots'), 404: error('Folder not found') },
      },
    },
    '/api/projects/{projectId}': {
      parameters: [projectId],
      get: { summary: 'Get a project', responses: { 200: jsonReply('Project', out(api.project)), 404: error('project_not_found') } },
      delete: { summary: 'Delete a project and its index', responses: { 204: { description: 'Deleted' }, 400: error('The default project'), 404: error('project_not_found') } },
    },
    '/api/projects/{projectId}/files': {
      parameters: [projectId],
      post: {
        summary: 'Store, chunk and index a file (replaces an earlier version of the same path)',
        requestBody: jsonBody(input(api.putFileRequest)),
        responses: { 200: jsonReply('Replaced', out(api.putFileResponse)), 201: jsonReply('Stored', out(api.putFileResponse)), 400: error('Invalid path or content'), 404: error('project_not_found'), 413: error('Too large') },
      },
    },
    '/api/projects/{projectId}/search': {
      parameters: [projectId],
      post: {
        summary: 'Full-text search (BM25) over the project\'s files and conversation messages',
        requestBody: jsonBody(input(api.searchRequest)),
        responses: { 200: jsonReply('Results', out(api.searchResponse)), 400: error('Invalid query or filters'), 404: error('project_not_found'), 429: error('Rate limited (Retry-After)') },
      },
    },
    '/api/conversations': { get: { summary: 'Conversations of every project, with their project_id', responses: { 200: jsonReply('Conversations', out(api.conversationList)) } } },
    '/api/projects/{projectId}/conversations': {
      parameters: [projectId],
      post: { summary: 'Start a conversation', requestBody: jsonBody(input(api.createConversationRequest)), responses: { 201: jsonReply('Created', out(api.conversation)), 404: error('project_not_found') } },
    },
    '/api/projects/{projectId}/conversations/{conversationId}/messages': {
      parameters: [projectId, { name: 'conversationId', in: 'path', required: true, schema: { type: 'string' } }],
      post: {
        summary: 'Add a message (indexed and searchable as source_type conversation_message)',
        requestBody: jsonBody(input(api.addMessageRequest)),
        responses: { 201: jsonReply('Added', out(api.addMessageResponse)), 404: error('project_not_found or conversation_not_found') },
      },
    },
    '/api/files/content': {
      get: {
        summary: 'One whole text file of the served folder with its language and symbol outline (the web page\'s file view)',
        parameters: queryParameters(api.fileContentQuery),
        responses: {
          200: jsonReply('The file', out(api.fileContentResponse)),
          400: error('No path, a folder, a binary file, or a file over the size limit'),
          403: error('Path outside the served folder (also through a symbolic link)'),
          404: error('No such file, or a hidden or ignored one asked without hidden=true / no_ignore=true'),
          429: error(`Too many file views from this client (a window of its own, ${FILE_VIEW.perWindow} a minute)`),
        },
      },
    },
    '/api/example-queries': {
      get: {
        summary: 'A few example queries from the served folder\'s index (the web page\'s home view): the names it defines that the most files call',
        responses: { 200: jsonReply('Example queries', out(api.exampleQueriesResponse)), 503: error('The served folder has no index yet (INDEX_MISSING)') },
      },
    },
    '/api/events/projects': {
      get: {
        summary: 'Server-sent events: the project list with each project\'s build state, on connect and whenever it changes',
        description: 'A text/event-stream of `event: projects` messages whose `data` is the JSON object below. The stream stays open until the client leaves or the server closes; EventSource cannot send headers, so with --token use fetch with an Authorization header.',
        responses: {
          200: { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' }, itemSchema: out(api.projectsEvent) } } },
          429: error(`Too many streams from this client: ${EVENT_STREAMS.openPerClient} open at once, or ${EVENT_STREAMS.perWindow} opened a minute`),
        },
      },
    },
    '/api/tools': { get: { summary: 'Tools of the registry with their input JSON Schemas', responses: { 200: { description: 'Tools' } } } },
  };
  for (const tool of tools) {
    paths[`/api/tools/${tool.name}`] = {
      post: {
        summary: tool.title, description: tool.description, requestBody: jsonBody(toolJsonSchema(tool)),
        responses: { 200: { description: 'The tool\'s result' }, 400: error('Invalid parameters'), 404: error('Not found') },
      },
    };
  }
  paths['/mcp'] = {
    post: {
      summary: 'MCP over Streamable HTTP (stateless, JSON replies); also at /api/mcp. 100 requests a minute per client.',
      responses: { 200: { description: 'JSON-RPC reply' }, 429: { description: 'Rate limited: JSON-RPC error -32000 (Retry-After)' } },
    },
  };
  withAccessRules(paths);
  return {
    openapi: '3.1.0',
    info: { title: 'Quarry', version: SERVER_INFO.version, description: 'Search server for AI agents: REST projects and search, tools, MCP.' },
    paths,
    // The token is optional (only with --token / QUARRY_TOKEN), hence the empty alternative.
    security: [{ bearer: [] }, {}],
    components: {
      schemas: { Error: out(api.errorResponse), ProjectsEvent: out(api.projectsEvent) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of `quarry serve --token` (or QUARRY_TOKEN), required when set; beyond loopback the server refuses to start without one.' } },
    },
  };
}
