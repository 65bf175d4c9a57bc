import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CLI } from '../src/test-support/cli.js';
import { o200kTokens } from '../src/test-support/o200k.js';
import { copyFixture } from '../src/test-support/temp-tree.js';
import { CASE_SETS, TOKEN_TARGETS, connectQuarry, markdownTable, measureCase, targetLines, type TokenRow } from './token-eval.js';

describe('token budget: what a model reads, on the committed kernel UAPI slice (o200k, real MCP client)', () => {
  let client: Client;
  const rows: TokenRow[] = [];

  beforeAll(async () => {
    const root = copyFixture('kernel-uapi');
    client = await connectQuarry({ cli: CLI, root, index: `${root}/.quarry/index.db` });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('counts tokens with the real o200k encoding', () => {
    // o200k_base reads these as 2 and 1 tokens; a character- or word-based estimate would not.
    expect(o200kTokens('hello world')).toBe(2);
    expect(o200kTokens('    ')).toBe(1);
  });

  const searches = CASE_SETS.c.filter((c) => c.tool === 'search_code' && c.args.detail_level !== 'full');

  it.each(searches.map((c) => [`${String(c.args.query)} (${String(c.args.mode)}, ${String(c.args.detail_level)})`, c] as const))(
    '30 hits of %s stay within the level\'s budget', async (_name, c) => {
      const row = await measureCase(client, c);
      rows.push(row);
      const budget = c.args.detail_level === 'ultra' ? TOKEN_TARGETS.ultra30 : TOKEN_TARGETS.compact30;
      if (row.hits === 30) expect(row.textTokens).toBeLessThanOrEqual(budget);
      // The JSON reply is what a model read before; the text must be far smaller.
      expect(row.textTokens).toBeLessThan(row.jsonTokens * 0.5);
    });

  it('most queries reach 30 hits on the fixture, so the budgets above were really checked', () => {
    expect(rows.filter((r) => r.hits === 30).length).toBeGreaterThanOrEqual(6);
  });

  it('search_structure\'s text is one line per match: 30 matches in a third of their JSON or less', async () => {
    for (const c of CASE_SETS.c.filter((k) => k.tool === 'search_structure' && k.args.rule !== undefined)) {
      const row = await measureCase(client, c);
      expect(row.hits).toBe(30);
      expect(row.textTokens).toBeLessThan(row.jsonTokens / 3);
      expect(row.textTokens).toBeLessThanOrEqual(c.args.detail_level === 'ultra' ? TOKEN_TARGETS.ultra30 : TOKEN_TARGETS.compact30);
    }
  });

  it('a count stays a handful of tokens', async () => {
    const count = CASE_SETS.c.find((c) => c.tool === 'search_content' && c.args.total_only === true)!;
    const row = await measureCase(client, count);
    rows.push(row);
    expect(row.textTokens).toBeLessThanOrEqual(TOKEN_TARGETS.count);
    expect(targetLines(rows).every((line) => line.endsWith(': met)'))).toBe(true);
    expect(markdownTable(rows).split('\n')).toHaveLength(rows.length + 2);
  });
});
