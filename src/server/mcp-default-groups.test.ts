/**
 * Which tools `quarry mcp` offers when `--tools` is not given, through the
 * official SDK client over stdio: the code and live tools always, the nine
 * medicine tools only where a SÚKL registry was imported under the root;
 * `--tools medicines` still serves them without one, and they say how to
 * import. The default tools/list is what every agent session pays for, and
 * stays within TOOL_LIST.defaultTokensMax o200k tokens (counted as eval:tokens counts it). A
 * registry imported while a server runs adds the group: a stdio session is
 * told (tools/list_changed), `quarry serve` lists it on the next request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_LIST } from '../contracts/limits.js';
import { importMedicines } from '../test-support/browser.js';
import { connectHttp, startServe } from '../test-support/http-server.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { o200kTokens } from '../test-support/o200k.js';
import { makeTree } from '../test-support/temp-tree.js';
import { toolsInGroups } from '../tools/registry.js';

const medicineNames = toolsInGroups(['medicines']).map((t) => t.name).sort();

describe('quarry mcp: the default tool groups', () => {
  let session: StdioSession | undefined;
  afterEach(async () => { await session?.close(); session = undefined; });
  const names = async () => (await session!.client.listTools()).tools.map((t) => t.name).sort();

  it('offers no medicine tools by default where no registry is imported, and costs fewer tokens', async () => {
    const root = makeTree({ 'src/a.ts': 'export const a = 1;\n' });
    session = await connectStdio(['--root', root, '--no-refresh']);
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(toolsInGroups(['code', 'live']).map((t) => t.name).sort());
    const withMedicines = await connectStdio(['--root', root, '--no-refresh', '--tools', 'code,live,medicines']);
    try {
      const all = (await withMedicines.client.listTools()).tools;
      // The nine definitions an agent no longer reads at every session start.
      expect(o200kTokens(JSON.stringify(all)) - o200kTokens(JSON.stringify(tools))).toBeGreaterThan(1000);
    } finally {
      await withMedicines.close();
    }
  });

  it('costs an agent at most TOOL_LIST.defaultTokensMax o200k tokens by default, every code and live tool described', async () => {
    session = await connectStdio(['--root', makeTree({ 'src/a.ts': 'export const a = 1;\n' }), '--no-refresh']);
    const { tools } = await session.client.listTools();
    const tokens = o200kTokens(JSON.stringify(tools));
    expect(tokens, `the default tools/list costs ${tokens} o200k tokens`).toBeLessThanOrEqual(TOOL_LIST.defaultTokensMax);
    // Within the budget by saying less, never by saying nothing: each tool still says what it is for.
    for (const tool of tools) expect(o200kTokens(tool.description ?? ''), tool.name).toBeGreaterThanOrEqual(20);
  });

  it('still serves them with --tools medicines, answering that the registry is not imported and how to import it', async () => {
    const root = makeTree({ 'src/a.ts': 'export const a = 1;\n' });
    session = await connectStdio(['--root', root, '--no-refresh', '--tools', 'medicines', '--locale', 'en']);
    expect(await names()).toEqual(medicineNames);
    const reply = await callJson(session.client, 'search-medicine', { query: 'paralen' });
    expect(reply.isError).toBe(true);
    expect(reply.body.code).toBe('INDEX_MISSING');
    expect(reply.body.error).toContain(`The SÚKL medicines registry is not imported under ${root}`);
    expect(reply.body.error).toContain(`quarry medicines import DLP.zip LEKARNY.zip --root ${root}`);
  });

  it('offers the medicine tools by default once a registry is imported under the root', async () => {
    const root = makeTree({ 'src/a.ts': 'export const a = 1;\n' });
    await importMedicines(root);
    session = await connectStdio(['--root', root, '--no-refresh']);
    expect(await names()).toEqual(toolsInGroups(['code', 'live', 'medicines']).map((t) => t.name).sort());
    expect((await callJson(session.client, 'search-medicine', { query: 'paralen' })).body.total_count).toBe(4);
  });

  it('tells a stdio session when a registry is imported while it lasts, and then serves the medicine tools', async () => {
    const root = makeTree({ 'src/a.ts': 'export const a = 1;\n' });
    session = await connectStdio(['--root', root, '--no-refresh']);
    expect(session.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(await names()).not.toContain('search-medicine');
    const changed = new Promise<void>((resolve) => session!.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    await importMedicines(root);
    await changed;
    expect(await names()).toEqual(toolsInGroups(['code', 'live', 'medicines']).map((t) => t.name).sort());
    expect((await callJson(session.client, 'search-medicine', { query: 'paralen' })).body.total_count).toBe(4);
  });

  it('quarry serve lists the medicine tools over REST and MCP once a registry is imported while it runs', async () => {
    const root = makeTree({ 'src/a.ts': 'export const a = 1;\n' });
    const server = await startServe(root, ['--refresh', 'off']);
    try {
      const restNames = async () => ((await (await fetch(`${server.url}/api/tools`)).json()) as { tools: { name: string }[] }).tools.map((t) => t.name);
      expect(await restNames()).not.toContain('search-medicine');
      await importMedicines(root);
      await expect.poll(restNames, { timeout: 5_000 }).toContain('search-medicine');
      const client = await connectHttp(`${server.url}/mcp`);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(medicineNames));
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });
});
