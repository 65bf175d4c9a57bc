/**
 * @module bench/fuzz/inputs
 * One fast-check arbitrary for a whole fuzz input: which door, which tool
 * (every tool of `tools/list`, plus unknown and hostile names) and what
 * arguments; also REST search bodies, uploads, project folders and raw
 * bodies (malformed JSON, deep nesting, number literals JSON cannot hold,
 * JSON-RPC batches, wrong media types, encoded path parameters).
 */
import fc from 'fast-check';
import type { FuzzInput } from './doors.js';
import { anyValue, deepJson, ftsText, hostileNumber, nastyText, pathText, phraseText, queryText, type TreeTargets } from './hostile-values.js';
import { toolArguments, type ToolSpec } from './tool-arguments.js';

export type Door = FuzzInput['door'];

export const DEFAULT_DOOR_WEIGHTS: Record<Exclude<Door, 'cli'>, number> = {
  'mcp-http': 34, 'rest-tool': 28, 'rest-search': 12, 'mcp-stdio': 12, raw: 7, upload: 5, project: 1,
};

function toolCall(tools: readonly ToolSpec[], targets: TreeTargets): fc.Arbitrary<{ tool: string; args: unknown }> {
  const known = tools.map((tool) => toolArguments(tool, targets).map((args) => ({ tool: tool.name, args })));
  const unknownName = fc.tuple(fc.constantFrom('no_such_tool', '', '../search_code', 'search_code\u0000', 'SEARCH_CODE', '__proto__', 'x'.repeat(5000), 'search_code/../list_files', '%2e%2e'), anyValue)
    .map(([tool, args]) => ({ tool, args }));
  return fc.oneof({ arbitrary: fc.oneof(...known), weight: 40 }, { arbitrary: unknownName, weight: 1 });
}

function searchBody(targets: TreeTargets): fc.Arbitrary<unknown> {
  const filters = fc.record({
    file_types: fc.array(fc.oneof(fc.constantFrom('.js', 'ts', '.TXT', '', '.', '*', '..'), nastyText), { maxLength: 4 }),
    paths: fc.array(fc.oneof(pathText(targets), fc.constantFrom('*', '[', '[!a-', '**', 'hostile/*', '?'.repeat(500))), { maxLength: 4 }),
    source_type: fc.oneof(fc.constantFrom('file', 'conversation_message', 'FILE', ''), anyValue),
    exclude_conversations: fc.oneof(fc.boolean(), anyValue),
    unknown_key: anyValue,
  }, { requiredKeys: [] });
  const body = fc.record({
    query: fc.oneof({ arbitrary: queryText(targets), weight: 5 }, { arbitrary: ftsText, weight: 3 }, { arbitrary: phraseText, weight: 2 }, { arbitrary: anyValue, weight: 1 }),
    filters: fc.oneof({ arbitrary: filters, weight: 5 }, { arbitrary: anyValue, weight: 1 }),
    limit: fc.oneof(hostileNumber, anyValue),
    offset: fc.oneof(hostileNumber, anyValue),
  }, { requiredKeys: [] });
  return fc.oneof({ arbitrary: body, weight: 20 }, { arbitrary: anyValue, weight: 1 });
}

function uploadBody(targets: TreeTargets): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.record({ path: fc.oneof(pathText(targets), fc.constantFrom('notes/a.md', 'x.ts', 'up/ünï.txt')), content: fc.oneof(nastyText, ftsText, phraseText, fc.integer({ min: 1000, max: 400_000 }).map((n) => 'z=1;'.repeat(n / 4))) }, { requiredKeys: [] }), weight: 10 },
    { arbitrary: fc.record({ path: anyValue, content: anyValue, extra: anyValue }, { requiredKeys: [] }), weight: 1 },
  );
}

function projectBody(targets: TreeTargets): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.record({ name: fc.oneof(nastyText, fc.constant('fuzz')), folder: pathText(targets) }, { requiredKeys: ['folder'] }), weight: 10 },
    { arbitrary: fc.record({ name: anyValue, folder: anyValue }, { requiredKeys: [] }), weight: 1 },
  );
}

function rawInput(tools: readonly ToolSpec[]): fc.Arbitrary<FuzzInput> {
  const toolName = fc.constantFrom(...tools.map((t) => t.name));
  const mcpPath = fc.constantFrom('/mcp', '/api/mcp');
  const bodies = fc.oneof(
    fc.constantFrom('{"jsonrpc": "2.0", ', '{', '', 'null', '[]', '"x"', '1e999', '{"jsonrpc":"2.0","id":1}', '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}', '{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}',
      '{"jsonrpc":"2.0","id":1,"method":"nope"}', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', '\u0000', '\ufeff{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
    fc.integer({ min: 100, max: 200_000 }).map((n) => '['.repeat(n)),
    fc.integer({ min: 100, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.tuple(toolName, fc.constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0x10', '1_000', 'NaN', 'Infinity'))
      .map(([name, num]) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":{"query":"parse","roots":["."],"sukl_code":"113","max_results":${num},"limit":${num},"skip":${num}}}}`),
    fc.tuple(toolName, fc.integer({ min: 2, max: 150 })).map(([name, n]) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name, arguments: { query: 'parse', roots: ['.'], sukl_code: '113' } } })))),
    fc.tuple(toolName, deepJson).map(([name, deep]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: deep } })),
    fc.constant('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_code","arguments":{"query":"a","query":"b","__proto__":{"polluted":true}}}}'),
  );
  const mcp = fc.record({ method: fc.constant('POST'), path: mcpPath, body: bodies, contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x') });
  const restPaths = fc.constantFrom(
    '/api/tools/search_code', '/api/projects/proj_default/search', '/api/projects/..%2f..%2fetc/search', '/api/projects/%00/search', '/api/tools/..%2Fsearch_code',
    '/api/projects/proj_default/conversations', '/api/projects/proj_default/conversations/..%2F/messages', '/api/projects/proj_default/conversations/conv_1/messages',
    '/api/projects/proj_default/files', '/api/projects', `/api/projects/${'x'.repeat(3000)}/search`, '/healthz', '/api/openapi.json', '/api/conversations', '/api/tools',
  );
  const rest = fc.record({
    method: fc.constantFrom('POST', 'POST', 'GET', 'DELETE', 'PUT'),
    path: restPaths,
    body: fc.oneof(bodies, anyValue.map((v) => JSON.stringify(v) ?? 'null'), fc.record({ speaker: anyValue, content: anyValue, round_number: hostileNumber, title: anyValue }, { requiredKeys: [] }).map((v) => JSON.stringify(v))),
    contentType: fc.constantFrom('application/json', 'text/plain'),
  });
  return fc.oneof(mcp, rest).map((r) => ({ door: 'raw' as const, ...r }));
}

/** The arbitrary of one input, over every tool of the registry as `tools/list` published it. */
export function fuzzInput(tools: readonly ToolSpec[], targets: TreeTargets, weights: Partial<Record<Door, number>> = DEFAULT_DOOR_WEIGHTS): fc.Arbitrary<FuzzInput> {
  const call = toolCall(tools, targets);
  const w = (door: Door) => weights[door] ?? 0;
  const options: { arbitrary: fc.Arbitrary<FuzzInput>; weight: number }[] = [
    { arbitrary: call.map(({ tool, args }) => ({ door: 'mcp-http' as const, tool, args })), weight: w('mcp-http') },
    { arbitrary: call.map(({ tool, args }) => ({ door: 'rest-tool' as const, tool, args })), weight: w('rest-tool') },
    // The SDK client only sends object arguments; other shapes go over HTTP.
    { arbitrary: call.filter(({ args }) => typeof args === 'object' && args !== null && !Array.isArray(args)).map(({ tool, args }) => ({ door: 'mcp-stdio' as const, tool, args })), weight: w('mcp-stdio') },
    { arbitrary: call.map(({ tool, args }) => ({ door: 'cli' as const, tool, args })), weight: w('cli') },
    { arbitrary: fc.tuple(fc.constantFrom('proj_default', 'proj_default', 'proj_default', 'nope', '../proj_default', 'proj_default\u0000', ''), searchBody(targets)).map(([project, body]) => ({ door: 'rest-search' as const, project, body })), weight: w('rest-search') },
    { arbitrary: uploadBody(targets).map((body) => ({ door: 'upload' as const, body })), weight: w('upload') },
    { arbitrary: projectBody(targets).map((body) => ({ door: 'project' as const, body })), weight: w('project') },
    { arbitrary: rawInput(tools), weight: w('raw') },
  ];
  return fc.oneof(...options.filter((o) => o.weight > 0));
}

/** The same call as a `quarry call` input (the CLI door is sampled: spawning is slow). */
export function asCli(input: FuzzInput): FuzzInput | null {
  if (input.door === 'mcp-http' || input.door === 'rest-tool' || input.door === 'mcp-stdio') return { door: 'cli', tool: input.tool, args: input.args };
  return null;
}
