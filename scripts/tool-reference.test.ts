/**
 * docs/tools.md is generated (scripts/tool-reference.ts), so it must be what
 * the script writes today: a limit, a parameter or a message changed in
 * src/ without `npm run docs:tools` fails here. The tools and parameters are
 * also checked against what a real MCP client sees in `tools/list` from the
 * MCP door serving every group, and each example call against its schema.
 */
import fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, createMcpServer } from '../src/server/mcp-server.js';
import { makeTree } from '../src/test-support/temp-tree.js';
import { ToolContext } from '../src/tools/context.js';
import { findTool, parseToolInput } from '../src/tools/call-tool.js';
import { ALL_TOOLS, TOOL_GROUPS, toolsInGroups } from '../src/tools/registry.js';
import { silentToolLogger } from '../src/tools/tool-log.js';
import { EXAMPLES, listedTools, renderToolReference, TOOL_REFERENCE_PATH } from './tool-reference.js';

interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, unknown> };
}

let ctx: ToolContext;
let client: Client;
let mcpTools: McpTool[];
const committed = fs.existsSync(TOOL_REFERENCE_PATH) ? fs.readFileSync(TOOL_REFERENCE_PATH, 'utf8') : '';

/** The part of docs/tools.md under a tool's heading, up to the next heading of any tool or section. */
function sectionOf(name: string): string {
  const start = committed.indexOf(`\n### ${name}\n`);
  if (start < 0) return '';
  const next = committed.slice(start + 1).search(/\n#{2,3} /);
  return next < 0 ? committed.slice(start) : committed.slice(start, start + 1 + next);
}

beforeAll(async () => {
  ctx = new ToolContext({ root: makeTree({ 'a.txt': 'alpha\n' }), env: {} });
  const server = createMcpServer(ctx, toolsInGroups(TOOL_GROUPS), silentToolLogger);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectMcp(server, serverSide, 'en');
  client = new Client({ name: 'tool-reference-test', version: '1.0.0' });
  await client.connect(clientSide);
  mcpTools = (await client.listTools()).tools;
});

afterAll(async () => {
  await client?.close();
  ctx?.close();
});

describe('docs/tools.md, the generated tool reference', () => {
  it('is exactly what the script writes from the sources today', () => {
    expect(committed === renderToolReference(), 'docs/tools.md is stale: run npm run docs:tools and commit the result').toBe(true);
  });

  it('documents the tools and input schemas exactly as MCP tools/list publishes them, every group included', () => {
    expect(mcpTools.length).toBeGreaterThanOrEqual(15);
    expect(listedTools().map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })))
      .toEqual(mcpTools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })));
  });

  it('describes every tool and every input parameter that tools/list shows', () => {
    const missing: string[] = [];
    for (const tool of mcpTools) {
      const section = sectionOf(tool.name);
      if (!section) {
        missing.push(tool.name);
        continue;
      }
      for (const param of Object.keys(tool.inputSchema.properties ?? {})) {
        if (!section.includes(`\n| \`${param}\` |`)) missing.push(`${tool.name}.${param}`);
      }
    }
    expect(missing, 'not in docs/tools.md: run npm run docs:tools').toEqual([]);
  });

  it('shows one example call per tool, each accepted by its tool\'s schema', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(mcpTools.map((t) => t.name).sort());
    for (const [name, args] of Object.entries(EXAMPLES)) {
      const parsed = parseToolInput(findTool(name, ALL_TOOLS), args, 'en') as { warnings?: string[] };
      expect(parsed.warnings ?? [], name).toEqual([]);
    }
  });
});
