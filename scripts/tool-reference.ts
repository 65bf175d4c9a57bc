/**
 * @module scripts/tool-reference
 * Writes docs/tools.md, the tool reference, from the sources of truth: the
 * tool registry (every tool of every group), each tool's input schema as MCP
 * `tools/list` publishes it (server/mcp-server's toolJsonSchema, the function
 * the MCP and REST doors call), the caps of src/contracts/limits.ts with their
 * comments, the error codes with their HTTP statuses, and the message
 * catalogue with the locales each text has. Run after changing any of them:
 *   npm run docs:tools
 * (scripts/tool-reference.test.ts fails while the committed file is stale.)
 * The output is deterministic: registry and source order, catalogue keys
 * sorted, no dates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as LIMITS from '../src/contracts/limits.js';
import { LOCALES, localesOf, message, messageKeys } from '../src/contracts/messages/index.js';
import type { ErrorCode } from '../src/contracts/errors.js';
import { httpStatus } from '../src/server/http-errors.js';
import { toolJsonSchema } from '../src/server/mcp-server.js';
import { ALL_TOOLS, TOOL_GROUPS } from '../src/tools/registry.js';
import type { AnyTool, ToolGroup } from '../src/tools/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TOOL_REFERENCE_PATH = path.join(ROOT, 'docs', 'tools.md');
const CONTRACTS_DIR = path.join(ROOT, 'src', 'contracts');
/** limits.ts and the files of each door's limits it re-exports. */
const LIMITS_SOURCES = fs.readdirSync(CONTRACTS_DIR).filter((name) => name.endsWith('limits.ts')).sort().map((name) => path.join(CONTRACTS_DIR, name));
const ERRORS_SOURCE = path.join(ROOT, 'src', 'contracts', 'errors.ts');

/** What each group is for, shown above its tools. */
const GROUP_INTROS: Record<ToolGroup, string> = {
  code: 'Code tools search the project\'s index (`quarry index DIR` builds it; `quarry mcp` brings it up to date at start and `quarry serve` keeps it fresh). They answer in the door\'s locale.',
  live: 'Live tools search the file tree as it is now, with fd and ripgrep, fenced to the project root. They need `rg` and `fd` on the PATH and take a `locale` parameter.',
  medicines: 'Medicines tools read the Czech SÚKL registry once it is imported (`quarry medicines import`). They answer in Czech unless the door was given a locale.',
};

/** The limit groups (exports of src/contracts/limits.ts) whose caps the callers of each tool group meet. */
export const LIMIT_GROUPS: Record<ToolGroup | 'every', readonly (keyof typeof LIMITS)[]> = {
  every: ['TOOL_INPUT', 'TOOL_LIST', 'RATE_LIMIT'],
  code: ['SEARCH_CODE', 'CURSOR', 'SEARCH_DISPLAY', 'ENGINE', 'FIND_REFERENCES', 'LOCATE'],
  live: ['LIVE', 'ENCODING'],
  medicines: ['MEDICINES'],
};

/**
 * One example call per tool, shown as `quarry call` and REST; the test parses
 * each with its tool's schema, so an example cannot drift from the contract.
 */
export const EXAMPLES: Record<string, Record<string, unknown>> = {
  'search_code': { query: 'parse config', detail_level: 'ultra', max_results: 5 },
  'find_references': { symbol: 'parseConfig', kind: 'calls' },
  'search_structure': { pattern: 'kmalloc_array($N, $SIZE, $FLAGS)', language: 'c', max_results: 10 },
  'locate': { text: 'TypeError: config.port is undefined when starting the server with an empty config file' },
  'list_files': { roots: ['src'], extensions: ['ts'], changed_within: '2d' },
  'search_content': { query: 'TODO', roots: ['.'], count_only_matches: true },
  'find_and_grep': { roots: ['src'], extensions: ['ts'], query: 'fetch\\(', summary_only: true },
  'search-medicine': { query: 'ibuprofen', limit: 5 },
  'get-medicine-details': { sukl_code: '0000113' },
  'check-availability': { sukl_code: '113' },
  'find-pharmacies': { city: 'Praha', is_24h: true, limit: 5 },
  'get-atc-info': { atc_code: 'N02BE', include_medicines: true, medicines_limit: 5 },
  'get-reimbursement': { sukl_code: '113' },
  'get-pil-content': { sukl_code: '113', query: 'dávkování' },
  'get-spc-content': { sukl_code: '113', section: 4 },
  'batch-check-availability': { sukl_codes: ['113', '0000114'] },
};

interface JsonSchema {
  type?: string;
  description?: string;
  enum?: readonly unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
}

/** A tool as `tools/list` shows it. */
export interface ListedTool {
  name: string;
  title: string;
  group: ToolGroup;
  description: string;
  inputSchema: JsonSchema;
}

/** Every tool of every group, with the input schema the MCP door publishes. */
export function listedTools(tools: readonly AnyTool[] = ALL_TOOLS): ListedTool[] {
  return tools.map((tool) => ({ name: tool.name, title: tool.title, group: tool.group, description: tool.description, inputSchema: toolJsonSchema(tool) }));
}

/** Text shown as written: Markdown's emphasis, link and HTML characters escaped outside its `code` spans. */
function inline(text: string): string {
  return text.split(/(`[^`\n]*`)/).map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*<>[\]]/g, '\\$&'))).join('');
}

/** Text made safe for one cell of a Markdown table. */
function cell(text: string): string {
  return inline(text.replace(/\s*\n\s*/g, ' ')).replace(/\|/g, '\\|');
}

function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function typeOf(schema: JsonSchema): string {
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  return schema.type ?? 'any';
}

/** "1-400 characters", "at least 1 item", "0-20"; a bound of Number.MAX_SAFE_INTEGER is no bound. */
function range(min: number | undefined, max: number | undefined, unit: string): string | null {
  const of = (n: number) => (unit === '' ? `${n}` : `${n} ${unit}${n === 1 ? '' : 's'}`);
  const bounded = max !== undefined && max < Number.MAX_SAFE_INTEGER;
  if (min !== undefined && bounded) return min === max ? `exactly ${of(min)}` : `${min}-${of(max)}`;
  if (bounded) return `at most ${of(max)}`;
  if (min !== undefined) return `at least ${of(min)}`;
  return null;
}

/** The published constraints of one parameter: ranges, lengths, item counts, allowed values. */
function constraints(schema: JsonSchema): string[] {
  const found = [
    range(schema.minimum, schema.maximum, ''),
    range(schema.minLength, schema.maxLength, 'character'),
    range(schema.minItems, schema.maxItems, 'item'),
  ].filter((c): c is string => c !== null);
  if (schema.enum) found.push(`one of ${schema.enum.map((v) => code(String(v))).join(', ')}`);
  if (schema.items) found.push(...constraints(schema.items).map((c) => `each ${c}`));
  if (schema.default !== undefined) found.push(`default ${code(JSON.stringify(schema.default))}`);
  return found;
}

/**
 * What the table says of a parameter its tool publishes bare (find_and_grep's, or one its name
 * and schema explain): the description of the first tool of the same group that describes it.
 */
function parameterText(tool: ListedTool, name: string, schema: JsonSchema, tools: readonly ListedTool[]): string {
  if (schema.description) return schema.description;
  const other = tools.find((t) => t.group === tool.group && t !== tool && t.inputSchema.properties?.[name]?.description);
  return other ? `As in ${other.name}: ${other.inputSchema.properties![name]!.description!}` : '';
}

function parameterTable(tool: ListedTool, tools: readonly ListedTool[]): string[] {
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  if (properties.length === 0) return ['No parameters.'];
  const required = new Set(tool.inputSchema.required ?? []);
  return [
    '| Parameter | Type | Required | Range and values | Description |',
    '| --- | --- | --- | --- | --- |',
    ...properties.map(([name, schema]) =>
      `| ${code(name)} | ${typeOf(schema)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(constraints(schema).join('; ') || '-')} | ${cell(parameterText(tool, name, schema, tools))} |`),
  ];
}

function exampleBlock(tool: ListedTool): string[] {
  const example = EXAMPLES[tool.name];
  if (!example) throw new Error(`scripts/tool-reference.ts: no example call for ${tool.name}; add one to EXAMPLES`);
  const json = JSON.stringify(example);
  return [
    '```sh',
    `quarry call ${tool.name} '${json}'`,
    `curl -s -X POST http://127.0.0.1:${LIMITS.HTTP.defaultPort}/api/tools/${tool.name} -H 'content-type: application/json' -d '${json}'`,
    '```',
  ];
}

function toolSection(tool: ListedTool, tools: readonly ListedTool[]): string[] {
  return [
    `### ${tool.name}`,
    '',
    `**${tool.title}** (group \`${tool.group}\`)`,
    '',
    inline(tool.description),
    '',
    ...parameterTable(tool, tools),
    '',
    ...exampleBlock(tool),
    '',
  ];
}

/** A limit's value as a reader wants it: ranges spelled out, other objects as their fields. */
function limitValue(value: unknown): string {
  if (Array.isArray(value)) return code(JSON.stringify(value));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k} ${limitValue(v)}`).join(', ');
  }
  return code(typeof value === 'string' ? JSON.stringify(value) : String(value));
}

/** The doc comment just before a node, as one line of text. */
function docComment(source: ts.SourceFile, node: ts.Node): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges.filter((r) => source.text.startsWith('/**', r.pos)).at(-1);
  if (!last) return '';
  return source.text.slice(last.pos + 3, last.end - 2).split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim()).filter(Boolean).join(' ');
}

interface LimitDocs {
  group: string;
  properties: Map<string, string>;
}

/** The comments of every export of the limits files and of each of its top-level fields. */
function limitComments(): Map<string, LimitDocs> {
  const found = new Map<string, LimitDocs>();
  for (const file of LIMITS_SOURCES) addLimitComments(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true), found);
  return found;
}

function addLimitComments(source: ts.SourceFile, found: Map<string, LimitDocs>): void {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
      if (!ts.isIdentifier(declaration.name) || !init || !ts.isObjectLiteralExpression(init)) continue;
      const properties = new Map<string, string>();
      for (const property of init.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) properties.set(property.name.text, docComment(source, property));
      }
      found.set(declaration.name.text, { group: docComment(source, statement), properties });
    }
  }
}

function limitsSection(): string[] {
  const comments = limitComments();
  const lines: string[] = [];
  const headings: Record<keyof typeof LIMIT_GROUPS, string> = { every: 'Limits of every tool', code: 'Limits of the code tools', live: 'Limits of the live tools', medicines: 'Limits of the medicines tools' };
  for (const [scope, groups] of Object.entries(LIMIT_GROUPS) as [keyof typeof LIMIT_GROUPS, readonly (keyof typeof LIMITS)[]][]) {
    lines.push(`### ${headings[scope]}`, '');
    for (const group of groups) {
      const values = LIMITS[group] as Record<string, unknown> | undefined;
      const docs = comments.get(group);
      if (!values || !docs) throw new Error(`scripts/tool-reference.ts: src/contracts/*limits.ts has no ${group}`);
      lines.push(`**${code(group)}**${docs.group ? `: ${inline(docs.group)}` : ''}`, '', '| Limit | Value | Why |', '| --- | --- | --- |');
      for (const [name, value] of Object.entries(values)) {
        lines.push(`| ${code(name)} | ${cell(limitValue(value))} | ${cell(docs.properties.get(name) ?? '')} |`);
      }
      lines.push('');
    }
  }
  return lines;
}

/** The members of the ErrorCode union, in source order. */
function errorCodes(): ErrorCode[] {
  const source = ts.createSourceFile(ERRORS_SOURCE, fs.readFileSync(ERRORS_SOURCE, 'utf8'), ts.ScriptTarget.Latest, true);
  const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'ErrorCode');
  if (!alias || !ts.isUnionTypeNode(alias.type)) throw new Error('scripts/tool-reference.ts: src/contracts/errors.ts has no ErrorCode union');
  return alias.type.types.map((t) => {
    if (!ts.isLiteralTypeNode(t) || !ts.isStringLiteral(t.literal)) throw new Error('scripts/tool-reference.ts: ErrorCode holds a non-string member');
    return t.literal.text as ErrorCode;
  });
}

function errorsSection(): string[] {
  const keys = [...messageKeys()].sort();
  return [
    '### Error codes',
    '',
    'Every error carries one of these codes: in `code` of the MCP error result and of `quarry call`\'s error body, and as the HTTP status of REST.',
    '',
    '| Code | HTTP status |',
    '| --- | --- |',
    ...errorCodes().map((c) => `| ${code(c)} | ${httpStatus(c)} |`),
    '',
    '### Messages',
    '',
    `Every text an error or warning can carry, by catalogue key (src/contracts/messages/), with its English text and the locales it is written in (${LOCALES.join(', ')}); a locale without its own text answers in English. \`{name}\` is filled in from the call.`,
    '',
    '| Key | English | Locales |',
    '| --- | --- | --- |',
    ...keys.map((key) => `| ${code(key)} | ${cell(message(key))} | ${localesOf(key).join(', ')} |`),
    '',
  ];
}

/** The hand-written part: how a tool is called from each door, and in which language it answers. */
function intro(tools: readonly ListedTool[]): string[] {
  return [
    '# Tool reference',
    '',
    '<!-- Generated by `npm run docs:tools` (scripts/tool-reference.ts) from the tool registry, the input schemas MCP tools/list publishes, src/contracts/limits.ts and the message catalogue. Do not edit by hand: change the source and run `npm run docs:tools`; a test fails while this file is stale. -->',
    '',
    `Quarry serves ${tools.length} tools in ${TOOL_GROUPS.length} groups (${TOOL_GROUPS.map((g) => `\`${g}\``).join(', ')}). Every door calls the same tool with the same contract: the same parameters, limits, errors and log line.`,
    '',
    '## Calling a tool',
    '',
    '- **MCP over stdio**: `quarry mcp --root DIR` (what Claude Code, Claude Desktop, Cursor and VS Code start). `tools/list` shows the tools below with the input schemas of this page; `tools/call` takes `name` and `arguments`. The reply\'s text content is a compact rendering for the model to read; the whole JSON reply is its `structuredContent` (left out with `--no-structured-content` or `QUARRY_MCP_STRUCTURED_CONTENT=off`). A failed call is a result with `isError: true` whose text is `{"ok":false,"error":"<message>","code":"<CODE>"}`; an unknown tool is a JSON-RPC error (-32601).',
    '- **MCP over HTTP**: `quarry serve DIR` answers MCP (Streamable HTTP, stateless) at `POST /mcp` and `POST /api/mcp`.',
    `- **REST**: \`GET /api/tools\` lists the tools with their \`input_schema\`; \`POST /api/tools/NAME\` takes the arguments as the JSON body and answers the tool's JSON reply. A failure answers the code's HTTP status (below) with \`{"error":"<slug>","message":"<message>","code":"<CODE>"}\`. A server started with \`--token\` (or \`QUARRY_TOKEN\`) wants \`Authorization: Bearer TOKEN\`. Tool calls share the MCP window of ${LIMITS.RATE_LIMIT.mcpPerWindow} requests a minute per client.`,
    '- **CLI**: `quarry call TOOL \'JSON\'` (or the JSON on stdin) prints the JSON reply; `--text` prints what a model reads instead. It exits 0 on success and 1 when the tool reports an error, printing `{"ok":false,"error":...,"code":...}`.',
    '- **Which tools**: `quarry mcp --tools code,live` and `quarry serve --tools ...` serve a subset of the groups; all by default.',
    '',
    'Arguments are one JSON object. A `null` value means the parameter was not given; a parameter the tool does not know is refused with an error naming the ones it takes; a number out of its range is refused or, for most page sizes, limits and timeouts, clamped into it (the code and live tools say so in the reply\'s `warnings`).',
    '',
    '## Languages',
    '',
    `Error messages and warnings come in ${LOCALES.join(', ')} (English, Czech, Japanese). A call answers in:`,
    '',
    '1. the `locale` parameter, for the tools that have one (the live tools);',
    '2. else the door\'s locale: `--locale` of `quarry mcp`, `quarry serve` or `quarry call`, then the environment (`QUARRY_LOCALE`, `LC_ALL`, `LANG`; their first two letters), then English;',
    '3. the medicines tools answer in Czech unless the door was given a locale with `--locale` or `QUARRY_LOCALE`.',
    '',
    'The HTTP server does not read `Accept-Language`: it answers in the locale it was started with, or the `locale` parameter of a live tool. The MCP rate-limit refusal (HTTP 429) has one fixed text in every locale.',
    '',
  ];
}

/** The whole reference, as docs/tools.md holds it. */
export function renderToolReference(tools: readonly ListedTool[] = listedTools()): string {
  const lines = [...intro(tools), '## Tools', ''];
  lines.push('| Tool | Group | What it does |', '| --- | --- | --- |');
  for (const tool of tools) lines.push(`| [${tool.name}](#${tool.name}) | ${tool.group} | ${cell(tool.title)} |`);
  lines.push('');
  for (const group of TOOL_GROUPS) {
    const members = tools.filter((t) => t.group === group);
    if (members.length === 0) continue;
    lines.push(`## ${group[0]!.toUpperCase()}${group.slice(1)} tools`, '', GROUP_INTROS[group], '');
    for (const tool of members) lines.push(...toolSection(tool, tools));
  }
  lines.push('## Limits', '', 'The caps callers meet, from src/contracts/limits.ts, each with the reason written beside it. A parameter\'s range in the tables above comes from these. "The MCP contract", "the live-search contract", "the search_code contract", "the query-routing contract" and "the REST API contract" name the specifications the tools were built to; where a reason cites one, the figure is that specification\'s.', '');
  lines.push(...limitsSection());
  lines.push('## Errors', '');
  lines.push(...errorsSection());
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(TOOL_REFERENCE_PATH), { recursive: true });
  fs.writeFileSync(TOOL_REFERENCE_PATH, renderToolReference());
  process.stdout.write(`wrote ${path.relative(ROOT, TOOL_REFERENCE_PATH)}\n`);
}
