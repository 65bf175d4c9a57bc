import path from 'node:path';
import { cp1250 } from '../test-support/medicines.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli, runCliJson } from '../test-support/cli.js';
import { callJson, connectStdio, type StdioSession } from '../test-support/mcp-client.js';
import { makeTree } from '../test-support/temp-tree.js';
import { MEDICINES_FIXTURES, SUKL_FIXTURES, sourceCounts } from '../test-support/medicines.js';

const SEED_TOOLS = [
  'search-medicine', 'get-medicine-details', 'check-availability', 'find-pharmacies', 'get-atc-info',
  'get-reimbursement', 'get-pil-content', 'get-spc-content', 'batch-check-availability',
];

describe('quarry medicines import + quarry call (the built CLI)', () => {
  it('imports into ROOT/.quarry/medicines.db and quarry call finds it', async () => {
    const root = makeTree();
    const imported = await runCli(['medicines', 'import', SUKL_FIXTURES, MEDICINES_FIXTURES, '--root', root]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(path.join(root, '.quarry', 'medicines.db'));
    expect(imported.stdout).toContain('Data set valid: 2026-01-01 to 2026-01-31');
    const forms = sourceCounts(SUKL_FIXTURES).get('dlp_formy.csv');
    expect(imported.stdout).toContain(`dlp_formy.csv: ${forms} rows -> dlp_formy\n`);
    expect(imported.stdout).toMatch(/dlp_formy\.csv: \d+ rows -> dlp_formy\n\s+unknown columns \(ignored\): NAZEV_LAT, JE_KONOPI, KOD_EDQM/);
    const found = await runCliJson(['call', 'search-medicine', '{"query":"paralen","limit":2}', '--root', root]);
    expect(found.code).toBe(0);
    expect(found.json).toMatchObject({ ok: true, total_count: 4, count: 2 });
  });

  it('an import error exits 2 and names the problem', async () => {
    const result = await runCli(['medicines', 'import', makeTree({ 'a.txt': 'x' }), '--root', makeTree()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No SÚKL data file recognised');
  });

  it('a tool without an imported registry answers the contract\'s error shape with how to import', async () => {
    const root = makeTree();
    const result = await runCliJson(['call', 'find-pharmacies', '{"city":"Plzen"}', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.json).toMatchObject({ ok: false, code: 'INDEX_MISSING' });
    expect(result.json.error).toContain(`quarry medicines import DLP.zip LEKARNY.zip --root ${root}`);
  });

  it('a validation error through quarry call is the contract\'s message', async () => {
    const result = await runCliJson(['call', 'batch-check-availability', JSON.stringify({ sukl_codes: Array(51).fill('1') }), '--root', makeTree()]);
    expect(result.json).toEqual({ ok: false, error: 'Maximální počet kódů je 50.', code: 'INVALID_ARGUMENT' });
  });
});

describe('quarry mcp --tools medicines over stdio (official SDK client)', () => {
  let session: StdioSession;
  beforeAll(async () => {
    const root = makeTree();
    const imported = await runCli(['medicines', 'import', SUKL_FIXTURES, MEDICINES_FIXTURES, '--root', root]);
    expect(imported.code).toBe(0);
    session = await connectStdio(['--tools', 'medicines', '--no-refresh', '--root', root]);
  });
  afterAll(async () => { await session?.close(); });

  it('serves exactly the nine medicines tools of the MCP contract', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...SEED_TOOLS].sort());
    expect(tools.find((t) => t.name === 'search-medicine')?.inputSchema.required).toEqual(['query']);
  });

  it('answers search-medicine and get-medicine-details', async () => {
    const search = await callJson(session.client, 'search-medicine', { query: 'ibuprofen', limit: 3 });
    expect(search.isError).toBe(false);
    expect(search.body.total_count).toBe(71);
    const details = await callJson(session.client, 'get-medicine-details', { sukl_code: search.body.results[0].sukl_code.replace(/^0+/, '') });
    expect(details.body.sukl_code).toBe(search.body.results[0].sukl_code);
    // The form code is resolved to its name from dlp_formy (not echoed back, not null).
    expect(details.body.form.name).toMatch(/\p{L}{3}/u);
    expect(details.body.form.name).not.toBe(details.body.form.code);
  });

  it('returns the contract\'s error as an isError result and logs the call', async () => {
    const { isError, body } = await callJson(session.client, 'search-medicine', { query: 'x'.repeat(201) });
    expect(isError).toBe(true);
    expect(body).toEqual({ ok: false, error: 'Vyhledávací dotaz nesmí překročit 200 znaků.', code: 'INVALID_ARGUMENT' });
    // The log line travels over the child's stderr, which may arrive after the reply: wait for it.
    await vi.waitFor(() => {
      const line = session.stderr().split('\n').filter((l) => l.includes('"mcp_tool_call"')).map((l) => JSON.parse(l)).at(-1);
      expect(line).toMatchObject({ tool: 'search-medicine', status: 'error', error: 'Vyhledávací dotaz nesmí překročit 200 znaků.' });
    }, { timeout: 5000 });
  });
});

describe('a running MCP server and a later import', () => {
  it('says how to import, then answers from the import, then from a re-import, without a restart', async () => {
    const root = makeTree();
    const session = await connectStdio(['--tools', 'medicines', '--no-refresh', '--root', root]);
    try {
      const before = await callJson(session.client, 'search-medicine', { query: 'paralen' });
      expect(before.isError).toBe(true);
      expect(before.body.code).toBe('INDEX_MISSING');
      expect(before.body.error).toContain('quarry medicines import');

      expect((await runCli(['medicines', 'import', SUKL_FIXTURES, MEDICINES_FIXTURES, '--root', root])).code).toBe(0);
      const after = await callJson(session.client, 'search-medicine', { query: 'paralen' });
      expect(after.body.total_count).toBe(4);

      const update = makeTree({ 'dlp_lecivepripravky.csv': cp1250(['KOD_SUKL;NAZEV;DODAVKY', '0000042;PARALEN NOVINKA;A']) });
      expect((await runCli(['medicines', 'import', update, '--root', root])).code).toBe(0);
      const again = await callJson(session.client, 'search-medicine', { query: 'paralen novinka' });
      expect(again.body).toMatchObject({ total_count: 1, results: [{ sukl_code: '0000042', name: 'PARALEN NOVINKA' }] });
      const typo = await callJson(session.client, 'search-medicine', { query: 'novinkx' });
      expect(typo.body.results[0]?.name).toBe('PARALEN NOVINKA');
    } finally {
      await session.close();
    }
  });
});
