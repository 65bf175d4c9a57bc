/**
 * @module bench/token-eval
 * What a model reads of each tool's reply, in o200k tokens: the MCP text
 * content, as a real MCP client receives it from `quarry mcp`, beside the
 * JSON reply (structuredContent; before the compact rendering it was also
 * the text). Cases are fixed per kind of tree; search_code cases read 30
 * hits as an agent would: a page of 20, then 10 more through the cursor.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { o200kTokens } from '../src/test-support/o200k.js';

export interface TokenCase {
  tool: string;
  args: Record<string, unknown>;
  /** search_code: page sizes read in turn, each next page through `next_cursor`. */
  pages?: readonly number[];
}

export interface TokenRow {
  tool: string;
  args: Record<string, unknown>;
  /** Hits read (search_code items, matches or files shown), when the reply has a count. */
  hits: number | null;
  /** The JSON reply as text (what the model read before the compact rendering). */
  jsonTokens: number;
  /** The text content (what the model reads now). */
  textTokens: number;
}

export const TOKEN_TARGETS = {
  /** 30 search_code hits in ultra, as the model reads them. */
  ultra30: 800,
  compact30: 1500,
  /** search_content total_only. */
  count: 10,
} as const;

/** Thirty hits: a full page, then the next ten by cursor. */
export const THIRTY_HITS: readonly number[] = [20, 10];

const LEVELS = ['ultra', 'compact', 'full'] as const;

function searchCases(queries: readonly Record<string, unknown>[]): TokenCase[] {
  return queries.flatMap((q) => LEVELS.map((level) => ({ tool: 'search_code', args: { ...q, detail_level: level }, pages: THIRTY_HITS })));
}

/** search_structure at the two one-line levels, 30 matches a page. */
function structureCases(args: Record<string, unknown>): TokenCase[] {
  return (['ultra', 'compact'] as const).map((level) => ({ tool: 'search_structure', args: { ...args, detail_level: level, max_results: 30 } }));
}

function liveCases(query: string, extension: string, listRoot: string): TokenCase[] {
  const base = { roots: ['.'], query };
  return [
    { tool: 'search_content', args: { ...base, total_only: true } },
    { tool: 'search_content', args: { ...base, count_only_matches: true } },
    { tool: 'search_content', args: { ...base, summary_only: true } },
    { tool: 'search_content', args: { ...base, group_by_file: true, max_results: 30 } },
    { tool: 'search_content', args: { ...base, max_results: 30 } },
    { tool: 'find_and_grep', args: { roots: ['.'], extensions: [extension], query, summary_only: true } },
    { tool: 'list_files', args: { roots: [listRoot], limit: 100 } },
  ];
}

/** Case sets: `c` for C trees (/usr/include/linux, the committed fixture), `ts` for this repository. */
export const CASE_SETS: Record<'c' | 'ts', TokenCase[]> = {
  c: [
    ...searchCases([
      { query: 'socket buffer size', mode: 'text' },
      { query: 'sockaddr', mode: 'auto' },
      { query: 'sockaddr', mode: 'exact' },
      { query: 'SIOC[A-Z]+', mode: 'regex' },
    ]),
    ...liveCases('SIOC[A-Z]+', 'h', '.'),
    { tool: 'find_references', args: { symbol: 'linux/socket.h', kind: 'imports', max_results: 30 } },
    ...structureCases({ language: 'c', rule: { kind: 'field_declaration' } }),
    ...structureCases({ language: 'c', pattern: '$A << $B' }),
  ],
  ts: [
    ...searchCases([
      { query: 'token estimate', mode: 'text' },
      { query: 'estimateTokens', mode: 'auto' },
      { query: 'what calls estimateTokens', mode: 'auto' },
      { query: 'catalogueError(', mode: 'exact' },
      { query: 'RANKING\\.[a-zA-Z]+', mode: 'regex' },
    ]),
    ...liveCases('catalogueError\\(', 'ts', 'src/shape'),
    { tool: 'find_references', args: { symbol: 'estimateTokens', kind: 'all', max_results: 30 } },
    ...structureCases({ language: 'typescript', pattern: 'catalogueError($$$A)' }),
  ],
};

interface Reply {
  text: string;
  json: unknown;
}

async function call(client: Client, tool: string, args: Record<string, unknown>): Promise<Reply> {
  const result = await client.callTool({ name: tool, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  if (result.isError) throw new Error(`${tool} ${JSON.stringify(args)} failed: ${text}`);
  // A bare number (total_only) has no structuredContent: its text is its JSON. A build without structuredContent sent JSON as text.
  return { text, json: result.structuredContent ?? JSON.parse(text) };
}

function hitsOf(json: unknown): number | null {
  if (typeof json !== 'object' || json === null) return null;
  const reply = json as Record<string, unknown>;
  for (const key of ['items', 'matches', 'files', 'top_files', 'references']) {
    const value = reply[key];
    if (Array.isArray(value)) return key === 'files' && reply.format === 'group_by_file'
      ? (value as { matches: unknown[] }[]).reduce((n, f) => n + f.matches.length, 0) : value.length;
  }
  return null;
}

export async function measureCase(client: Client, c: TokenCase): Promise<TokenRow> {
  const row: TokenRow = { tool: c.tool, args: c.args, hits: null, jsonTokens: 0, textTokens: 0 };
  let cursor: string | undefined;
  for (const size of c.pages ?? [null]) {
    const args = size === null ? c.args : { ...c.args, max_results: size, ...(cursor ? { cursor } : {}) };
    const reply = await call(client, c.tool, args);
    row.jsonTokens += o200kTokens(JSON.stringify(reply.json));
    row.textTokens += o200kTokens(reply.text);
    const hits = hitsOf(reply.json);
    if (hits !== null) row.hits = (row.hits ?? 0) + hits;
    cursor = (reply.json as { next_cursor?: string | null }).next_cursor ?? undefined;
    if (!cursor) break;
  }
  return row;
}

export interface McpTarget {
  cli: string;
  root: string;
  index: string;
  /** More `quarry mcp` arguments (`--tools ...`, `--no-refresh`). */
  extraArgs?: readonly string[];
}

/** A real MCP client on `quarry mcp` over stdio; the index is refreshed at start, and the first search waits for it. */
export async function connectQuarry(target: McpTarget): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [target.cli, 'mcp', '--root', target.root, '--index', target.index, ...(target.extraArgs ?? [])], stderr: 'ignore',
  });
  const client = new Client({ name: 'quarry-eval-tokens', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface ToolListCost {
  /** The tool groups asked for (`--tools`), or null for the server's default. */
  groups: string | null;
  tools: number;
  tokens: number;
}

/**
 * What an agent's client reads of the tool definitions at the start of every
 * session, before any call: tools/list's tools (name, description, input
 * schema, ...) as JSON text, in o200k tokens.
 */
export async function toolListTokens(client: Client, groups: string | null = null): Promise<ToolListCost> {
  const { tools } = await client.listTools();
  return { groups, tools: tools.length, tokens: o200kTokens(JSON.stringify(tools)) };
}

export function toolListLine(cost: ToolListCost): string {
  return `tools/list ${cost.groups === null ? '(default groups)' : `--tools ${cost.groups}`}: ${cost.tools} tools, ${cost.tokens} o200k tokens`;
}

export async function measureAll(client: Client, cases: readonly TokenCase[]): Promise<TokenRow[]> {
  const rows: TokenRow[] = [];
  for (const c of cases) rows.push(await measureCase(client, c));
  return rows;
}

function argsText(row: TokenRow): string {
  const { roots: _roots, ...rest } = row.args;
  return Object.entries(rest).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ').replaceAll('|', '\\|');
}

export function markdownTable(rows: readonly TokenRow[]): string {
  const lines = [
    '| tool | arguments | hits | JSON tokens | text tokens | text ÷ JSON |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.tool} | ${argsText(r)} | ${r.hits ?? ''} | ${r.jsonTokens.toLocaleString('en')} | ${r.textTokens.toLocaleString('en')} | ${(r.textTokens / Math.max(1, r.jsonTokens)).toFixed(2)} |`),
  ];
  return lines.join('\n');
}

/** The issue's targets against the measured rows: the worst search_code case per level, and the count. */
export function targetLines(rows: readonly TokenRow[]): string[] {
  const worst = (level: string) => Math.max(0, ...rows.filter((r) => r.tool === 'search_code' && r.args.detail_level === level && r.hits === 30).map((r) => r.textTokens));
  const count = rows.find((r) => r.tool === 'search_content' && r.args.total_only === true)?.textTokens;
  const verdict = (value: number, max: number) => `${value.toLocaleString('en')} (target ≤ ${max.toLocaleString('en')}: ${value <= max ? 'met' : 'not met'})`;
  return [
    `30 search_code hits, ultra, worst query: ${verdict(worst('ultra'), TOKEN_TARGETS.ultra30)}`,
    `30 search_code hits, compact, worst query: ${verdict(worst('compact'), TOKEN_TARGETS.compact30)}`,
    ...(count === undefined ? [] : [`a count (search_content total_only): ${verdict(count, TOKEN_TARGETS.count)}`]),
  ];
}
