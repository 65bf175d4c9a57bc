import { describe, expect, it } from 'vitest';
import { MEDICINES } from './limits.js';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { errorBody, toQuarryError } from './errors.js';
import { makeTree } from '../test-support/temp-tree.js';

// Validation runs before any data is touched, so an empty root is enough:
// every rule must answer with the MCP contract's Czech message, byte for byte.
const ctx = new ToolContext({ root: makeTree(), env: {} });

async function failure(tool: string, args: unknown) {
  try {
    await callTool(tool, args, ctx);
  } catch (error) {
    return errorBody(toQuarryError(error));
  }
  throw new Error(`${tool} did not fail`);
}

const stringRule = (param: string) => `Parametr '${param}' musí být neprázdný řetězec.`;
const arrayRule = "Parametr 'sukl_codes' musí být neprázdné pole řetězců.";

describe('the MCP contract\'s medicines validation, message by message', () => {
  it.each([
    ['search-medicine', {}, stringRule('query')],
    ['search-medicine', { query: '' }, stringRule('query')],
    ['search-medicine', { query: '   ' }, stringRule('query')],
    ['search-medicine', { query: 42 }, stringRule('query')],
    ['search-medicine', { query: 'x'.repeat(MEDICINES.queryMaxChars + 1) }, 'Vyhledávací dotaz nesmí překročit 200 znaků.'],
    ...['get-medicine-details', 'check-availability', 'get-reimbursement', 'get-pil-content', 'get-spc-content'].flatMap((tool) => [
      [tool, {}, stringRule('sukl_code')],
      [tool, { sukl_code: '' }, stringRule('sukl_code')],
      [tool, { sukl_code: 113 }, stringRule('sukl_code')],
    ] as [string, unknown, string][]),
    ['find-pharmacies', { city: '' }, stringRule('city')],
    ['find-pharmacies', { city: '  ' }, stringRule('city')],
    ['find-pharmacies', { postal_code: '' }, stringRule('postal_code')],
    ['find-pharmacies', { postal_code: 11000 }, stringRule('postal_code')],
    ['get-atc-info', {}, stringRule('atc_code')],
    ['get-atc-info', { atc_code: ' ' }, stringRule('atc_code')],
    ['batch-check-availability', {}, arrayRule],
    ['batch-check-availability', { sukl_codes: [] }, arrayRule],
    ['batch-check-availability', { sukl_codes: '0000113' }, arrayRule],
    ['batch-check-availability', { sukl_codes: ['0000113', ''] }, arrayRule],
    ['batch-check-availability', { sukl_codes: ['0000113', 5] }, arrayRule],
    ['batch-check-availability', { sukl_codes: Array.from({ length: MEDICINES.batchMaxCodes + 1 }, (_, i) => String(i + 1)) }, 'Maximální počet kódů je 50.'],
  ] as [string, unknown, string][])('%s %j -> %s', async (tool, args, expected) => {
    expect(await failure(tool, args)).toEqual({ ok: false, error: expected, code: 'INVALID_ARGUMENT' });
  });

  it('accepts exactly 50 codes (the limit is inclusive) and then needs the data set', async () => {
    const body = await failure('batch-check-availability', { sukl_codes: Array.from({ length: MEDICINES.batchMaxCodes }, (_, i) => String(i + 1)) });
    expect(body.code).toBe('INDEX_MISSING');
  });

  it('answers in English when a locale is asked for', async () => {
    const english = new ToolContext({ root: makeTree(), locale: 'en', env: {} });
    await expect(callTool('get-atc-info', {}, english)).rejects.toThrow("Parameter 'atc_code' must be a non-empty string.");
  });

  it('silently ignores a non-boolean is_24h and clamps limits instead of failing validation', async () => {
    // Both pass validation; the failure is only that nothing is imported.
    expect((await failure('find-pharmacies', { is_24h: 'yes' })).code).toBe('INDEX_MISSING');
    expect((await failure('search-medicine', { query: 'paralen', limit: 100_000 })).code).toBe('INDEX_MISSING');
    expect((await failure('get-atc-info', { atc_code: 'N02', medicines_limit: -5 })).code).toBe('INDEX_MISSING');
  });

  it('says how to import when the registry is missing', async () => {
    const body = await failure('search-medicine', { query: 'paralen' });
    expect(body.error).toContain('quarry medicines import');
    expect(body.error).toContain('Registr léčiv SÚKL není');
  });
});
