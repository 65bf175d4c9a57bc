/**
 * @module contracts/rest-api
 * The REST API's contracts, as zod schemas: the routes validate
 * requests with them and `/api/openapi.json` is generated from them, so the
 * published document cannot drift from what the server accepts.
 */
import { z } from 'zod';
import { noNul, pathGlob } from './bound-text.js';
import { PROJECTS, REST_SEARCH } from './limits.js';

export const SOURCE_TYPES = ['file', 'conversation_message'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const filterItem = z.string().min(1).max(REST_SEARCH.filterItemMaxChars);
/** File extensions and path globs are bound into the index query: checked first (contracts/bound-text). */
const fileTypeList = z.array(filterItem.superRefine(noNul('filters.file_types'))).max(REST_SEARCH.filterMaxItems);
const pathGlobList = z.array(filterItem.superRefine(pathGlob('filters.paths'))).max(REST_SEARCH.filterMaxItems);

export const searchRequest = z.strictObject({
  query: z.string().trim().min(1).max(REST_SEARCH.queryMaxChars)
    .describe('Words to find, ranked by BM25; "quoted phrases" must occur as written. FTS5 operators in the text are plain words.'),
  filters: z.strictObject({
    file_types: fileTypeList.optional().describe('File extensions, e.g. [".md", ".js"] (the dot is optional; case-insensitive).'),
    paths: pathGlobList.optional().describe('Path globs, e.g. ["docs/*"]: * and ? match any characters including "/", [abc] a set; case-sensitive.'),
    source_type: z.enum(SOURCE_TYPES).optional(),
    exclude_conversations: z.boolean().optional(),
  }).optional(),
  limit: z.number().int().min(REST_SEARCH.limit.min).optional()
    .describe(`Results per page (default ${REST_SEARCH.limit.default}; values above ${REST_SEARCH.limit.max} are clamped to it).`),
  offset: z.number().int().min(0).max(REST_SEARCH.offsetMax).optional(),
});
export type SearchRequest = z.infer<typeof searchRequest>;

export const searchResult = z.object({
  chunk_id: z.string(),
  source_type: z.enum(SOURCE_TYPES),
  source_id: z.string(),
  path: z.string().nullable().describe('File path; null for conversation messages.'),
  content: z.string(),
  highlighted: z.string().describe('content with query words wrapped in ** markers.'),
  location: z.object({ path: z.string().nullable(), start_line: z.number().int(), end_line: z.number().int() }),
  token_count: z.number().int(),
  relevance_score: z.number().describe('-bm25: positive, higher is better.'),
  conversation_id: z.string().optional(),
  round_number: z.number().int().optional(),
  speaker: z.string().optional(),
  repository: z.string().optional().describe('":uploads" for a file uploaded over the API (POST /api/projects/:id/files); absent for the project folder\'s own files.'),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({
  results: z.array(searchResult),
  query: z.string(),
  total_results: z.number().int().describe('Exact number of matching chunks.'),
  limit: z.number().int(),
  offset: z.number().int(),
  execution_time_ms: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const PROJECT_KINDS = ['default', 'folder', 'empty'] as const;

export const project = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROJECT_KINDS).describe('default: the served folder; folder: a folder on the server; empty: content only from uploads.'),
  folder: z.string().nullable(),
  created_at: z.string(),
  files: z.number().int().describe('Files indexed: from the folder and uploaded.'),
  messages: z.number().int().describe('Conversation messages indexed.'),
  chunks: z.number().int(),
  index_version: z.number().int(),
  languages: z.record(z.string(), z.number().int()).describe('Indexed files (not messages) per language, most first.'),
  repositories: z.record(z.string(), z.number().int()).describe('Indexed files (not messages) per repository (search_code\'s repository filter), most first.'),
});
export type Project = z.infer<typeof project>;

export const createProjectRequest = z.strictObject({
  name: z.string().trim().min(1).max(PROJECTS.nameMaxChars).optional(),
  folder: z.string().min(1).max(PROJECTS.pathMaxChars).optional()
    .describe('A folder on the server, inside an allowed root; omitted: an empty project.'),
});

export const projectList = z.object({ projects: z.array(project) });

export const putFileRequest = z.strictObject({
  path: z.string().min(1).max(PROJECTS.pathMaxChars).describe('Relative path, e.g. "docs/auth.md".'),
  content: z.string(),
});

export const putFileResponse = z.object({
  project_id: z.string(),
  source_id: z.string(),
  path: z.string(),
  language: z.string(),
  chunks: z.number().int(),
  token_count: z.number().int(),
  replaced: z.boolean().describe('true when an earlier version of the same path was replaced.'),
  index_version: z.number().int(),
});

export const conversation = z.object({
  id: z.string(),
  project_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  message_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

export const conversationList = z.object({ conversations: z.array(conversation) });

export const createConversationRequest = z.strictObject({
  title: z.string().trim().min(1).max(PROJECTS.nameMaxChars).optional(),
});

export const addMessageRequest = z.strictObject({
  speaker: z.string().trim().min(1).max(PROJECTS.speakerMaxChars).describe('Who spoke, e.g. "user" or "assistant".'),
  content: z.string().min(1),
  round_number: z.number().int().min(0).max(PROJECTS.roundNumberMax).optional()
    .describe('Defaults to one more than the conversation\'s last round.'),
});

export const addMessageResponse = z.object({
  project_id: z.string(),
  conversation_id: z.string(),
  source_id: z.string(),
  source_type: z.literal('conversation_message'),
  round_number: z.number().int(),
  speaker: z.string(),
  chunks: z.number().int(),
  index_version: z.number().int(),
});

export const errorResponse = z.object({
  error: z.string().describe('Stable slug, e.g. project_not_found, invalid_request, rate_limited.'),
  message: z.string(),
  code: z.string().describe('Quarry error code, e.g. NOT_FOUND.'),
});

export const healthResponse = z.object({
  ok: z.boolean(),
  version: z.string(),
  default_project: z.string(),
  index_version: z.number().int(),
  uptime_s: z.number(),
});

/** A query flag: "true" opts in, anything else (or absent) does not. */
const queryFlag = z.enum(['true', 'false']).optional();

export const fileContentQuery = z.strictObject({
  path: z.string().min(1).describe('File path relative to the served folder, e.g. "src/session.ts"; `..`, absolute paths outside it and symbolic links leading out are refused.'),
  hidden: queryFlag.describe('"true" shows a hidden file (a path with a segment starting with "."), as search_content\'s hidden does. Default false: such a path answers 404.'),
  no_ignore: queryFlag.describe('"true" shows a file the .gitignore/.ignore/.quarryignore rules leave out, as search_content\'s no_ignore does. Default false: such a path answers 404.'),
});

export const fileSymbol = z.object({
  name: z.string(),
  kind: z.string().describe('e.g. function, class, method.'),
  container: z.string().nullable().describe('Enclosing symbol, e.g. the class of a method.'),
  start_line: z.number().int(),
  end_line: z.number().int(),
});

export const fileContentResponse = z.object({
  path: z.string().describe('The path relative to the served folder, after resolving symbolic links.'),
  language: z.string().nullable().describe('Language of the indexed file; null when the index does not know the file.'),
  size: z.number().int().describe('Bytes.'),
  text: z.string().describe('The whole file, decoded as UTF-8.'),
  symbols: z.array(fileSymbol).describe('Outline of the file from the index.'),
  index_version: z.number().int(),
});

export const PROJECT_BUILD_STATES = ['indexing', 'ready', 'failed'] as const;

export const projectWithState = project.extend({
  state: z.enum(PROJECT_BUILD_STATES).describe('indexing: its index is being built; ready: searchable; failed: the build failed (code and message say why).'),
  code: z.string().optional().describe('Quarry error code of a failed build.'),
  message: z.string().optional().describe('The catalogue\'s words for a failed build.'),
});

export const exampleQueriesResponse = z.object({
  queries: z.array(z.string()).describe('Identifiers the served folder\'s index defines that the most files call, generic and very short names left out; empty while there is no index or call graph.'),
});

export const projectsEvent = z.object({
  projects: z.array(projectWithState),
}).describe('Data of one `event: projects` server-sent event: sent on connect and again whenever a project or its state changes.');
